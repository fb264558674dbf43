import { Box, Stack, Tooltip, Typography } from '@mui/material';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A small bar chart made of boxes: no chart library in the bundle. Each bar has its value as an
 * accessible label and tooltip; in Arabic the bars run right to left like the text.
 */
export function BarChart({
  bars,
  format,
  empty,
  height = 160,
}: {
  bars: Bar[];
  format: (n: number) => string;
  /** Said instead of a row of empty bars when every value is 0. */
  empty: string;
  height?: number;
}) {
  if (bars.every((b) => !b.value))
    return (
      <Box sx={{ height: height + 40, display: 'grid', placeItems: 'center' }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Box>
    );
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end', height: height + 40 }} role="list">
      {bars.map((b) => (
        <Stack
          key={b.label}
          sx={{ flex: 1, alignItems: 'center', minWidth: 0 }}
          role="listitem"
          aria-label={`${b.label}: ${format(b.value)}`}
        >
          <Typography variant="caption" sx={{ fontSize: 10, color: 'text.secondary' }}>
            {b.value ? format(b.value) : ''}
          </Typography>
          <Tooltip describeChild title={`${b.label}: ${format(b.value)}`}>
            <Box
              sx={{
                width: '100%',
                maxWidth: 32,
                height: Math.max(2, (b.value / max) * height),
                bgcolor: b.value ? 'primary.main' : 'divider',
                borderRadius: '4px 4px 0 0',
              }}
            />
          </Tooltip>
          <Typography variant="caption" noWrap sx={{ fontSize: 10, color: 'text.secondary', maxWidth: '100%' }}>
            {b.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
