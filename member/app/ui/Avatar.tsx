import { cx } from './cx';

/**
 * A member's picture in a circle, or the first letter of `name` when there is none. `alt` names the
 * picture for a screen reader ("" when the name is already written beside it).
 */
export function Avatar({
  src,
  name,
  alt,
  size = 'medium',
  color = 'default',
  className,
}: {
  src?: string | null;
  name: string;
  alt: string;
  size?: 'small' | 'medium' | 'large' | 'xlarge';
  color?: 'default' | 'secondary';
  className?: string;
}) {
  return (
    <span
      className={cx(
        'avatar',
        size !== 'medium' && `avatar-${size}`,
        color === 'secondary' && 'avatar-secondary',
        className,
      )}
      role={src || !alt ? undefined : 'img'}
      aria-label={src || !alt ? undefined : alt}
    >
      {src ? <img src={src} alt={alt} /> : <span aria-hidden>{name.slice(0, 1)}</span>}
    </span>
  );
}
