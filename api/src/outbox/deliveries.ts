import type { Database } from '../core/database';
import type { DeliveryStatus } from './whatsapp-webhook';

/**
 * WhatsApp's delivery statuses (its status webhooks) applied to the outbox, matched by the wamid the
 * send answered. Statuses come in any order: a message only moves forward (sent → delivered → read),
 * and `failed` (with Meta's code and title in last_error) only before it was delivered.
 *
 * Meta may post a status before the worker has saved the send's answer (the wamid): such a status is
 * kept in `early_deliveries` and applied when the wamid is saved. Each side writes its half, then
 * looks for the other's, so whichever comes second applies it.
 */
const RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;
const RANK_OF_ROW = `(CASE delivery WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END)`;

/** One status onto the message with that wamid, if it moves it forward: answers the rows changed (0 or 1). */
async function apply(database: Database, s: DeliveryStatus): Promise<number> {
  const failed = s.status === 'failed';
  const rows = await database.query(
    `UPDATE outbox SET delivery = $2, delivery_at = $3, last_error = CASE WHEN $4::boolean THEN $5 ELSE last_error END
     WHERE provider_id = $1 AND channel = 'whatsapp' AND ${RANK_OF_ROW} < $6::int
     RETURNING id`,
    [s.id, s.status, s.at, failed, s.error ?? null, failed ? RANK.delivered : RANK[s.status]],
  );
  return rows.length;
}

/** The statuses of a webhook: answers how many messages changed. */
export async function recordDeliveries(database: Database, statuses: DeliveryStatus[]): Promise<number> {
  let changed = 0;
  for (const s of statuses) {
    const n = await apply(database, s);
    changed += n;
    if (n > 0) continue;
    const known = await database.query(`SELECT 1 FROM outbox WHERE provider_id = $1 LIMIT 1`, [s.id]);
    if (known.length > 0) continue; // known, and this status is not news
    await database.query(
      `INSERT INTO early_deliveries (wamid, status, at, error) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [s.id, s.status, s.at, s.error ?? null],
    );
    changed += await applyEarlyDeliveries(database, s.id);
  }
  return changed;
}

/**
 * The statuses kept for `wamid` applied to its message (after the worker saved the wamid, and after a
 * webhook kept one), in order; they are removed once the message is known. Answers the changes.
 */
export async function applyEarlyDeliveries(database: Database, wamid: string): Promise<number> {
  const kept = await database.query(`SELECT status, at, error FROM early_deliveries WHERE wamid = $1`, [wamid]);
  if (kept.length === 0) return 0;
  const statuses = kept
    .map((r) => ({
      id: wamid,
      status: r.status as DeliveryStatus['status'],
      at: new Date(r.at as string | Date),
      error: (r.error as string | null) ?? undefined,
    }))
    .sort((a, b) => RANK[a.status] - RANK[b.status]);
  let changed = 0;
  for (const s of statuses) changed += await apply(database, s);
  await database.query(
    `DELETE FROM early_deliveries WHERE wamid = $1 AND EXISTS (SELECT 1 FROM outbox WHERE provider_id = $1)`,
    [wamid],
  );
  return changed;
}

/** Statuses kept for messages the platform never knew, received more than `days` ago: one batch removed. */
export async function removeOldEarlyDeliveries(database: Database, days: number, batch: number): Promise<number> {
  const rows = await database.query(
    `DELETE FROM early_deliveries WHERE (wamid, status) IN (
       SELECT wamid, status FROM early_deliveries WHERE received_at < now() - make_interval(days => $1::int) LIMIT $2::int)
     RETURNING wamid`,
    [days, batch],
  );
  return rows.length;
}
