import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type BoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  label: ReactNode;
  /** The line under the label: a hint, or the error's message when `error` is set. */
  helperText?: ReactNode;
  error?: boolean;
  className?: string;
};

function Choice({ label, helperText, error, className, kind, ...input }: BoxProps & { kind: 'checkbox' | 'switch' }) {
  const fallback = useId();
  const id = input.id ?? input.name ?? fallback;
  const helperId = `${id}-help`;
  const described = [input['aria-describedby'], helperText ? helperId : undefined].filter(Boolean).join(' ');
  return (
    <div className={['choice', `choice-${kind}`, error && 'choice-error', className].filter(Boolean).join(' ')}>
      <label className="choice-label">
        <input
          {...input}
          id={id}
          type="checkbox"
          role={kind === 'switch' ? 'switch' : undefined}
          className={kind === 'switch' ? 'switch-input' : 'checkbox-input'}
          aria-describedby={described || undefined}
          aria-invalid={error || undefined}
        />
        <span className="choice-text">{label}</span>
      </label>
      {helperText && (
        <p className="choice-helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** A check box with its label beside it (the label is clickable) and an optional hint or error under it. */
export function Checkbox(props: BoxProps) {
  return <Choice {...props} kind="checkbox" />;
}

/** An on/off switch: a check box with the switch role, posted as "on" when on, as a check box is. */
export function Switch(props: BoxProps) {
  return <Choice {...props} kind="switch" />;
}
