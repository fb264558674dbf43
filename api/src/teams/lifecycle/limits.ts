import { sql } from 'drizzle-orm';
import type { Db } from '../../core/database';

/**
 * Counts one hit of `key` in a fixed window of `windowMs` (the rate_limits table the throttler uses,
 * so every API instance shares it) and answers the hits so far in the window. Call it outside any
 * transaction that may roll back, or the hit is lost with it.
 */
export async function hitLimit(db: Db, key: string, windowMs: number): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (key, hits, expires_at) VALUES (${key}, 1, now() + (${windowMs}::int * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      expires_at = CASE WHEN rate_limits.expires_at <= now() THEN EXCLUDED.expires_at ELSE rate_limits.expires_at END
    RETURNING hits`)) as unknown as { rows: { hits: number | string }[] };
  return Number(result.rows[0].hits);
}
