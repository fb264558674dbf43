import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { DataExportView, DeletionView, PrivacyOverview } from '@platform/contract';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { verifyPassword } from '../auth/password';
import { AppError } from '../common/app-error';
import { uniqueViolation } from '../common/unique-violation';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { privacyRequests, users, type User } from '../db/schema';
import { FileStore, type StoredObject } from '../media/file-store';
import { templates } from '../outbox/templates';
import { notifyMember } from '../teams/team-notices';
import { UploadStore } from '../media/upload-store';
import { deleteAccountData, type LeftFile } from './account-deletion';
import { writeArchive } from './data-export';

type Request = typeof privacyRequests.$inferSelect;

/** Copies of one's data asked for in 24 hours, at most (each is an archive of every file the member has). */
const EXPORTS_PER_DAY = 3;
/** Requests each job pass takes on, per kind. */
const BATCH = 10;
const DAY = 86_400_000;
const SYSTEM = { id: null, name: 'System' };
/** A copy being made is left to its process this long; past it, another takes it up (a process died). */
const CLAIM_MINUTES = 10;

const exportView = (r: Request): DataExportView => ({
  id: r.id,
  state: r.state as DataExportView['state'],
  created_at: r.createdAt.toISOString(),
  ready_at: r.readyAt?.toISOString() ?? null,
  expires_at: r.state === 'ready' ? (r.dueAt?.toISOString() ?? null) : null,
  bytes: r.bytes,
});

const deletionView = (r: Request): DeletionView => ({
  id: r.id,
  state: r.state as DeletionView['state'],
  due_at: r.dueAt!.toISOString(),
  by_staff: r.requestedById !== null,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
});

/**
 * A member's privacy requests (issue 31; docs/decisions/017-privacy-requests.md): a copy of their data,
 * prepared by the job and downloaded once before it expires; the deletion of their account, carried
 * out by the job after PRIVACY_DELETION_DAYS unless cancelled first. Staff ask for a deletion on a
 * guardian's behalf. Every step is in the audit log.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger('Privacy');
  private readonly stores: { uploads: UploadStore; private: UploadStore };

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly files: FileStore,
    private readonly audits: AuditService,
  ) {
    this.stores = { uploads: new UploadStore(files, 'uploads'), private: new UploadStore(files, 'private') };
  }

  /** Where a member reads and downloads their privacy requests: the account's settings. */
  private settingsLink() {
    return `${this.config.memberUrl.replace(/\/+$/, '')}/accounts?tab=settings`;
  }

  /** The member's latest copy and their waiting deletion, with the periods they follow. */
  async overview(userId: string): Promise<PrivacyOverview> {
    const latest = async (kind: 'export' | 'deletion') =>
      (
        await this.db
          .select()
          .from(privacyRequests)
          .where(and(eq(privacyRequests.userId, userId), eq(privacyRequests.kind, kind)))
          .orderBy(desc(privacyRequests.createdAt))
          .limit(1)
      )[0];
    const copy = await latest('export');
    const deletion = await latest('deletion');
    return {
      export: copy ? exportView(copy) : null,
      deletion: deletion?.state === 'scheduled' ? deletionView(deletion) : null,
      deletion_days: this.config.privacy.deletionDays,
      export_days: this.config.privacy.exportDays,
    };
  }

  /** Asks for a copy of the member's data: one at a time, EXPORTS_PER_DAY a day. */
  async requestExport(user: User): Promise<DataExportView> {
    const [{ count }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.userId, user.id),
          eq(privacyRequests.kind, 'export'),
          sql`${privacyRequests.createdAt} > now() - interval '1 day'`,
        ),
      );
    if (count >= EXPORTS_PER_DAY) throw new AppError(429, 'privacy.export_limit', { count: EXPORTS_PER_DAY });
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(privacyRequests)
          .values({ userId: user.id, kind: 'export', state: 'preparing' })
          .returning();
        await this.audits.record(tx, {
          actor: user,
          action: 'data_export',
          resource: 'users',
          recordId: user.id,
          after: { request: row.id },
        });
        return exportView(row);
      });
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError(409, 'privacy.export_preparing');
      throw err;
    }
  }

  /**
   * The member's ready copy, as a stream: it works once (the archive is removed when it has been sent)
   * and until it expires.
   */
  async download(user: User, id: string): Promise<{ file: StoredObject; done: () => Promise<void> }> {
    const [row] = await this.db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.id, id), eq(privacyRequests.userId, user.id), eq(privacyRequests.kind, 'export')));
    if (!row || row.state !== 'ready' || !row.fileKey || (row.dueAt && row.dueAt <= new Date())) {
      throw new AppError(404, 'privacy.export_gone');
    }
    // Claimed before it is sent: of two downloads at once, one gets it.
    const [claimed] = await this.db
      .update(privacyRequests)
      .set({ state: 'downloaded', doneAt: new Date(), updatedAt: new Date() })
      .where(and(eq(privacyRequests.id, id), eq(privacyRequests.state, 'ready')))
      .returning();
    const file = claimed ? await this.files.get(row.fileKey) : null;
    if (!file) throw new AppError(404, 'privacy.export_gone');
    return { file, done: () => this.files.delete(row.fileKey!) };
  }

  /** The member asks for their account to be deleted (their password confirms it), after the grace period. */
  async requestDeletion(user: User, password: unknown): Promise<DeletionView> {
    if (typeof password !== 'string' || !password) throw new AppError(400, 'privacy.password_needed', {}, 'password');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(400, 'account.wrong_password', {}, 'password');
    }
    return this.schedule(user.id, user, null);
  }

  /** Staff ask on a guardian's (or the member's) behalf, with the reason kept (admins only). */
  async requestDeletionByStaff(actor: User, userId: string, reason: unknown): Promise<DeletionView> {
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (!text) throw new AppError(400, 'privacy.reason_needed', {}, 'reason');
    if (text.length > 500) throw new AppError(400, 'privacy.reason_long', { max: 500 }, 'reason');
    const [member] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!member || ![0, 1, 2].includes(member.type)) throw new AppError(404, 'privacy.member_not_found');
    return this.schedule(member.id, actor, text);
  }

  private async schedule(userId: string, actor: Pick<User, 'id' | 'name'>, reason: string | null) {
    const [member] = await this.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    if (member?.deletedAt) throw new AppError(409, 'privacy.already_deleted');
    const dueAt = new Date(Date.now() + this.config.privacy.deletionDays * DAY);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(privacyRequests)
          .values({
            userId,
            kind: 'deletion',
            state: 'scheduled',
            dueAt,
            reason,
            requestedById: actor.id === userId ? null : actor.id,
          })
          .returning();
        // The member (a minor without a phone: the guardian) hears of it, with the day and how to keep the account.
        const [member] = await tx.select().from(users).where(eq(users.id, userId));
        if (member)
          await notifyMember(tx, member, (lang) =>
            templates.accountDeletionScheduled(lang, { name: member.name, on: dueAt, link: this.settingsLink() }),
          );
        await this.audits.record(tx, {
          actor,
          action: 'request_deletion',
          resource: 'users',
          recordId: userId,
          after: { due_at: dueAt.toISOString(), ...(reason ? { reason } : {}) },
        });
        return deletionView(row);
      });
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError(409, 'privacy.deletion_waiting');
      throw err;
    }
  }

  /** Cancels the waiting deletion of an account (its owner, or staff); nothing waiting is a 404. */
  async cancelDeletion(actor: Pick<User, 'id' | 'name'>, userId: string) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(privacyRequests)
        .set({ state: 'cancelled', doneAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(privacyRequests.userId, userId),
            eq(privacyRequests.kind, 'deletion'),
            eq(privacyRequests.state, 'scheduled'),
          ),
        )
        .returning();
      if (!row) throw new AppError(404, 'privacy.no_deletion');
      await this.audits.record(tx, {
        actor,
        action: 'cancel',
        resource: 'users',
        recordId: userId,
        before: { deletion_due_at: row.dueAt?.toISOString() },
      });
    });
  }

  /** What staff see of a member's requests: every one, newest first. */
  async staffView(userId: string) {
    const rows = await this.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, userId))
      .orderBy(desc(privacyRequests.createdAt))
      .limit(20);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      // When it is due while it is open (a copy's last day, a deletion's day); nothing once it is over.
      due_at: ['preparing', 'ready', 'scheduled'].includes(r.state) ? (r.dueAt?.toISOString() ?? null) : null,
      by_staff: r.requestedById !== null,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      done_at: r.doneAt?.toISOString() ?? null,
    }));
  }

  /**
   * One pass of the job: prepares the waiting copies, carries out the deletions whose day has come,
   * and removes the copies not downloaded in time. Each request is claimed with SKIP LOCKED, so any
   * number of processes may run it.
   */
  async runDue(): Promise<{ exports: number; deletions: number; expired: number }> {
    let exports = 0;
    let deletions = 0;
    for (let i = 0; i < BATCH; i++) {
      if (!(await this.prepareOne())) break;
      exports += 1;
    }
    for (let i = 0; i < BATCH; i++) {
      if (!(await this.deleteOne())) break;
      deletions += 1;
    }
    const expired = await this.expireCopies();
    return { exports, deletions, expired };
  }

  /**
   * Prepares the oldest waiting copy. The request is claimed in a short statement (its updated_at moved:
   * another process leaves it alone for CLAIM_MINUTES, after which a copy whose process died is taken
   * up again), then the archive is written and stored with no transaction open.
   */
  private async prepareOne(): Promise<boolean> {
    const claimed = (await this.db.execute(sql`
      update privacy_requests set updated_at = now()
      where id = (
        select id from privacy_requests
        where kind = 'export' and state = 'preparing'
          and (updated_at = created_at or updated_at < now() - make_interval(mins => ${CLAIM_MINUTES}))
        order by created_at limit 1 for update skip locked
      )
      returning id, user_id`)) as unknown as { rows: { id: string; user_id: string }[] };
    const row = claimed.rows[0];
    if (!row) return false;
    const key = `private/exports/${row.id}.zip`;
    let made: { file: string; bytes: number } | null = null;
    try {
      made = await writeArchive(this.db, row.user_id, this.stores, join(tmpdir(), 'platform-exports'), row.id);
      await this.files.put(key, { file: made.file });
    } catch (err) {
      this.logger.warn(`data export ${row.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      await this.db
        .update(privacyRequests)
        .set({ state: 'failed', error: String(err).slice(0, 300), updatedAt: new Date() })
        .where(eq(privacyRequests.id, row.id));
      return true;
    } finally {
      if (made) await rm(made.file, { force: true });
    }
    const now = new Date();
    const until = new Date(now.getTime() + this.config.privacy.exportDays * DAY);
    const ready = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(privacyRequests)
        .set({ state: 'ready', fileKey: key, bytes: made.bytes, readyAt: now, dueAt: until, updatedAt: now })
        .where(and(eq(privacyRequests.id, row.id), eq(privacyRequests.state, 'preparing')))
        .returning({ id: privacyRequests.id });
      const [member] = done ? await tx.select().from(users).where(eq(users.id, row.user_id)) : [];
      if (member)
        await notifyMember(tx, member, (lang) =>
          templates.dataCopyReady(lang, { name: member.name, link: this.settingsLink(), until }),
        );
      return done;
    });
    // The account was deleted while its copy was being made: the copy goes too.
    if (!ready) await this.files.delete(key);
    return true;
  }

  private async deleteOne(): Promise<boolean> {
    let left: LeftFile[] | null = null;
    const keys: string[] = [];
    const found = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.kind, 'deletion'),
            eq(privacyRequests.state, 'scheduled'),
            lte(privacyRequests.dueAt, new Date()),
          ),
        )
        .orderBy(privacyRequests.dueAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      left = await deleteAccountData(tx, row.userId);
      // The member's copies of their data go with the account.
      const copies = await tx
        .select({ fileKey: privacyRequests.fileKey })
        .from(privacyRequests)
        .where(and(eq(privacyRequests.userId, row.userId), eq(privacyRequests.kind, 'export')));
      for (const c of copies) if (c.fileKey) keys.push(c.fileKey);
      await tx
        .update(privacyRequests)
        .set({ state: 'expired', fileKey: null, updatedAt: new Date() })
        .where(
          and(
            eq(privacyRequests.userId, row.userId),
            eq(privacyRequests.kind, 'export'),
            sql`${privacyRequests.state} in ('preparing', 'ready')`,
          ),
        );
      await tx
        .update(privacyRequests)
        .set({ state: 'done', doneAt: new Date(), updatedAt: new Date() })
        .where(eq(privacyRequests.id, row.id));
      await this.audits.record(tx, {
        actor: SYSTEM,
        action: 'delete',
        resource: 'users',
        recordId: row.userId,
        after: { deleted: true, requested_at: row.createdAt.toISOString(), by_staff: row.requestedById !== null },
      });
      return true;
    });
    for (const f of (left as LeftFile[] | null) ?? []) {
      await this.stores[f.store].remove(f.path).catch(() => undefined);
    }
    for (const key of keys) await this.files.delete(key).catch(() => undefined);
    return found;
  }

  /** Copies ready but not downloaded in time: their archives are removed. */
  private async expireCopies(): Promise<number> {
    const rows = await this.db
      .update(privacyRequests)
      .set({ state: 'expired', updatedAt: new Date() })
      .where(
        and(
          eq(privacyRequests.kind, 'export'),
          eq(privacyRequests.state, 'ready'),
          lte(privacyRequests.dueAt, new Date()),
        ),
      )
      .returning({ fileKey: privacyRequests.fileKey });
    for (const r of rows) if (r.fileKey) await this.files.delete(r.fileKey).catch(() => undefined);
    return rows.length;
  }
}
