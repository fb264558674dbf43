import type { ReactNode } from 'react';

/** Each item's share of the row: quarter (2 on a phone, 4 from 900 px), wide (80% then 40%), third (70%, 2, then 3). */
export type CarouselItems = 'quarter' | 'wide' | 'third';

/** A row that scrolls sideways, snapping to items (touch, trackpad, keyboard; no script needed). */
export function Carousel({ label, items, children }: { label: string; items: CarouselItems; children: ReactNode[] }) {
  return (
    // A scrolling region takes the keyboard's focus so it can be scrolled without a pointer.
    <div role="region" aria-label={label} tabIndex={0} className={`carousel carousel-${items}`}>
      {children}
    </div>
  );
}
