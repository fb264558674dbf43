import { formatDate, MEMBER_TYPES } from '@platform/contract';
import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { orders, rateLimits, teamPeople, users, type User } from '../db/schema';
import { OutboxService } from '../outbox/outbox.service';
import { templates } from '../outbox/templates';
import { CodesService, maskDestination } from './codes.service';
import { TicketService } from './tickets';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A sign-up naming an ID or e-mail that another sign-up named within this window is a repeat… */
const REPEAT_WINDOW_MS = 30 * DAY_MS;
/** …and waits only this long for its phone: the life of its verification ticket, enough for someone at the phone. */
const REPEAT_HOLD_MS = HOUR_MS;

/** A member's own sign-up still waiting for its phone: unverified, with a time it must be verified by. */
export const isPending = (user: Pick<User, 'isVerified' | 'verifyBy'>): boolean =>
  !user.isVerified && user.verifyBy !== null;

/** Shown beside a refusal, so the person can take the ID over or knows when it is free. */
export interface ClaimOffer {
  /** The ticket POST /api/signup/claim and the sign-up's `claim.user_id` take. */
  ticket: string;
  /** Where a code can go, masked as the verification pages show it (+9665•••••678, a•••@example.com). */
  phone: string | null;
  email: string | null;
  /** When the sign-up is removed and the ID and e-mail are free (ISO). */
  releases_at: string;
}

/**
 * Unverified sign-ups (issue 31, finding 3): the one place that removes them. A member's own
 * sign-up waits UNVERIFIED_HOURS (a repeat within 30 days of another naming the same ID or e-mail:
 * one hour) for its phone; after that it is removed and frees its national ID and e-mail, at the
 * next sign-up naming them or at the retention pass, whichever comes first. Before that, whoever
 * proves the phone or e-mail on record (a code sent there) takes the ID over, and an admin can
 * release it (audited). A verified account is never touched here.
 */
@Injectable()
export class PendingSignups {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly tickets: TicketService,
    private readonly codes: CodesService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /** An ID or e-mail as a counter's key: a digest, so the counters table holds neither. */
  private digest(value: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(value).digest('base64url').slice(0, 22);
  }

  /**
   * The moment a new sign-up naming this national ID (null for entities) and e-mail must be verified
   * by. Counts it first: past RATE_LIMIT_SIGNUP_ID sign-ups naming one of them in 24 hours it is
   * refused (429), so an ID freed at expiry cannot be taken again and again; a repeat within 30 days
   * is held one hour only.
   */
  async verifyBy(
    nationalId: string | null,
    email: string,
    now = Date.now(),
  ): Promise<{ at: Date; undo: () => Promise<void> }> {
    const limit = this.config.retention.signupsPerIdPerDay;
    const counted: string[] = [];
    // A sign-up that then fails (a wrong claim code, a race) takes its counts back.
    const undo = async () => {
      if (counted.length)
        await this.db
          .update(rateLimits)
          .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
          .where(and(inArray(rateLimits.key, counted), gt(rateLimits.expiresAt, new Date())))
          .catch(() => undefined);
    };
    let month = 0;
    for (const [field, value] of [
      ['national_id', nationalId],
      ['email', email],
    ] as const) {
      if (!value) continue;
      const key = this.digest(`${field}:${value}`);
      const today = await this.count(`signup-day:${key}`, DAY_MS);
      const recent = await this.count(`signup-month:${key}`, REPEAT_WINDOW_MS);
      counted.push(`signup-day:${key}`, `signup-month:${key}`);
      if (today > limit) {
        await undo();
        throw new AppError(429, 'signup.too_many_for_id', {}, `userInof.${field}`);
      }
      month = Math.max(month, recent);
    }
    const hold = month > 1 ? REPEAT_HOLD_MS : this.config.retention.unverifiedHours * HOUR_MS;
    return { at: new Date(now + hold), undo };
  }

  /** Counts one more in a fixed window of `windowMs` (the rate-limit table, shared by every process); answers the count. */
  private async count(key: string, windowMs: number): Promise<number> {
    const expiresAt = new Date(Date.now() + windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, hits: 1, expiresAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${rateLimits.expiresAt} <= now() THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          expiresAt: sql`CASE WHEN ${rateLimits.expiresAt} <= now() THEN excluded.expires_at ELSE ${rateLimits.expiresAt} END`,
        },
      })
      .returning({ hits: rateLimits.hits });
    return row.hits;
  }

  /** The refusal of a sign-up whose ID (or e-mail) a live unverified sign-up holds: what the person can do. */
  refusal(holder: User, field: 'national_id' | 'email', lang: Lang): AppError {
    const phone = holder.phoneNumber ? maskDestination(holder.phoneNumber) : null;
    const email = holder.email ? maskDestination(holder.email) : null;
    // Kept left to right inside an Arabic sentence.
    const ltr = (text: string) => (lang === 'ar' ? `\u2066${text}\u2069` : text);
    const offer: ClaimOffer = {
      ticket: this.tickets.issue('claim', holder.id),
      phone,
      email,
      releases_at: holder.verifyBy!.toISOString(),
    };
    return new AppError(
      409,
      field === 'email' ? 'signup.email_pending' : 'signup.national_id_pending',
      {
        phone: ltr(phone ?? '—'),
        email: ltr(email ?? '—'),
        date: formatDate(holder.verifyBy, lang, 'time'),
      },
      `userInof.${field}`,
      { claim: offer },
    );
  }

  /** The unverified sign-up a claim ticket stands for, while it still waits; a 400 with a message otherwise. */
  private async claimable(ticket: string | undefined): Promise<User> {
    const id = this.tickets.open('claim', ticket);
    const [holder] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isVerified, false), isNotNull(users.verifyBy)))
      .limit(1);
    if (!holder || holder.verifyBy!.getTime() <= Date.now()) throw new AppError(400, 'signup.claim_gone');
    return holder;
  }

  /** Sends a code to the phone (WhatsApp) or e-mail on record of the sign-up a claim ticket stands for. */
  async sendClaimCode(ticket: string | undefined, via: 'phone' | 'email', lang: Lang) {
    const holder = await this.claimable(ticket);
    const to = via === 'email' ? holder.email : holder.phoneNumber;
    if (!to) throw new AppError(400, 'signup.claim_gone');
    if (!(await this.codes.maySend(holder.id, 'claim'))) throw new AppError(429, 'request.too_many');
    await this.db.transaction(async (tx) => {
      const code = await this.codes.issue(tx as unknown as Db, holder.id, 'claim', to);
      const text = templates.verifyCode(lang, { code, minutes: this.config.otp.ttlMinutes });
      await this.outbox.enqueue({ channel: via === 'email' ? 'email' : 'whatsapp', to, ...text }, tx as unknown as Db);
    });
    return { destination: maskDestination(to), length: this.config.otp.length };
  }

  /** The account a claim ticket stands for (checked again, with its code, when the sign-up is written). */
  claimedId(ticket: string | undefined): string {
    return this.tickets.open('claim', ticket);
  }

  /**
   * Checks a claim's code and, in the same transaction, removes the sign-up it stands for and runs
   * `then` (the new sign-up's insert): the ID changes hands whole or not at all.
   */
  async takeOver<T>(holderId: string, code: string | undefined, then: (tx: Db) => Promise<T>): Promise<T> {
    let checked = false;
    try {
      return await this.codes.consume(holderId, 'claim', code ?? '', async (tx) => {
        checked = true;
        const removed = await this.remove(tx, [holderId], { onlyPending: true });
        // Verified (or removed) between the refusal and the code: nothing to take over.
        if (!removed) throw new AppError(400, 'signup.claim_gone');
        return then(tx);
      });
    } catch (err) {
      // A wrong, expired or spent code: the refusal names the claim's code, so the page marks it.
      if (!checked && err instanceof AppError) throw new AppError(err.getStatus(), err.key, err.params, 'claim.code');
      throw err;
    }
  }

  /**
   * Removes unverified member accounts (in the caller's transaction), freeing their national ID and
   * e-mail. Nothing they could have made outlives them: sessions, codes and the rest go with the
   * row (ON DELETE CASCADE), messages and audit entries keep their envelope without it (SET NULL).
   * An account that an order or a team place names (it cannot have one before verifying; a guard
   * all the same) is anonymised instead, so those rows keep their meaning. A verified account is
   * never touched. `onlyPending`: only a member's own sign-up (not one staff made). Answers how many.
   */
  async remove(tx: Db, ids: string[], options: { onlyPending?: boolean } = {}): Promise<number> {
    if (!ids.length) return 0;
    const which = and(
      inArray(users.id, ids),
      eq(users.isVerified, false),
      inArray(users.type, [...MEMBER_TYPES]),
      options.onlyPending ? isNotNull(users.verifyBy) : undefined,
    );
    const named = sql`(EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.userId} = ${users.id})
      OR EXISTS (SELECT 1 FROM ${teamPeople} WHERE ${teamPeople.userId} = ${users.id}))`;
    const deleted = await tx
      .delete(users)
      .where(and(which, sql`NOT ${named}`))
      .returning({ id: users.id });
    const kept = await tx
      .update(users)
      .set({
        name: '',
        nationalId: null,
        email: null,
        phoneNumber: null,
        guardianName: null,
        guardianPhone: null,
        dob: null,
        education: null,
        supervisor: null,
        picture: null,
        isActive: false,
        verifyBy: null,
        updatedAt: new Date(),
      })
      .where(and(which, named))
      .returning({ id: users.id });
    return deleted.length + kept.length;
  }

  /** One batch of sign-ups past their time (the retention pass); rows another pass holds are skipped. */
  async removeExpired(batch: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(lte(users.verifyBy, new Date()), eq(users.isVerified, false)))
        .orderBy(asc(users.verifyBy))
        .limit(batch)
        .for('update', { skipLocked: true });
      return this.remove(
        tx as unknown as Db,
        due.map((r) => r.id),
        { onlyPending: true },
      );
    });
  }

  /**
   * An admin releases the national ID and e-mail of an unverified account (the person they belong
   * to asked, having shown who they are): the account is removed, the audit log keeps who did it and
   * what the account held. A verified account is refused: its ID is its owner's sign-in.
   */
  async release(actor: User, id: string): Promise<void> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    await this.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), inArray(users.type, [...MEMBER_TYPES])))
        .for('update')
        .limit(1);
      if (!account) throw new AppError(404, 'request.not_found');
      if (account.isVerified) throw new AppError(409, 'admin.release_verified');
      await this.remove(tx as unknown as Db, [account.id]);
      await this.audit.record(tx, {
        actor,
        action: 'release',
        resource: 'users',
        recordId: account.id,
        before: {
          name: account.name,
          national_id: account.nationalId,
          email: account.email,
          phone_number: account.phoneNumber,
          type: account.type,
          created_at: account.createdAt.toISOString(),
          verify_by: account.verifyBy?.toISOString() ?? null,
        },
        after: null,
      });
    });
  }
}
