import type { SVGProps } from 'react';
import { cx } from './cx';

/** An inline SVG icon (Material icon paths), decorative unless given a title by its caller. */
export function Icon({ d, className, ...props }: { d: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" {...props} className={cx('icon', className)}>
      <path d={d} />
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement>;

export const SuccessIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M20 12a8 8 0 0 1-8 8 8 8 0 0 1-8-8 8 8 0 0 1 8-8c.76 0 1.5.11 2.2.31l1.57-1.57A9.8 9.8 0 0 0 12 2 10 10 0 0 0 2 12a10 10 0 0 0 10 10 10 10 0 0 0 10-10M7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17z"
  />
);
export const InfoIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8"
  />
);
export const WarningIcon = (props: IconProps) => (
  <Icon {...props} d="M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z" />
);
export const ErrorIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8"
  />
);
/** Points along the line: mirrored in a right-to-left page. */
export const ChevronStartIcon = ({ className, ...props }: IconProps) => (
  <Icon {...props} className={cx('icon-flip', className)} d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
);
export const ChevronEndIcon = ({ className, ...props }: IconProps) => (
  <Icon {...props} className={cx('icon-flip', className)} d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
);
