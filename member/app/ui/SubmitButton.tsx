import { useNavigation } from '@remix-run/react';
import { useEffect, useState, type ButtonHTMLAttributes } from 'react';
import { useT } from '~/i18n';
import { Button, type ButtonLook } from './Button';
import { CircularProgress } from './Progress';
import { cx } from './cx';

/**
 * A form's submit button that shows it is busy while the form it sent is pending: disabled,
 * aria-busy and a "Please wait…" label with a spinner. Only the button that was pressed (or the
 * default one, which Enter presses) turns busy; a form the browser refused to send leaves it as it was.
 * `danger` draws it in the error colour (a delete, a sign-out).
 */
export function SubmitButton({
  children,
  disabled,
  danger,
  className,
  ...props
}: ButtonLook & { danger?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'color'>) {
  const { t } = useT();
  const navigation = useNavigation();
  const [pressed, setPressed] = useState(false);
  const pending = navigation.state !== 'idle';
  useEffect(() => {
    if (!pending) setPressed(false);
  }, [pending]);
  const busy = pressed && pending;
  return (
    <Button
      {...props}
      className={cx(danger && 'btn-danger', className)}
      type="submit"
      // While a form is being sent, no second one: a double tap does not submit twice.
      disabled={disabled || busy || navigation.state === 'submitting'}
      aria-busy={busy}
      onClick={(e) => {
        props.onClick?.(e);
        // A form the browser refuses to send (a required field empty) leaves the button as it was.
        if (e.defaultPrevented || e.currentTarget.form?.checkValidity() === false) return;
        // Marked after the browser has sent the form, so the pressed button's name and value go with it.
        setTimeout(() => setPressed(true));
      }}
      startIcon={busy ? <CircularProgress small aria-hidden /> : undefined}
    >
      {busy ? t('ui.busy') : children}
    </Button>
  );
}
