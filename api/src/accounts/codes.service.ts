import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { MessageKey } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { verifications } from '../db/schema';

export type Purpose = 'verify' | 'phone' | 'reset' | 'claim';

const RESEND_AFTER_MS = 30_000;
/** RATE_LIMIT_CODES counts the codes sent within this window (in SQL when a code is issued, in JS when asked). */
const SEND_WINDOW_MS = 3_600_000;
const SEND_WINDOW = sql.raw(`interval '${SEND_WINDOW_MS} milliseconds'`);

/**
 * One-time codes: `OTP_LENGTH` digits (default 6), stored as an HMAC, one live code per account and
 * purpose (a new one replaces the old), 10-minute expiry, 5 tries, single use.
 */
@Injectable()
export class CodesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private hash(userId: string, purpose: Purpose, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`${purpose}:${userId}:${code}`).digest('hex');
  }

  /** Makes a new code for the account (inside the caller's transaction) and returns it in clear, once. */
  async issue(tx: Db, userId: string, purpose: Purpose, target: string): Promise<string> {
    const { length, ttlMinutes } = this.config.otp;
    const code = Array.from({ length }, () => randomInt(10)).join('');
    const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
    const codeHash = this.hash(userId, purpose, code);
    await tx
      .insert(verifications)
      .values({ userId, purpose, codeHash, target, expiresAt })
      .onConflictDoUpdate({
        target: [verifications.userId, verifications.purpose],
        set: {
          codeHash,
          target,
          expiresAt,
          attempts: 0,
          consumedAt: null,
          createdAt: new Date(),
          sends: sql`CASE WHEN ${verifications.sendsSince} > now() - ${SEND_WINDOW} THEN ${verifications.sends} + 1 ELSE 1 END`,
          sendsSince: sql`CASE WHEN ${verifications.sendsSince} > now() - ${SEND_WINDOW} THEN ${verifications.sendsSince} ELSE now() END`,
        },
      });
    return code;
  }

  /** The live (unexpired, unused) code's target for the account and purpose, if any. */
  async liveTarget(userId: string, purpose: Purpose): Promise<string | undefined> {
    const [row] = await this.db
      .select({ target: verifications.target })
      .from(verifications)
      .where(
        and(
          eq(verifications.userId, userId),
          eq(verifications.purpose, purpose),
          isNull(verifications.consumedAt),
          gt(verifications.expiresAt, new Date()),
          lt(verifications.attempts, this.config.otp.maxTries),
        ),
      )
      .limit(1);
    return row?.target;
  }

  /**
   * Whether the account may be sent another code now: not within 30 seconds of the last one, and
   * not more than RATE_LIMIT_CODES (default 5) in an hour.
   */
  async maySend(userId: string, purpose: Purpose): Promise<boolean> {
    const [last] = await this.db
      .select({ createdAt: verifications.createdAt, sends: verifications.sends, sendsSince: verifications.sendsSince })
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)))
      .limit(1);
    if (!last) return true;
    if (Date.now() - last.createdAt.getTime() < RESEND_AFTER_MS) return false;
    const windowOpen = Date.now() - last.sendsSince.getTime() < SEND_WINDOW_MS;
    return !windowOpen || last.sends < this.config.rateLimit.codesPerHour;
  }

  /**
   * Checks a code; on success consumes it and runs `then` in the same transaction, so the change the
   * code unlocks and its consumption land together. A wrong try is counted and committed.
   */
  async consume<T>(
    userId: string,
    purpose: Purpose,
    code: string,
    then: (tx: Db, target: string) => Promise<T>,
  ): Promise<T> {
    const normalized = code.trim().toUpperCase();
    if (!normalized) throw new AppError(400, 'otp.incorrect');
    const outcome = await this.db.transaction(
      async (tx): Promise<{ value: T } | { status: number; key: MessageKey }> => {
        const [row] = await tx
          .select()
          .from(verifications)
          .where(and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)))
          .for('update')
          .limit(1);
        if (!row || row.consumedAt) return { status: 400, key: 'otp.incorrect' };
        if (row.expiresAt.getTime() < Date.now()) return { status: 400, key: 'otp.expired' };
        if (row.attempts >= this.config.otp.maxTries) return { status: 429, key: 'otp.too_many_tries' };
        const expected = Buffer.from(row.codeHash, 'hex');
        const given = Buffer.from(this.hash(userId, purpose, normalized), 'hex');
        if (!timingSafeEqual(expected, given)) {
          await tx
            .update(verifications)
            .set({ attempts: sql`${verifications.attempts} + 1` })
            .where(eq(verifications.id, row.id));
          const last = row.attempts + 1 >= this.config.otp.maxTries;
          return last ? { status: 429, key: 'otp.too_many_tries' } : { status: 400, key: 'otp.incorrect' };
        }
        await tx.update(verifications).set({ consumedAt: new Date() }).where(eq(verifications.id, row.id));
        return { value: await then(tx as unknown as Db, row.target) };
      },
    );
    if ('key' in outcome) throw new AppError(outcome.status, outcome.key);
    return outcome.value;
  }
}

/** Shows where a code went without revealing it: +9665•••••678, a•••@example.com. */
export function maskDestination(target: string): string {
  if (target.includes('@')) {
    const [local, domain] = target.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  return target.length > 7 ? `${target.slice(0, 5)}${'•'.repeat(target.length - 8)}${target.slice(-3)}` : '•••';
}
