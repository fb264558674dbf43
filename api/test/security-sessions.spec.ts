import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/core/config';
import { sessions } from '../src/db/schema';
import { createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Issue 31, finding 7: a member can end every session of theirs at once ("sign out everywhere"),
 * member sessions end after MEMBER_IDLE_DAYS without a call, and a password change ends them all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const whoAmI = (token: string) => t.http.post('/api/getuser').set('Authorization', token);

describe('sign out everywhere (POST /api/logout/all)', () => {
  it("ends every session of the member, this one included, and nobody else's", async () => {
    const member = await createUser(t, { type: 1 });
    const phone = await signIn(t, member);
    const laptop = await signIn(t, member);
    const other = await createUser(t, { type: 0 });
    const othersToken = await signIn(t, other);

    const res = await t.http.post('/api/logout/all').set('Authorization', phone).set('Accept-Language', 'ar');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'تم تسجيل الخروج من جميع الأجهزة.' });

    for (const token of [phone, laptop]) expect((await whoAmI(token)).status).toBe(401);
    expect((await whoAmI(othersToken)).status).toBe(200);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt)).toBe(true);
    // Signing in again works as before.
    expect((await whoAmI(await signIn(t, member))).status).toBe(200);
  });

  it('answers in English, and refuses without a session', async () => {
    const member = await createUser(t, { type: 0 });
    const res = await t.http.post('/api/logout/all').set('Authorization', await signIn(t, member));
    expect(res.body.message).toBe('Signed out on every device.');
    expect((await t.http.post('/api/logout/all')).status).toBe(401);
  });
});

describe('idle member sessions', () => {
  it('end after MEMBER_IDLE_DAYS (7) without a call; a call extends them', async () => {
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    const [{ id }] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    const seen = (daysAgo: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(sessions.id, id));

    // Six days without a call: still signed in, and the call moves the last-seen time to now.
    await seen(6);
    const before = Date.now();
    expect((await whoAmI(token)).status).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);

    // Eight days: the session has ended and its row is revoked.
    await seen(8);
    const ended = await whoAmI(token);
    expect([ended.status, ended.body.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
    const [revoked] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(revoked.revokedAt).not.toBeNull();
  });

  it('is a setting: MEMBER_IDLE_DAYS, 7 by default, at most the session lifetime', () => {
    const base = { DATA_DIR: '/tmp/config-test', JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123' };
    expect(loadConfig(base).memberIdleDays).toBe(7);
    expect(loadConfig({ ...base, MEMBER_IDLE_DAYS: '14' }).memberIdleDays).toBe(14);
    expect(() => loadConfig({ ...base, MEMBER_IDLE_DAYS: '0' })).toThrow(/Configuration error: MEMBER_IDLE_DAYS /);
    expect(() => loadConfig({ ...base, MEMBER_IDLE_DAYS: '31' })).toThrow(/Configuration error: MEMBER_IDLE_DAYS /);
  });
});

describe('a password change', () => {
  it('ends every session of the member (the others and this one)', async () => {
    const member = await createUser(t, { type: 0 });
    const here = await signIn(t, member);
    const there = await signIn(t, member);
    const res = await t.http
      .post('/api/accounts/changepassword')
      .set('Authorization', here)
      .send({ password: member.password, npassword: 'New-pass-2026', cpassword: 'New-pass-2026' });
    expect(res.status).toBe(200);
    for (const token of [here, there]) expect((await whoAmI(token)).status).toBe(401);
  });
});
