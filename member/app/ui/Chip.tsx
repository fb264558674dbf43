import { Link } from '@remix-run/react';
import { cx } from './cx';

export interface ChipProps {
  label: string;
  color?: 'default' | 'primary' | 'secondary' | 'success';
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  /** A chip that is a link (a filter): its address on this site. */
  to?: string;
  /** With `to`: marks the chip of the page that is showing. */
  current?: boolean;
  className?: string;
}

/** A short label in a pill: a status, a category, a skill; or a link when given `to`. */
export function Chip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
  to,
  current,
  className,
}: ChipProps) {
  const classes = cx(
    'chip',
    size === 'small' && 'chip-small',
    variant === 'outlined' && 'chip-outlined',
    color !== 'default' && `chip-${color}`,
    className,
  );
  return to !== undefined ? (
    <Link to={to} className={classes} aria-current={current ? 'page' : undefined}>
      {label}
    </Link>
  ) : (
    <span className={classes}>{label}</span>
  );
}
