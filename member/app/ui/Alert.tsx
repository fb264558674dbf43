import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

export type Severity = 'success' | 'info' | 'warning' | 'error';

const ICONS = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * A message in its severity's colours, with its icon and an optional action (a button or link at the
 * end of the line). role="alert" unless told otherwise: a standing prompt passes role="status".
 */
export function Alert({
  severity = 'info',
  variant = 'standard',
  action,
  className,
  children,
  role = 'alert',
  ...props
}: {
  severity?: Severity;
  variant?: 'standard' | 'filled';
  action?: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const SeverityIcon = ICONS[severity];
  return (
    <div
      {...props}
      role={role}
      className={cx('alert', `alert-${severity}`, variant === 'filled' && 'alert-filled', className)}
    >
      <span className="alert-icon">
        <SeverityIcon />
      </span>
      <div className="alert-message">{children}</div>
      {action && <div className="alert-action">{action}</div>}
    </div>
  );
}
