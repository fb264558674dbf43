import { utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createApp } from '../src/app';
import { openDatabase, type Database } from '../src/core/database';
import { jobRuns, outbox, rateLimits, sessions, unattachedUploads, users } from '../src/db/schema';
import { uploadTempDir } from '../src/media/uploads';
import { RetentionJob } from '../src/retention/retention.job';
import { adminToken, createUser, startTestApp, storedFiles, type TestApp } from './harness';

/**
 * Issue 31, retention: one job removes, on a documented schedule (docs/retention.md), expired
 * unverified sign-ups, ended sessions, the texts of old delivered messages, spent rate-limit rows and
 * pictures uploaded for a form never saved, in indexed batches; one pass per period however many
 * processes run.
 */
let t: TestApp;
let job: RetentionJob;
beforeAll(async () => {
  t = await startTestApp();
  job = t.app.get(RetentionJob);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);

describe('what one pass removes', () => {
  it('unverified sign-ups past their time, in batches (1,100 of them), and nothing else', async () => {
    await t.database.query(
      `INSERT INTO users (name, national_id, email, password_hash, type, is_verified, verify_by)
       SELECT 'Expired ' || i, '5' || lpad(i::text, 9, '0'), 'expired' || i || '@retention.example', 'x', 0, false,
              now() - interval '1 hour'
       FROM generate_series(1, 1100) AS i`,
    );
    const waiting = await createUser(t, { isVerified: false, verifyBy: later(HOUR) });
    const staffMade = await createUser(t, { isVerified: false });
    const verified = await createUser(t, { isVerified: true, verifyBy: ago(DAY) });
    const result = await job.pass();
    expect(result.unverifiedAccounts).toBe(1100);
    const [{ n }] = await t.database.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'expired%'`);
    expect(n).toBe(0);
    const kept = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [waiting.id, staffMade.id, verified.id]));
    expect(kept).toHaveLength(3);
    expect((await job.pass()).unverifiedAccounts).toBe(0);
  });

  it('sessions RETENTION_SESSION_DAYS (30) after they expired or were signed out; live and recent ones stay', async () => {
    const member = await createUser(t);
    const row = (fields: Partial<typeof sessions.$inferInsert>) => ({
      userId: member.id,
      expiresAt: later(DAY),
      ...fields,
    });
    const [expiredLongAgo, revokedLongAgo, expiredRecently, revokedRecently, live] = await t.database.db
      .insert(sessions)
      .values([
        row({ expiresAt: ago(31 * DAY) }),
        row({ revokedAt: ago(31 * DAY) }),
        row({ expiresAt: ago(29 * DAY) }),
        row({ revokedAt: ago(DAY) }),
        row({}),
      ])
      .returning({ id: sessions.id });
    expect((await job.pass()).sessions).toBe(2);
    const left = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id)))
      .map((r) => r.id)
      .sort();
    expect(left).toEqual([expiredRecently.id, revokedRecently.id, live.id].sort());
    expect(left).not.toContain(expiredLongAgo.id);
    expect(left).not.toContain(revokedLongAgo.id);
  });

  it('the texts of messages sent or given up RETENTION_MESSAGE_DAYS (90) ago; the envelope stays', async () => {
    const message = (to: string, status: 'pending' | 'sent' | 'failed' | 'kept', createdAt: Date) => ({
      channel: 'email' as const,
      to,
      kind: 'contact_reply',
      lang: 'ar' as const,
      params: ['Lina', 'reply', 'original'],
      subject: 'رد على رسالتك',
      body: 'مرحبًا Lina، نص الرد',
      html: '<p>نص الرد</p>',
      status,
      createdAt,
      sentAt: status === 'sent' ? createdAt : null,
    });
    await t.database.db
      .insert(outbox)
      .values([
        message('old-sent@retention.example', 'sent', ago(91 * DAY)),
        message('old-failed@retention.example', 'failed', ago(91 * DAY)),
        message('old-pending@retention.example', 'pending', ago(91 * DAY)),
        message('recent-sent@retention.example', 'sent', ago(89 * DAY)),
      ]);
    // WhatsApp statuses kept for a wamid never saved: gone after the same days; a recent one stays.
    await t.database.query(
      `INSERT INTO early_deliveries (wamid, status, at, received_at) VALUES
         ('wamid.old', 'sent', now(), now() - interval '91 days'), ('wamid.recent', 'sent', now(), now() - interval '89 days')`,
    );
    const pass = await job.pass();
    expect(pass.messageTexts).toBe(2);
    expect(pass.earlyDeliveries).toBe(1);
    expect(await t.database.query(`SELECT wamid FROM early_deliveries`)).toEqual([{ wamid: 'wamid.recent' }]);
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.to} LIKE '%@retention.example'`);
    const by = (to: string) => rows.find((r) => r.to === to)!;
    for (const to of ['old-sent@retention.example', 'old-failed@retention.example'])
      expect(by(to)).toMatchObject({
        subject: '',
        body: '',
        html: null,
        params: [],
        kind: 'contact_reply',
        lang: 'ar',
      });
    expect(by('old-sent@retention.example').sentAt).not.toBeNull();
    expect(by('old-pending@retention.example').body).toBe('مرحبًا Lina، نص الرد');
    expect(by('recent-sent@retention.example')).toMatchObject({
      body: 'مرحبًا Lina، نص الرد',
      params: ['Lina', 'reply', 'original'],
    });
  });

  it('rate-limit counters whose window has ended', async () => {
    await t.database.db.insert(rateLimits).values([
      { key: 'retention:spent', hits: 3, expiresAt: ago(1000) },
      { key: 'retention:live', hits: 3, expiresAt: later(60_000) },
    ]);
    expect((await job.pass()).rateLimits).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('retention:live');
    expect(keys).not.toContain('retention:spent');
  });

  it('a picture uploaded in the back-office for a form never saved, after RETENTION_UPLOAD_HOURS (24)', async () => {
    const admin = `Bearer ${await adminToken(t)}`;
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const res = await t.http
        .post('/api/admin/uploads/picture')
        .set('Authorization', admin)
        .attach('file', picture, 'p.png');
      expect(res.status).toBe(201);
      return res.body.path as string;
    };
    const abandoned = await upload();
    const saved = await upload();
    const recent = await upload();
    const member = await createUser(t);
    const put = await t.http.put(`/api/admin/users/${member.id}`).set('Authorization', admin).send({ picture: saved });
    expect(put.status).toBe(200);
    await t.database.db
      .update(unattachedUploads)
      .set({ createdAt: ago(25 * HOUR) })
      .where(inArray(unattachedUploads.path, [abandoned, saved]));
    const name = (path: string) => path.split('/').pop()!;
    expect(await storedFiles(t, 'uploads/users')).toEqual(expect.arrayContaining([abandoned, saved, recent].map(name)));

    expect((await job.pass()).unattachedUploads).toBe(1);
    const files = await storedFiles(t, 'uploads/users');
    expect(files).not.toContain(name(abandoned));
    expect(await storedFiles(t, 'uploads/users/thumbs')).not.toContain(name(abandoned));
    expect(files).toEqual(expect.arrayContaining([name(saved), name(recent)]));
    // The saved one is settled (no longer watched); the recent one waits for its day.
    const notes = (await t.database.db.select().from(unattachedUploads)).map((r) => r.path);
    expect(notes).toEqual([recent]);
  });

  it('temporary upload files a crash left behind (DATA_DIR/tmp), after RETENTION_UPLOAD_HOURS', async () => {
    const dir = uploadTempDir(t.config);
    const old = join(dir, randomUUID());
    const fresh = join(dir, randomUUID());
    const other = join(dir, 'not-an-upload.txt');
    for (const file of [old, fresh, other]) await writeFile(file, 'x');
    const longAgo = ago(25 * HOUR);
    await utimes(old, longAgo, longAgo);
    await utimes(other, longAgo, longAgo);
    expect(await job.sweepTempUploads()).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});

describe('cheap on large tables', () => {
  // With sequential scans forbidden, each statement's selection must still be answered by an index:
  // on a large table the planner takes that index, and each statement touches one batch.
  it.each([
    {
      what: 'unverified sign-ups',
      index: 'users_verify_by_idx',
      select: `SELECT id FROM users WHERE verify_by <= now() AND is_verified = false ORDER BY verify_by LIMIT 500`,
    },
    {
      what: 'expired sessions',
      index: 'sessions_expires_idx',
      select: `SELECT id FROM sessions WHERE expires_at < now() - interval '30 days' LIMIT 500`,
    },
    {
      what: 'signed-out sessions',
      index: 'sessions_revoked_idx',
      select: `SELECT id FROM sessions WHERE revoked_at < now() - interval '30 days' LIMIT 500`,
    },
    {
      what: 'message texts',
      index: 'outbox_text_kept_idx',
      select: `SELECT id FROM outbox WHERE status IN ('sent', 'failed') AND (body <> '' OR html IS NOT NULL OR params <> '[]'::jsonb)
         AND created_at < now() - interval '90 days' ORDER BY created_at LIMIT 500`,
    },
    {
      what: 'rate-limit rows',
      index: 'rate_limits_expires_idx',
      select: `SELECT key FROM rate_limits WHERE expires_at < now() LIMIT 500`,
    },
    {
      what: 'unattached uploads',
      index: 'unattached_uploads_created_idx',
      select: `SELECT path FROM unattached_uploads WHERE created_at < now() ORDER BY created_at LIMIT 500`,
    },
    {
      what: 'an account naming a picture',
      index: 'users_picture_idx',
      select: `SELECT id FROM users WHERE picture = '/uploads/users/x.jpg' LIMIT 1`,
    },
  ])('$what: through $index', async ({ select, index }) => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET LOCAL enable_seqscan = off'));
      const rows = await tx.execute(sql.raw(`EXPLAIN ${select}`));
      return JSON.stringify(rows);
    });
    expect(plan).toContain(index);
  });
});

describe('one pass per period, however many processes ask', () => {
  beforeEach(() => t.database.db.delete(jobRuns));

  it('three asking at once: one runs it, records what it did, and the next is due RETENTION_EVERY_MINUTES later', async () => {
    await createUser(t, { isVerified: false, verifyBy: ago(1000) });
    const results = await Promise.all([job.runDue(), job.runDue(), job.runDue()]);
    const ran = results.filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.unverifiedAccounts).toBe(1);
    const [row] = await t.database.db.select().from(jobRuns);
    expect(row.lastResult).toMatchObject({ unverifiedAccounts: 1 });
    expect(row.lastFinishedAt).not.toBeNull();
    const minutes = (row.nextRunAt.getTime() - row.lastStartedAt!.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);
    // Not due again until then; due once the time has come.
    expect(await job.runDue()).toBeNull();
    await t.database.db.update(jobRuns).set({ nextRunAt: ago(1000) });
    expect(await job.runDue()).not.toBeNull();
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two API instances on one database', () => {
  let second: Database;
  let b: NestFastifyApplication;
  beforeAll(async () => {
    second = await openDatabase(t.location);
    b = await createApp(t.config, second, { info: () => undefined, warn: () => undefined }, process.stderr);
    await b.init();
  });
  afterAll(async () => {
    await b.close();
    await second.close();
  });
  beforeEach(() => t.database.db.delete(jobRuns));

  it('run the pass once between them, ten times over', async () => {
    for (let round = 0; round < 10; round++) {
      await t.database.db.delete(jobRuns);
      await createUser(t, { isVerified: false, verifyBy: ago(1000) });
      const results = await Promise.all([
        job.runDue(),
        b.get(RetentionJob).runDue(),
        job.runDue(),
        b.get(RetentionJob).runDue(),
      ]);
      const ran = results.filter((r) => r !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]!.unverifiedAccounts).toBe(1);
    }
  });
});
