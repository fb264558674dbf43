import { Fragment } from 'react';
import { useT, type MessageKey } from '~/i18n';

/**
 * A translated sentence whose {placeholders} are isolated in <bdi>, so a Latin name in an Arabic
 * sentence (or an Arabic one in English), an e-mail, an ID or a date reads in the right order.
 * `ltr` names the values that are always left to right (e-mails, IDs, dates, phone numbers).
 */
export function Isolated({
  k,
  values,
  ltr = [],
}: {
  k: MessageKey;
  values: Record<string, string | number>;
  ltr?: string[];
}) {
  const { t } = useT();
  const marked = t(k, Object.fromEntries(Object.keys(values).map((name) => [name, `\u0000${name}\u0000`])));
  return (
    <>
      {marked.split('\u0000').map((part, i) =>
        i % 2 === 0 ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <bdi key={i} dir={ltr.includes(part) ? 'ltr' : undefined}>
            {values[part]}
          </bdi>
        ),
      )}
    </>
  );
}
