import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { skills } from '../src/db/schema';
import { createUser, startTestApp, type TestApp } from './harness';

/**
 * Load and faults on a real PostgreSQL server, reached through a TCP proxy on 127.0.0.1 that the test
 * can cut (every connection reset, new ones refused) and restore: the database restarting, as the
 * API sees it. Mixed member traffic: sign-in, the home reads, account reads, and writes (a skill
 * added, then removed). Short in `npm test`; `npm run test:reliability -w api` runs 200 members for
 * 60 seconds (RELIABILITY_MEMBERS, RELIABILITY_SECONDS). Needs TEST_DATABASE_URL (PGlite has no
 * server to lose).
 */
const MEMBERS = Number(process.env.RELIABILITY_MEMBERS || 20);
const SECONDS = Number(process.env.RELIABILITY_SECONDS || 6);
const server = process.env.TEST_DATABASE_URL;
const maybe = server ? describe : describe.skip;

/** A TCP proxy to the PostgreSQL server that can be cut and restored. */
async function databaseProxy(target: URL) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (listener?.listening) return resolve();
      listener = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      listener.listen(port, '127.0.0.1', () => {
        port = (listener!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url: (location: string) => {
      const u = new URL(location);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    /** The database goes away: open connections reset, new ones refused. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        listener!.close(() => resolve());
      }),
    restore: listen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (listener?.listening) listener.close(() => resolve());
        else resolve();
      }),
  };
}

interface Outcome {
  statuses: Record<number, number>;
  unexpected: string[];
  /** Skill names whose add was acknowledged, and of those, whose removal was acknowledged. */
  added: Set<string>;
  removed: Set<string>;
  /** Adds or removals whose outcome the member cannot know (the answer never came, or a 503). */
  unsure: Set<string>;
  slowestOutageAnswerMs: number;
}

maybe(`under load (${MEMBERS} members)`, () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let base = '';
  let members: { nationalId: string; password: string; id: string }[] = [];

  beforeAll(async () => {
    proxy = await databaseProxy(new URL(server!));
    t = await startTestApp({ RATE_LIMIT_SIGNIN: '100000' }, { databaseUrl: proxy.url });
    await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    members = [];
    for (let i = 0; i < MEMBERS; i++) {
      const u = await createUser(t, { type: i % 2 });
      members.push({ nationalId: u.nationalId!, password: u.password, id: u.id });
    }
  }, 120_000);
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await t?.close();
    await proxy?.close();
  });

  /** Every member runs the mixed journey in a loop until the deadline. */
  async function traffic(seconds: number, outage?: { from: number; to: number }): Promise<Outcome> {
    const out: Outcome = {
      statuses: {},
      unexpected: [],
      added: new Set(),
      removed: new Set(),
      unsure: new Set(),
      slowestOutageAnswerMs: 0,
    };
    const started = Date.now();
    const deadline = started + seconds * 1000;
    // A call the outage may answer 503: one still in flight when the database went away, or sent
    // before it was back and healthy (5 seconds after its return).
    const inOutage = (sent: number, answered: number) =>
      !!outage && answered >= started + outage.from && sent <= started + outage.to + 5000;
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const sent = Date.now();
      let status = 0;
      let data: Record<string, unknown> = {};
      let authorization: string | null = null;
      try {
        const res = await fetch(base + path, {
          method,
          headers: {
            'content-type': 'application/json',
            'accept-language': 'ar',
            ...(token ? { authorization: token } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        authorization = res.headers.get('authorization');
        data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      } catch (e) {
        out.unexpected.push(`${method} ${path}: no answer (${(e as Error).message})`);
      }
      out.statuses[status] = (out.statuses[status] ?? 0) + 1;
      const during = inOutage(sent, Date.now());
      if (during && status === 503) out.slowestOutageAnswerMs = Math.max(out.slowestOutageAnswerMs, Date.now() - sent);
      if (status >= 500 && !(during && status === 503)) out.unexpected.push(`${method} ${path}: ${status}`);
      if (status === 503 && typeof data.message !== 'string')
        out.unexpected.push(`${method} ${path}: 503 without a message`);
      return { status, data, authorization };
    };

    await Promise.all(
      members.map(async (m, k) => {
        let token: string | undefined;
        for (let i = 0; Date.now() < deadline; i++) {
          if (!token || i % 25 === 0) {
            const r = await call('POST', '/api/adduser-steb', undefined, {
              national_id: m.nationalId,
              password: m.password,
              type: k % 2,
              loginType: 'signin',
            });
            if (r.status === 200) token = r.authorization ?? undefined;
            if (!token) continue;
          }
          await call('GET', '/api/posts?home=true&limit=4', token);
          await call('GET', '/api/announcements', token);
          const me = await call('GET', '/api/accounts', token);
          if (me.status === 401) token = undefined;
          const name = `m${k}-${i}`;
          const add = await call('POST', '/api/skills', token, { name });
          if (add.status === 200) out.added.add(name);
          else if (add.status === 0 || add.status === 503) out.unsure.add(name);
          const list = (add.data.skilles ?? []) as { _id: string; name: string }[];
          const id = list.find((s) => s.name === name)?._id;
          if (id) {
            const del = await call('DELETE', `/api/skills?id=${id}`, token);
            if (del.status === 200) out.removed.add(name);
            else if (del.status === 0 || del.status === 503) out.unsure.add(name);
          }
        }
      }),
    );
    return out;
  }

  /** What the database holds agrees with every acknowledged write; nothing was written twice. */
  async function expectWritesKept(out: Outcome) {
    const rows = await t.database.db
      .select({ name: skills.name })
      .from(skills)
      .where(
        inArray(
          skills.userId,
          members.map((m) => m.id),
        ),
      );
    const stored = rows.map((r) => r.name);
    expect(new Set(stored).size).toBe(stored.length);
    const held = new Set(stored);
    const lost = [...out.added].filter((n) => !out.removed.has(n) && !out.unsure.has(n) && !held.has(n));
    const kept = [...out.removed].filter((n) => held.has(n));
    const phantom = stored.filter((n) => !out.added.has(n) && !out.unsure.has(n));
    expect({ lost, keptAfterRemoval: kept, phantom }).toEqual({ lost: [], keptAfterRemoval: [], phantom: [] });
    return stored.length;
  }

  it('serves mixed member traffic with no unexpected error, and stores exactly the writes it acknowledged', async () => {
    const out = await traffic(SECONDS);
    expect(out.unexpected).toEqual([]);
    expect(out.unsure.size).toBe(0);
    const stored = await expectWritesKept(out);
    expect(stored).toBe(out.added.size - out.removed.size);
    expect(out.added.size).toBeGreaterThan(MEMBERS);
    console.log(`load: ${JSON.stringify(out.statuses)}; ${out.added.size} skills added, ${out.removed.size} removed`);
  }, 300_000);

  it('answers 503 with a message while the database is away, recovers within 5 seconds, loses no acknowledged write', async () => {
    const cutAt = Math.min(2, SECONDS / 3);
    const outageSeconds = 2;
    let recoveryMs = Infinity;
    const faults = (async () => {
      await new Promise((r) => setTimeout(r, cutAt * 1000));
      await proxy.cut();
      await new Promise((r) => setTimeout(r, outageSeconds * 1000));
      await proxy.restore();
      // Back within 5 seconds of the database's return, while the load goes on.
      const restoredAt = Date.now();
      while (Date.now() - restoredAt < 10_000) {
        const ok = await fetch(`${base}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) {
          recoveryMs = Date.now() - restoredAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const out = await traffic(SECONDS + outageSeconds, { from: cutAt * 1000, to: (cutAt + outageSeconds) * 1000 });
    await faults;
    expect(out.unexpected).toEqual([]);
    expect(out.statuses[503] ?? 0).toBeGreaterThan(0);
    expect(recoveryMs).toBeLessThanOrEqual(5000);
    await expectWritesKept(out);
    // Every pooled connection came back: none was kept out by a transaction whose `begin` failed.
    const pool = (t.database.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    console.log(
      `outage: ${JSON.stringify(out.statuses)}; slowest 503 ${out.slowestOutageAnswerMs} ms; healthy ${recoveryMs} ms after the database returned; ${out.unsure.size} writes of unknown outcome`,
    );
  }, 300_000);
});
