import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A row that scrolls sideways, snapping to items (touch, trackpad, keyboard; no script needed). `width`
 * is each item's share of the row per breakpoint, e.g. { xs: '50%', md: '25%' } shows 2 then 4.
 */
export function Carousel({
  label,
  width,
  children,
}: {
  label: string;
  width: Record<string, string>;
  children: ReactNode[];
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        display: 'flex',
        gap: 2,
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        pb: 1,
        '& > *': { flex: '0 0 auto', width, scrollSnapAlign: 'start', minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}
