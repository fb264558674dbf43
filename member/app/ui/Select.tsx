import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useT } from '~/i18n';
import { describedBy, Field, useFieldIds, type FieldFrame } from './TextField';

export interface SelectOption {
  id: string;
  name: string;
}

/**
 * A form's drop-down: the browser's own select, so it posts without JavaScript, opens the phone's
 * picker and reads right to left in Arabic. An empty first choice (`placeholder`, unless `noPlaceholder`)
 * leaves it unchosen;
 * `children` add options after `options` (a city list grouped by region).
 */
export function Select({
  options = [],
  placeholder = '',
  noPlaceholder,
  label,
  helperText,
  error,
  size,
  className,
  children,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'children'> & {
    name: string;
    options?: readonly SelectOption[];
    placeholder?: string;
    /** No empty first choice: one of the options is always chosen. */
    noPlaceholder?: boolean;
    children?: ReactNode;
  }) {
  const { inputId, helperId } = useFieldIds(props.id, props.name);
  const { t } = useT();
  return (
    <Field
      inputId={inputId}
      helperId={helperId}
      label={label}
      helperText={helperText}
      error={error}
      required={props.required}
      disabled={props.disabled}
      size={size}
      className={className}
      kind="select"
    >
      <select
        {...props}
        {...describedBy(helperId, helperText, props['aria-describedby'])}
        aria-invalid={error || undefined}
        id={inputId}
        className="field-input"
      >
        {/* An empty choice still needs a name (HTML: an option without a label must not be empty). */}
        {!noPlaceholder && (
          <option value="" label={placeholder || t('ui.none_chosen')}>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}
