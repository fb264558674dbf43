import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** What every form field shares: its label, the line of help or the error under it, its size. */
export interface FieldFrame {
  label?: ReactNode;
  /** The line under the field: a hint, or the message of an error when `error` is set. */
  helperText?: ReactNode;
  error?: boolean;
  size?: 'small' | 'medium';
  /** Classes of the field's outer box (its width in a row, a margin). */
  className?: string;
}

/** The ids a field's input is known by: its own, and its help line's (`<id>-helper-text`). */
export function useFieldIds(id: string | undefined, name: string | undefined) {
  const fallback = useId();
  const inputId = id ?? name ?? fallback;
  return { inputId, helperId: `${inputId}-helper-text` };
}

/** The attributes that tie an input to its help line and its error. */
export function describedBy(helperId: string, helperText: ReactNode, own?: string): { 'aria-describedby'?: string } {
  const ids = [own, helperText ? helperId : undefined].filter(Boolean).join(' ');
  return ids ? { 'aria-describedby': ids } : {};
}

/**
 * The frame of a field: the label on the field's border (as an outlined field draws it), the control
 * and the help or error line under it. `required` marks the label with an asterisk that screen readers
 * skip (the input's own `required` says it).
 */
export function Field({
  inputId,
  helperId,
  label,
  helperText,
  error,
  required,
  disabled,
  size,
  className,
  kind,
  children,
}: FieldFrame & {
  inputId: string;
  helperId: string;
  required?: boolean;
  disabled?: boolean;
  kind?: string;
  children: ReactNode;
}) {
  const classes = [
    'field',
    kind && `field-${kind}`,
    size === 'small' && 'field-small',
    error && 'field-error',
    disabled && 'field-disabled',
    className,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {label && (
        <label className="field-label" htmlFor={inputId}>
          {label}
          {required && (
            <span className="field-asterisk" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      <div className="field-control">{children}</div>
      {helperText && (
        <p className="field-helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { multiline?: false; end?: ReactNode };
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'size'> & { multiline: true; end?: undefined };

export type TextFieldProps = FieldFrame & (InputProps | AreaProps);

/** Input types HTML lets carry a placeholder (a date or time box shows its own pattern instead). */
const PLACEHOLDER_TYPES = new Set([undefined, 'text', 'search', 'url', 'tel', 'email', 'password', 'number']);
const takesPlaceholder = (type: string | undefined) => PLACEHOLDER_TYPES.has(type);

/**
 * A labelled text box (or a text area with `multiline`): the label names the input, the help line
 * describes it (`aria-describedby`) and an error marks it (`aria-invalid`). Every other attribute
 * (`name`, `type`, `dir="ltr"` for numbers, e-mail and phones, `inputMode`, `pattern`…) goes to the input.
 * `end` draws a control inside the box at its end (the password field's show button). The placeholder
 * is a space unless given: it lets the stylesheet show an empty box's label inside it.
 */
export function TextField(props: TextFieldProps) {
  const { label, helperText, error, size, className, end, ...rest } = props;
  const { inputId, helperId } = useFieldIds(rest.id, rest.name);
  const aria = {
    ...describedBy(helperId, helperText, rest['aria-describedby']),
    'aria-invalid': error || rest['aria-invalid'] || undefined,
  };
  let control: ReactNode;
  if (rest.multiline) {
    const { multiline: _m, ...area } = rest;
    control = <textarea rows={3} placeholder=" " {...area} {...aria} id={inputId} className="field-input" />;
  } else {
    const { multiline: _m, ...input } = rest;
    control = (
      <>
        <input
          placeholder={takesPlaceholder(input.type) ? ' ' : undefined}
          {...input}
          {...aria}
          id={inputId}
          className={end ? 'field-input field-input-end' : 'field-input'}
        />
        {end && <span className="field-end">{end}</span>}
      </>
    );
  }
  return (
    <Field
      inputId={inputId}
      helperId={helperId}
      label={label}
      helperText={helperText}
      error={error}
      required={rest.required}
      disabled={rest.disabled}
      size={size}
      className={className}
      kind={rest.multiline ? 'multiline' : undefined}
    >
      {control}
    </Field>
  );
}
