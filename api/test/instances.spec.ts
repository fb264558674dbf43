import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/core/config';
import { openDatabase, type Database } from '../src/core/database';
import { orders, outbox, regions, settings, users } from '../src/db/schema';
import { OutboxWorker } from '../src/outbox/outbox.worker';
import { addPeriod, isoDay } from '../src/payments/period';
import { PaymentsService } from '../src/payments/payments.service';
import { startSmtp } from './catchers';
import { createUser, signIn, startTestApp, type TestApp } from './harness';
import { createPlan } from './builders';

/**
 * Several API instances on one PostgreSQL database, as behind a load balancer: what must hold when
 * nothing but the database is shared (issue 21). PostgreSQL only: PGlite is one process's database.
 */
const server = process.env.TEST_DATABASE_URL;
const onPostgres = server ? describe : describe.skip;
const quiet = { info: () => undefined, warn: () => undefined };

onPostgres('three instances starting at once on an empty database', () => {
  const name = `t_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: server });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('apply the migrations once (advisory lock) and write the first rows once: one admin, one settings row, 13 regions', async () => {
    const url = new URL(server!);
    url.pathname = `/${name}`;
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase(url.toString())));
    const apps: NestFastifyApplication[] = [];
    const shown: string[] = [];
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: `/tmp/instances-${name}`,
        JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
        DEMO: '0',
        LOG_LEVEL: 'error',
      });
      apps.push(
        ...(await Promise.all(
          databases.map((database) =>
            createApp(config, database, { info: (m) => shown.push(m), warn: (m) => shown.push(m) }),
          ),
        )),
      );
      const db = databases[0].db;
      const [migrations] = await databases[0].query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      // Every migration of the journal once, though three instances ran them.
      const journal = JSON.parse(readFileSync(join(__dirname, '../src/db/migrations/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(migrations.n).toBe(journal.entries.length);
      expect(await db.select().from(users).where(eq(users.type, 4))).toHaveLength(1);
      expect(await db.select().from(settings)).toHaveLength(1);
      expect(await db.select().from(regions)).toHaveLength(13);
      // The generated password is printed by the one instance that stored it.
      expect(shown.filter((m) => m.startsWith('First admin created'))).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});

onPostgres('two instances on one database', () => {
  let a: TestApp;
  let b: NestFastifyApplication;
  let second: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    a = await startTestApp({ RATE_LIMIT_SIGNIN: '5', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    second = await openDatabase(a.location);
    b = await createApp(a.config, second, quiet, process.stderr);
    await b.init();
  });
  afterAll(async () => {
    await b.close();
    await second.close();
    await a.close();
    await smtp.close();
  });
  const http = () => [a.http, request(b.getHttpServer())];

  it('count sign-in attempts together: 12 wrong passwords split across both meet the limit of 5 a minute', async () => {
    const member = await createUser(a, { type: 1 });
    const [one, two] = http();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await (i % 2 ? two : one)
        .post('/api/adduser-steb')
        .set('Accept-Language', 'ar')
        .send({ national_id: member.nationalId, password: 'wrong-password', type: 1, loginType: 'signin' });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The right password is refused too for the rest of the minute, on either instance.
    const right = await two
      .post('/api/adduser-steb')
      .send({ national_id: member.nationalId, password: member.password, type: 1, loginType: 'signin' });
    expect(right.status).toBe(429);
    expect(right.body.success).toBe(false);
  });

  it('send each outbox message once although both workers drain at the same time', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      channel: 'email' as const,
      to: `reader${i}@test.example`,
      subject: `Message ${i}`,
      body: `Body ${i}`,
    }));
    await a.database.db.insert(outbox).values(rows);
    const handled = await Promise.all([
      a.app.get(OutboxWorker).drain(),
      b.get(OutboxWorker).drain(),
      a.app.get(OutboxWorker).drain(),
      b.get(OutboxWorker).drain(),
    ]);
    expect(handled.reduce((x, y) => x + y, 0)).toBe(40);
    const to = smtp.received.map((m) => m.to).filter((t) => t.startsWith('reader'));
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
    const sent = await a.database.db.select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(sent.filter((r) => r.to.startsWith('reader'))).toHaveLength(40);
  });

  it('activate a paid order once although both reconcilers run at the same time', async () => {
    const plan = await createPlan(a, { price: '350' });
    const coach = await createUser(a, { type: 1 });
    const token = await signIn(a, coach);
    const bought = await a.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    expect(bought.status).toBe(200);
    const orderId = bought.body.order._id as string;
    // The member pays on the provider's page and closes the tab: nobody comes back to say so.
    const page = new URL(bought.body.response.order.url as string).pathname;
    expect((await request(b.getHttpServer()).post(page).type('form').send({ action: 'pay' })).status).toBe(303);

    const results = await Promise.all([
      a.app.get(PaymentsService).reconcile(),
      b.get(PaymentsService).reconcile(),
      a.app.get(PaymentsService).reconcile(),
      b.get(PaymentsService).reconcile(),
    ]);
    expect(results.reduce((n, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(1);
    const [order] = await a.database.db.select().from(orders).where(eq(orders.id, orderId));
    const end = addPeriod(isoDay(new Date()), 1, 'year');
    expect(order).toMatchObject({ status: 'paid', periodEnd: end });
    const [member] = await a.database.db.select().from(users).where(eq(users.id, coach.id));
    // Once: a second activation would have added a second year.
    expect(member.endDate).toBe(end);
  });
});
