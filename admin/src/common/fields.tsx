import { dateOptions } from '@platform/contract';
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

type Bilingual = { name: string; name_en: string };

/**
 * A name kept in both languages ({ name, name_en }) shown in the interface's language: one of the
 * record's fields (`source`), or the record's own name (a season or plan in a picker).
 */
export function BilingualName({ source }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = (source ? record?.[source] : record) as Bilingual | null | undefined;
  if (!value) return <span>—</span>;
  return <span>{locale === 'ar' ? value.name : value.name_en}</span>;
}
