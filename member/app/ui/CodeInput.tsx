import { useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '~/i18n';
import { codeFrom, toAsciiDigits } from '~/utils/digits';

/**
 * One box per digit of the code (the length comes from the API's setting). Arabic-Indic digits are
 * written as ASCII as they are typed; pasting the code, or the whole message it came in, fills every
 * box (as does the phone's one-time-code autofill), and a full code submits itself. Without
 * JavaScript the boxes are plain inputs named `code` that the server joins and writes in ASCII.
 */
export function CodeInput({ length }: { length: number }) {
  const { t } = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const submitIfFull = () => {
    const values = boxes.current.map((b) => b?.value ?? '');
    if (values.every((v) => v.length === 1)) boxes.current[0]?.form?.requestSubmit();
  };

  /** Fills every box from a whole code; false if the text holds none. */
  const fill = (text: string) => {
    const code = codeFrom(text, length);
    if (!code) return false;
    code.split('').forEach((c, i) => {
      const box = boxes.current[i];
      if (box) box.value = c;
    });
    boxes.current[length - 1]?.focus();
    submitIfFull();
    return true;
  };

  const onInput = (i: number) => (e: FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    // More than one character at once: an autofilled or dropped code.
    if (input.value.length > 1 && fill(input.value)) return;
    input.value = toAsciiDigits(input.value).replace(/\D/g, '').slice(-1);
    if (input.value && i < length - 1) boxes.current[i + 1]?.focus();
    submitIfFull();
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !e.currentTarget.value && i > 0) boxes.current[i - 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(e.clipboardData.getData('text'));
  };

  return (
    <div dir="ltr" className="code-input" role="group" aria-label={t('verify.code')}>
      {Array.from({ length }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="code-box"
          name="code"
          aria-label={t('verify.digit', { n: i + 1 })}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          // Room for a whole code in the first box (the phone's autofill puts it there); the others take one.
          maxLength={i === 0 ? 120 : 1}
          required
          autoFocus={i === 0}
          onInput={onInput(i)}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
