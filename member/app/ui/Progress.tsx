import type { HTMLAttributes } from 'react';
import { cx } from './cx';

/** A bar that says something is loading (indeterminate); its label names what for a screen reader. */
export function LinearProgress({ className, ...props }: HTMLAttributes<HTMLSpanElement> & { 'aria-label': string }) {
  return <span {...props} role="progressbar" className={cx('progress-linear', className)} />;
}

/** A spinning circle; `small` for inside a button (then usually aria-hidden, the button says it is busy). */
export function CircularProgress({
  small,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { small?: boolean }) {
  return (
    <span
      role={props['aria-hidden'] ? undefined : 'progressbar'}
      {...props}
      className={cx('progress-circular', small && 'progress-small', className)}
    />
  );
}
