import { Link } from '@remix-run/react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface ButtonLook {
  /** contained: filled with the colour; outlined: a border; text (the default): only the label. */
  variant?: 'contained' | 'outlined' | 'text';
  /** primary (the default), secondary, or inherit (the colour of the text around it). */
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  className?: string;
}

/** The classes of a button's look, for an element that is not one of the components below. */
export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth,
  className,
}: ButtonLook) {
  return cx(
    'btn',
    `btn-${variant}`,
    color !== 'primary' && `btn-${color}`,
    size !== 'medium' && `btn-${size}`,
    fullWidth && 'btn-full',
    className,
  );
}

type Common = ButtonLook & { startIcon?: ReactNode; children?: ReactNode };

function Label({ startIcon, children }: { startIcon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {startIcon && (
        <span className="btn-icon" aria-hidden>
          {startIcon}
        </span>
      )}
      {children}
    </>
  );
}

/** A button (type="button" unless given): pass `type="submit"` inside a form. */
export function Button({
  variant,
  color,
  size,
  fullWidth,
  className,
  startIcon,
  children,
  type = 'button',
  ...props
}: Common & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>) {
  return (
    <button {...props} type={type} className={buttonClass({ variant, color, size, fullWidth, className })}>
      <Label startIcon={startIcon}>{children}</Label>
    </button>
  );
}

/** A link that looks like a button: `to` for a page of this site (client navigation), `href` for any other address. */
export function ButtonLink({
  variant,
  color,
  size,
  fullWidth,
  className,
  startIcon,
  children,
  to,
  href,
  ...props
}: Common &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'href'> &
  ({ to: string; href?: undefined } | { href: string; to?: undefined })) {
  const classes = buttonClass({ variant, color, size, fullWidth, className });
  const label = <Label startIcon={startIcon}>{children}</Label>;
  return to !== undefined ? (
    <Link {...props} to={to} className={classes}>
      {label}
    </Link>
  ) : (
    <a {...props} href={href} className={classes}>
      {label}
    </a>
  );
}
