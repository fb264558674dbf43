import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { Database } from '../core/database';

/**
 * Rate-limit counters in PostgreSQL, so every API instance behind a load balancer shares them.
 * One statement per hit: a fixed window of `ttl` ms per key.
 */
export class PgThrottlerStorage implements ThrottlerStorage {
  private hitsSinceSweep = 0;

  constructor(private readonly database: Database) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const window = Math.max(ttl, blockDuration);
    const [row] = await this.database.query(
      `INSERT INTO rate_limits (key, hits, expires_at) VALUES ($1, 1, now() + ($2::int * interval '1 millisecond'))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         expires_at = CASE WHEN rate_limits.expires_at <= now() THEN EXCLUDED.expires_at ELSE rate_limits.expires_at END
       RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - now()))))::int AS seconds_left`,
      [key, window],
    );
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      void this.database.query(`DELETE FROM rate_limits WHERE expires_at < now()`).catch(() => undefined);
    }
    const totalHits = Number(row.hits);
    const secondsLeft = Number(row.seconds_left);
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  /** Takes one hit back (an attempt that succeeded), within the window it was counted in. */
  async giveBack(key: string): Promise<void> {
    await this.database.query(
      `UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND expires_at > now()`,
      [key],
    );
  }
}
