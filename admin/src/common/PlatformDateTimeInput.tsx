import { fromPlatformWallClock, toPlatformWallClock } from '@platform/contract';
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';

/**
 * A date and time written and read on the platform's clock (Riyadh), whatever the browser's time
 * zone: the field shows the stored instant as Riyadh wall-clock time and sends back the instant the
 * typed Riyadh time names (08:00 → 05:00Z). Events and registration windows use it.
 */
export function PlatformDateTimeInput(props: DateTimeInputProps) {
  return (
    <DateTimeInput
      format={toPlatformWallClock}
      parse={(v: string) => fromPlatformWallClock(v)?.toISOString() ?? null}
      helperText="app.content.time_zone_hint"
      {...props}
    />
  );
}
