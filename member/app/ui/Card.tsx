import type { HTMLAttributes } from 'react';
import { cx } from './cx';

type Tag = 'div' | 'article' | 'section' | 'li' | 'aside';

/** A white surface with rounded corners: raised (a shadow) or outlined (a border). */
export function Card({
  as: Element = 'div',
  variant = 'raised',
  fill,
  className,
  ...props
}: { as?: Tag; variant?: 'raised' | 'outlined'; fill?: boolean } & HTMLAttributes<HTMLElement>) {
  return (
    <Element
      {...props}
      className={cx('card', variant === 'outlined' && 'card-outlined', fill && 'card-fill', className)}
    />
  );
}

/** The padded inside of a card. */
export const CardBody = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div {...props} className={cx('card-body', className)} />
);

/** A card's row of buttons, under its body. */
export const CardActions = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div {...props} className={cx('card-actions', className)} />
);
