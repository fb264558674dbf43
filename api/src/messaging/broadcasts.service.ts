import {
  LIMITS,
  roleOf,
  segmentIsScoped,
  type BroadcastChannel,
  type BroadcastPreview,
  type BroadcastReach,
  type BroadcastRecord,
  type BroadcastRendered,
  type BroadcastSegment,
} from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { broadcasts, competitions, outbox, seasons, users, type User } from '../db/schema';
import { templateParam, templates, whatsappText } from '../outbox/templates';
import { broadcastRecord } from './broadcasts.resource';
import type { BroadcastDto, BroadcastPreviewDto, SegmentDto } from './broadcast.dto';
import { reachOf, writeBatch, type Rendering } from './segment';

type Broadcast = typeof broadcasts.$inferSelect;
type Text = { subject_ar?: string; subject_en?: string; body_ar?: string; body_en?: string };

/** Accounts read per batch when a broadcast's messages are written to the outbox. */
export const BATCH_ACCOUNTS = 500;
/** A broadcast sent "now" may carry a moment a little before the server's (a slow click). */
const PAST_GRACE_MS = 5 * 60_000;

/** The segment as stored: only the filters given, and the audience always. */
function cleanSegment(s: SegmentDto | undefined): BroadcastSegment {
  const segment: BroadcastSegment = { audience: s?.audience ?? 'members' };
  for (const key of [
    'type',
    'subscription',
    'expires_within',
    'region',
    'season',
    'competition',
    'team_state',
    'paid',
  ] as const) {
    const value = s?.[key];
    if (value !== undefined && value !== null) (segment as unknown as Record<string, unknown>)[key] = value;
  }
  return segment;
}

const uniqueChannels = (channels: BroadcastChannel[] | undefined): BroadcastChannel[] => [...new Set(channels ?? [])];

/** The text of one language by each channel: what the outbox stores and the preview shows. */
export function broadcastRenderings(text: Text): Rendering[] {
  return (['ar', 'en'] as const).flatMap((lang) =>
    (['whatsapp', 'email'] as const).map((channel) => {
      const m = templates.announcement(lang, channel, {
        subject: text[`subject_${lang}`] ?? '',
        body: text[`body_${lang}`] ?? '',
      });
      return { channel, lang, kind: m.kind, params: m.params, subject: m.subject, body: m.body };
    }),
  );
}

/**
 * Staff broadcasts (issue 30), the one owner of their state: saved as scheduled (sending now is a
 * schedule for now), changed or cancelled only until the broadcast job starts writing its messages,
 * followed through their outbox rows, failed ones queued again on request. Every change is audited.
 */
@Injectable()
export class BroadcastsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly audits: AuditService,
  ) {}

  /**
   * A sub-admin cannot send to everyone: their segment names a competition, season or region. An
   * admin may send to any segment.
   */
  private checkScope(actor: User, segment: BroadcastSegment) {
    if (roleOf(actor.type) !== 'admin' && !segmentIsScoped(segment)) throw new AppError(403, 'broadcast.too_broad');
  }

  /** Whom it reaches and how it reads in each language, before anything is saved. */
  async preview(actor: User, dto: BroadcastPreviewDto): Promise<BroadcastPreview> {
    const segment = cleanSegment(dto.segment);
    this.checkScope(actor, segment);
    const channels = uniqueChannels(dto.channels);
    const reach = await reachOf(this.db, segment, channels);
    const all = broadcastRenderings(dto);
    const rendered = (lang: 'ar' | 'en'): BroadcastRendered => {
      const mail = all.find((r) => r.lang === lang && r.channel === 'email')!;
      const wa = all.find((r) => r.lang === lang && r.channel === 'whatsapp')!;
      return {
        subject: mail.subject,
        email: mail.body,
        whatsapp: whatsappText({ kind: 'announcement', lang, params: wa.params }),
      };
    };
    return { reach, rendered: { ar: rendered('ar'), en: rendered('en') } };
  }

  /** The rules of a broadcast's content and time; answers what to store. */
  private async checked(actor: User, dto: BroadcastDto) {
    const segment = cleanSegment(dto.segment);
    this.checkScope(actor, segment);
    const channels = uniqueChannels(dto.channels);
    if (!channels.length) throw new AppError(400, 'broadcast.channels_required', {}, 'channels');
    if (channels.includes('whatsapp'))
      for (const lang of ['ar', 'en'] as const)
        if (templateParam(dto[`body_${lang}`] ?? '').length > LIMITS.broadcastWhatsappMax)
          throw new AppError(
            400,
            `broadcast.whatsapp_too_long_${lang}`,
            { max: LIMITS.broadcastWhatsappMax },
            `body_${lang}`,
          );
    const now = Date.now();
    const sendAt = dto.send_at ?? new Date(now);
    if (sendAt.getTime() < now - PAST_GRACE_MS) throw new AppError(400, 'broadcast.send_at_past', {}, 'send_at');
    if (sendAt.getTime() > now + LIMITS.broadcastDaysMax * 86_400_000)
      throw new AppError(400, 'broadcast.send_at_far', {}, 'send_at');
    const reach = await reachOf(this.db, segment, channels);
    if (reach.messages === 0) throw new AppError(400, 'broadcast.nobody', {}, 'segment');
    return {
      values: {
        subjectAr: dto.subject_ar!,
        subjectEn: dto.subject_en!,
        bodyAr: dto.body_ar!,
        bodyEn: dto.body_en!,
        channels,
        segment,
        sendAt: new Date(Math.max(sendAt.getTime(), now)),
        reach,
      },
      reach,
    };
  }

  /** The audit entry's account of a broadcast: its subjects, channels, segment, time and reach. */
  private auditView(
    b: Pick<Broadcast, 'subjectAr' | 'subjectEn' | 'channels' | 'segment' | 'sendAt'>,
    reach: BroadcastReach | null,
  ) {
    return {
      subject_ar: b.subjectAr,
      subject_en: b.subjectEn,
      channels: b.channels,
      segment: b.segment,
      send_at: b.sendAt.toISOString(),
      reach,
    };
  }

  async create(actor: User, dto: BroadcastDto): Promise<BroadcastRecord> {
    const { values, reach } = await this.checked(actor, dto);
    const row = await this.db.transaction(async (tx) => {
      // A limit on what makes the platform send: so many broadcasts per staff member an hour (the
      // actor's row locked, so two at once are counted one after the other).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(broadcasts)
        .where(and(eq(broadcasts.createdById, actor.id), gt(broadcasts.createdAt, sql`now() - interval '1 hour'`)));
      if (Number(n) >= LIMITS.broadcastsPerHour)
        throw new AppError(429, 'broadcast.too_many', { max: LIMITS.broadcastsPerHour });
      const [saved] = await tx
        .insert(broadcasts)
        .values({ ...values, createdById: actor.id, createdByName: actor.name })
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'create',
        resource: 'broadcasts',
        recordId: saved.id,
        after: this.auditView(saved, reach),
      });
      return saved;
    });
    return broadcastRecord(row);
  }

  /** Locks a broadcast that may still change (scheduled); refuses one that started or was cancelled. */
  private async lockScheduled(tx: Db, id: string): Promise<Broadcast> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id)).for('update');
    if (!row) throw new AppError(404, 'request.not_found');
    if (row.state === 'cancelled') throw new AppError(409, 'broadcast.cancelled');
    if (row.state !== 'scheduled') throw new AppError(409, 'broadcast.started');
    return row;
  }

  /** Changes a scheduled broadcast (all of it, as the form sends it); refused once it started. */
  async update(actor: User, id: string, dto: BroadcastDto): Promise<BroadcastRecord> {
    const { values, reach } = await this.checked(actor, dto);
    const row = await this.db.transaction(async (tx) => {
      const before = await this.lockScheduled(tx, id);
      const [saved] = await tx
        .update(broadcasts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(broadcasts.id, id))
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'update',
        resource: 'broadcasts',
        recordId: id,
        before: this.auditView(before, before.reach),
        after: this.auditView(saved, reach),
      });
      return saved;
    });
    return broadcastRecord(row);
  }

  /** Cancels a scheduled broadcast: nothing of it is sent. */
  async cancel(actor: User, id: string): Promise<BroadcastRecord> {
    const row = await this.db.transaction(async (tx) => {
      await this.lockScheduled(tx, id);
      const [saved] = await tx
        .update(broadcasts)
        .set({ state: 'cancelled', cancelledAt: new Date(), cancelledByName: actor.name, updatedAt: new Date() })
        .where(eq(broadcasts.id, id))
        .returning();
      await this.audits.record(tx, {
        actor,
        action: 'cancel',
        resource: 'broadcasts',
        recordId: id,
        before: { state: 'scheduled' },
        after: { state: 'cancelled' },
      });
      return saved;
    });
    return broadcastRecord(row);
  }

  /**
   * Queues the broadcast's failed messages again, each once (a message refused or given up, or
   * reported failed by WhatsApp); answers how many. A second click finds them queued, not failed.
   */
  async retryFailed(actor: User, id: string): Promise<number> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.id, id));
      if (!row) throw new AppError(404, 'request.not_found');
      const requeued = await tx
        .update(outbox)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(),
          lockedUntil: null,
          lastError: null,
          providerId: null,
          delivery: null,
          deliveryAt: null,
          sentAt: null,
        })
        .where(and(eq(outbox.broadcastId, id), sql`(${outbox.status} = 'failed' or ${outbox.delivery} = 'failed')`))
        .returning({ id: outbox.id });
      if (requeued.length)
        await this.audits.record(tx, {
          actor,
          action: 'retry',
          resource: 'broadcasts',
          recordId: id,
          after: { requeued: requeued.length },
        });
      return requeued.length;
    });
  }

  /** The seasons and competitions a segment may name (sub-admins do not read those lists otherwise). */
  async choices() {
    const named = (t: typeof seasons | typeof competitions) =>
      this.db.select({ id: t.id, name: t.name, name_en: t.nameEn }).from(t).orderBy(asc(t.createdAt));
    const [s, c] = await Promise.all([named(seasons), named(competitions)]);
    return { seasons: s, competitions: c };
  }

  /**
   * One step of the broadcast job: takes the first due broadcast no other worker holds (its row
   * locked for the step: SKIP LOCKED), writes the messages of its next batch of accounts and moves
   * its cursor, in one transaction. Answers the messages written, or null when nothing is due.
   */
  async expandStep(batch = BATCH_ACCOUNTS): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(broadcasts)
        .where(and(inArray(broadcasts.state, ['scheduled', 'preparing']), lte(broadcasts.sendAt, sql`now()`)))
        .orderBy(asc(broadcasts.sendAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!b) return null;
      const step = await writeBatch(tx, {
        broadcastId: b.id,
        segment: b.segment,
        channels: b.channels,
        renderings: broadcastRenderings({
          subject_ar: b.subjectAr,
          subject_en: b.subjectEn,
          body_ar: b.bodyAr,
          body_en: b.bodyEn,
        }),
        cursor: b.cursor,
        limit: batch,
      });
      const done = step.seen < batch;
      await tx
        .update(broadcasts)
        .set({
          state: done ? 'queued' : 'preparing',
          cursor: step.last ?? b.cursor,
          total: sql`${broadcasts.total} + ${step.written}`,
          startedAt: b.startedAt ?? new Date(),
          queuedAt: done ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(broadcasts.id, b.id));
      return step.written;
    });
  }

  /** Runs the job's steps until no broadcast is due; answers the messages written. Tests call it directly. */
  async expandDue(batch = BATCH_ACCOUNTS): Promise<number> {
    let written = 0;
    for (;;) {
      const step = await this.expandStep(batch);
      if (step === null) return written;
      written += step;
    }
  }
}
