import { useRef, useState } from 'react';
import { Box, Tooltip } from '@mui/material';
import { dateOptions, formatMoney, type NamePair } from '@platform/contract';
import { DateField, useFieldValue, useLocaleState, useRecordContext, type DateFieldProps } from 'react-admin';
import { dateLocales, type Locale } from '../i18n';

/**
 * A date in the interface language, day first ("3 Jan 2027" / "3 يناير 2027") on the platform's
 * clock (Riyadh), never the browser's default order or time zone.
 */
export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return (
    <DateField
      emptyText="—"
      locales={dateLocales[locale as Locale] ?? dateLocales.en}
      options={dateOptions(props.showTime ? 'time' : 'short')}
      {...props}
    />
  );
}

/** Phone numbers, URLs and other left-to-right values keep their order inside Arabic text. */
export function LtrField({ source }: { source: string; label?: string }) {
  const value: unknown = useFieldValue({ source });
  if (value === null || value === undefined || value === '') return null;
  return <bdi dir="ltr">{String(value)}</bdi>;
}

/** A name kept in both languages, in the interface's language (`locale`); '—' for none. */
export const nameIn = (value: NamePair | null | undefined, locale: string) =>
  value ? (locale === 'ar' ? value.name : value.name_en) : '—';

/**
 * A name kept in both languages ({ name, name_en }) shown in the interface's language: one of the
 * record's fields (`source`), or the record's own name (a season or plan in a picker).
 */
export function BilingualName({ source }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = (source ? record?.[source] : record) as NamePair | null | undefined;
  return <span>{nameIn(value, locale)}</span>;
}

/**
 * An amount of money in the interface's language ("SAR 1,500.00" / "1,500.00 ر.س"), isolated (<bdi>), in the record's
 * currency (`currencySource`) or SAR, as the member site and the documents show it.
 */
export function MoneyField({ source, currencySource }: { source: string; currencySource?: string; label?: string }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = record?.[source] as string | number | null | undefined;
  if (value === null || value === undefined || value === '') return <span>—</span>;
  const currency = (currencySource && (record?.[currencySource] as string)) || 'SAR';
  // One unit: '350.00 ر.س' never breaks between the amount and the currency in a narrow column.
  return <bdi style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, currency, locale)}</bdi>;
}

// In a module of its own: App.tsx names resources' records with it, and the sign-in page does not
// carry these fields (issue 36).
export { bilingualRepresentation } from './representation';

/**
 * A long value cut to `width` with an ellipsis, whole in a tooltip (hover or keyboard focus), so a
 * table keeps its columns (and its row actions) on screen.
 */
export function CutText({
  source,
  width = 180,
  ltr = false,
}: {
  source: string;
  width?: number;
  ltr?: boolean;
  label?: string;
}) {
  const value: unknown = useFieldValue({ source });
  // Only a value that is actually cut gets its tooltip.
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  if (value === null || value === undefined || value === '') return <span>—</span>;
  const text = String(value);
  return (
    <Tooltip
      title={<bdi dir={ltr ? 'ltr' : undefined}>{text}</bdi>}
      enterDelay={300}
      open={open}
      onOpen={() => setOpen(!!box.current && box.current.scrollWidth > box.current.clientWidth)}
      onClose={() => setOpen(false)}
    >
      <Box
        component="span"
        ref={box}
        tabIndex={0}
        dir={ltr ? 'ltr' : undefined}
        sx={{
          display: 'inline-block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
          unicodeBidi: 'isolate',
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
