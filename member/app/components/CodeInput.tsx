import { Box } from '@mui/material';
import { useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '~/i18n';

/**
 * One box per character of the code (the length comes from the API's setting). Letters are
 * upper-cased, a paste of exactly the code's length fills every box, and a full code submits
 * itself. Without JavaScript the boxes are plain inputs named `code` that the server joins.
 */
export function CodeInput({ length }: { length: number }) {
  const { t } = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const submitIfFull = () => {
    const values = boxes.current.map((b) => b?.value ?? '');
    if (values.every((v) => v.length === 1)) boxes.current[0]?.form?.requestSubmit();
  };

  const onInput = (i: number) => (e: FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    input.value = input.value.slice(-1).toUpperCase();
    if (input.value && i < length - 1) boxes.current[i + 1]?.focus();
    submitIfFull();
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !e.currentTarget.value && i > 0) boxes.current[i - 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').trim().toUpperCase();
    e.preventDefault();
    if (text.length !== length) return;
    text.split('').forEach((c, i) => {
      const box = boxes.current[i];
      if (box) box.value = c;
    });
    boxes.current[length - 1]?.focus();
    submitIfFull();
  };

  return (
    <Box
      dir="ltr"
      sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}
      role="group"
      aria-label={t('verify.code')}
    >
      {Array.from({ length }, (_, i) => (
        <Box
          key={i}
          component="input"
          ref={(el: HTMLInputElement | null) => {
            boxes.current[i] = el;
          }}
          name="code"
          aria-label={t('verify.digit', { n: i + 1 })}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          required
          autoFocus={i === 0}
          onInput={onInput(i)}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste}
          sx={{
            width: { xs: 40, sm: 48 },
            height: { xs: 48, sm: 56 },
            textAlign: 'center',
            fontSize: 24,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:focus': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        />
      ))}
    </Box>
  );
}
