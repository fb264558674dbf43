import type { Database } from '../core/database';

/**
 * The retention pass's part of the outbox: the text of a message sent or given up (`sent`, `failed`)
 * more than `days` ago is blanked (subject, body, WhatsApp parameters, HTML); its envelope stays:
 * channel, recipient, kind, language, category, status, times, provider id and delivery. One batch
 * of at most `batch` rows, oldest first, through the partial index of rows that still hold a text;
 * rows a worker has claimed are skipped. Answers how many were blanked.
 */
export async function blankOldMessageTexts(database: Database, days: number, batch: number): Promise<number> {
  const rows = await database.query(
    `UPDATE outbox SET subject = '', body = '', html = NULL, params = '[]'::jsonb
     WHERE id IN (SELECT id FROM outbox
                  WHERE status IN ('sent', 'failed')
                    AND (body <> '' OR html IS NOT NULL OR params <> '[]'::jsonb)
                    AND created_at < now() - make_interval(days => $1::int)
                  ORDER BY created_at LIMIT $2::int FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [days, batch],
  );
  return rows.length;
}
