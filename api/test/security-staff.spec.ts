import { Writable } from 'node:stream';
import * as argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { createApp } from '../src/app';
import { loadConfig } from '../src/core/config';
import { auditLog, recoveryCodes, sessions, staffTwoFactor, users } from '../src/db/schema';
import { ADMIN, adminToken, createUser, migratedMemoryDatabase, startTestApp, type TestApp } from './harness';

/**
 * Issue 31, finding 8: staff accounts. The first admin of a production platform never has a password
 * in the log; a generated or admin-set password is changed at first sign-in; staff can turn on
 * two-factor sign-in (TOTP, with recovery codes) and admins can be required to; an admin can reset
 * another's; staff sign-ins and media uploads are in the audit log.
 */

let t: TestApp;
let written = '';
let admin: string;
beforeAll(async () => {
  const logged = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logDestination: logged });
  admin = await adminToken(t);
});
afterAll(() => t.close());

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (digits: string) => digits.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);
const totp = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

let n = 0;
async function staff(type: 4 | 5 = 5, fields: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  return createUser(t, { type, email: `staff${n}.${Date.now()}@staff.example`, nationalId: null, ...fields });
}
const login = (email: string, password: string, lang = 'en') =>
  t.http.post('/api/admin-login').set('Accept-Language', lang).send({ national_id: email, password, type: 4 });
const withCode = (challenge: unknown, code: string, lang = 'en') =>
  t.http.post('/api/admin-login/two-factor').set('Accept-Language', lang).send({ challenge, code });

/** Turns two-factor sign-in on for a signed-in staff member; answers the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.http.post('/api/admin-session/two-factor/setup').set('Authorization', token);
  expect(setup.status).toBe(200);
  const on = await t.http
    .post('/api/admin-session/two-factor/enable')
    .set('Authorization', token)
    .send({ code: await totp(setup.body.secret as string) });
  expect(on.status).toBe(200);
  return { secret: setup.body.secret as string, codes: on.body.recovery_codes as string[] };
}

describe('the first admin', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    MEMBER_URL: 'https://member.example.sa',
    PUBLIC_API_URL: 'https://api.example.sa',
    DATA_DIR: '/tmp/first-admin-test',
    JWT_SECRET: 'test-secret-Jq7vX2pL9mN4rT8wY3zB-0123',
    DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    WHATSAPP_TOKEN: 'token',
    WHATSAPP_PHONE_NUMBER_ID: '1',
    WHATSAPP_APP_SECRET: 'whatsapp-app-secret-0123',
    WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-0123',
    TELR_STORE_ID: '1',
    TELR_AUTH_KEY: 'key',
    SELLER_VAT_NUMBER: '300000000000003',
    MEMBER_PROXY_SECRET: 'member-proxy-secret-member-proxy-secret-0123',
    OUTBOX_WORKER: '0',
    PAYMENT_RECONCILE_MS: '86400000',
    LOG_LEVEL: 'silent',
    DEMO: '0',
  };

  it('in production, is never made with a generated password: the start stops and says what to set', async () => {
    const database = await migratedMemoryDatabase();
    const shown: string[] = [];
    const log = { info: (m: string) => shown.push(m), warn: (m: string) => shown.push(m) };
    try {
      await expect(createApp(loadConfig(PRODUCTION), database, log)).rejects.toThrow(
        /ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production/,
      );
      expect(shown.join('\n')).not.toMatch(/password:/i);
      expect(await database.db.select().from(users)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('in production, comes from ADMIN_EMAIL and ADMIN_PASSWORD, and nothing of the password is logged', async () => {
    const database = await migratedMemoryDatabase();
    const shown: string[] = [];
    const log = { info: (m: string) => shown.push(m), warn: (m: string) => shown.push(m) };
    const env = { ...PRODUCTION, ADMIN_EMAIL: 'owner@federation.example', ADMIN_PASSWORD: 'Owner-pass-2026' };
    const app = await createApp(loadConfig(env), database, log);
    try {
      const [owner] = await database.db.select().from(users).where(eq(users.type, 4));
      expect([owner.email, owner.passwordMustChange]).toEqual(['owner@federation.example', false]);
      expect(shown.join('\n')).toContain('First admin created: owner@federation.example');
      expect(shown.join('\n')).not.toContain('Owner-pass-2026');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('in development, keeps its generated password printed once, which must be changed at first sign-in', async () => {
    const database = await migratedMemoryDatabase();
    const shown: string[] = [];
    const log = { info: (m: string) => shown.push(m), warn: (m: string) => shown.push(m) };
    const config = loadConfig({ ...PRODUCTION, NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '' });
    const app = await createApp(config, database, log);
    try {
      const line = shown.find((m) => m.startsWith('First admin created'))!;
      expect(line).toMatch(/admin@example\.com \/ password: \S+/);
      const [first] = await database.db.select().from(users).where(eq(users.type, 4));
      expect(first.passwordMustChange).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a password to change at first sign-in', () => {
  it('an admin-created staff member may do nothing but change it; the new one frees the account', async () => {
    const created = await t.http
      .post('/api/admin/admins')
      .set('Authorization', admin)
      .send({
        name: 'New Sub',
        email: `newsub.${Date.now()}@staff.example`,
        phone_number: '0551234567',
        national_id: `3${String(Date.now()).slice(-9)}`,
        nationality: 'SA',
        password: 'Given-pass-123',
        cpassword: 'Given-pass-123',
        type: 5,
      });
    expect(created.status).toBe(201);
    const email = created.body.email as string;
    const first = await login(email, 'Given-pass-123');
    expect(first.status).toBe(200);
    const token = first.headers.authorization as string;
    const elsewhere = (await login(email, 'Given-pass-123')).headers.authorization as string;

    const session = await t.http.get('/api/admin-session').set('Authorization', token);
    expect(session.body).toMatchObject({ must_change_password: true, two_factor: false });
    const refused = await t.http.get('/api/admin/users').set('Authorization', token).set('Accept-Language', 'ar');
    expect([refused.status, refused.body.message]).toEqual([403, 'يُرجى اختيار كلمة مرور جديدة قبل المتابعة.']);

    const change = (body: object) => t.http.post('/api/admin-session/password').set('Authorization', token).send(body);
    expect(
      (await change({ password: 'Wrong-pass-1', npassword: 'Own-pass-2026', cpassword: 'Own-pass-2026' })).body.message,
    ).toBe('The current password is incorrect.');
    expect(
      (await change({ password: 'Given-pass-123', npassword: 'Given-pass-123', cpassword: 'Given-pass-123' })).body
        .message,
    ).toBe('The new password must be different from the current one.');
    expect((await change({ password: 'Given-pass-123', npassword: 'short', cpassword: 'short' })).status).toBe(400);
    const done = await change({ password: 'Given-pass-123', npassword: 'Own-pass-2026', cpassword: 'Own-pass-2026' });
    expect([done.status, done.body.message]).toEqual([200, 'Password changed. Your other sessions have ended.']);

    // This session goes on, freed; the other one has ended.
    expect((await t.http.get('/api/admin/users').set('Authorization', token)).status).toBe(200);
    expect((await t.http.get('/api/admin-session').set('Authorization', elsewhere)).status).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, created.body.id as string));
    expect(row.passwordMustChange).toBe(false);
  });

  it("an admin resetting another staff member's password makes them change it; their own does not", async () => {
    const sub = await staff(5);
    const reset = await t.http
      .put(`/api/admin/admins/${sub.id}`)
      .set('Authorization', admin)
      .send({ password: 'Reset-pass-123', cpassword: 'Reset-pass-123' });
    expect(reset.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, sub.id));
    expect(row.passwordMustChange).toBe(true);
    const token = (await login(sub.email!, 'Reset-pass-123')).headers.authorization as string;
    expect((await t.http.get('/api/admin/users').set('Authorization', token)).status).toBe(403);

    const second = await staff(4);
    const secondToken = await adminToken(t, second.email!, second.password);
    const own = await t.http
      .put(`/api/admin/admins/${second.id}`)
      .set('Authorization', secondToken)
      .send({ password: 'Mine-pass-1234', cpassword: 'Mine-pass-1234' });
    expect(own.status).toBe(200);
    const [mine] = await t.database.db.select().from(users).where(eq(users.id, second.id));
    expect(mine.passwordMustChange).toBe(false);
  });
});

describe('two-factor sign-in', () => {
  it('is turned on with a code from the app; the secret is kept encrypted and the recovery codes hashed', async () => {
    const sub = await staff(5);
    const token = await adminToken(t, sub.email!, sub.password);
    const setup = await t.http.post('/api/admin-session/two-factor/setup').set('Authorization', token);
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(
      `otpauth://totp/WRO%20Platform:${encodeURIComponent(sub.email!)}?secret=${secret}&issuer=WRO%20Platform`,
    );
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.database.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, sub.id));
    expect(stored.secret).not.toContain(secret);
    expect(stored.confirmedAt).toBeNull();

    const wrong = await t.http
      .post('/api/admin-session/two-factor/enable')
      .set('Authorization', token)
      .send({ code: (Number(await totp(secret)) ^ 1).toString().padStart(6, '0') });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'The code is incorrect or has already been used.']);
    const on = await t.http
      .post('/api/admin-session/two-factor/enable')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ code: arabic(await totp(secret)) });
    expect([on.status, on.body.message]).toEqual([200, 'تم تفعيل التحقق بخطوتين. احفظ رموز الاسترداد في مكان آمن.']);
    const codes = on.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const kept = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, sub.id));
    expect(kept).toHaveLength(10);
    const stored10 = JSON.stringify(kept);
    for (const code of codes) expect(stored10).not.toContain(code.replace('-', ''));
    // Never shown again, neither by the session nor by the staff list.
    const session = await t.http.get('/api/admin-session').set('Authorization', token);
    expect(session.body).toMatchObject({ two_factor: true, must_change_password: false });
    const record = await t.http.get(`/api/admin/admins/${sub.id}`).set('Authorization', admin);
    expect(record.body.two_factor).toBe(true);
    for (const body of [session.text, record.text]) expect(body).not.toContain(secret);
    expect((await t.http.post('/api/admin-session/two-factor/setup').set('Authorization', token)).status).toBe(409);
    expect(written).not.toContain(secret);
  });

  it('then asks for a code after the password: Arabic-Indic digits, each code once, a recovery code once', async () => {
    const sub = await staff(5);
    const { secret, codes } = await enrol(await adminToken(t, sub.email!, sub.password));
    const before = (await t.database.db.select().from(sessions).where(eq(sessions.userId, sub.id))).length;

    const first = await login(sub.email!, sub.password, 'ar');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      two_factor: true,
      message: 'أدخل الرمز المكوّن من ستة أرقام من تطبيق المصادقة، أو أحد رموز الاسترداد.',
    });
    expect(first.headers.authorization).toBeUndefined();
    expect((await t.database.db.select().from(sessions).where(eq(sessions.userId, sub.id))).length).toBe(before);
    // The challenge is no session.
    expect((await t.http.get('/api/admin-session').set('Authorization', first.body.challenge)).status).toBe(401);

    const wrong = await withCode(first.body.challenge, '000000');
    expect([wrong.status, wrong.body.message]).toEqual([401, 'The code is incorrect or has already been used.']);
    const code = await totp(secret, 30);
    const ok = await withCode(first.body.challenge, arabic(code.slice(0, 3)) + ' ' + arabic(code.slice(3)));
    expect(ok.status).toBe(200);
    const token = ok.headers.authorization as string;
    expect((await t.http.get('/api/admin/users').set('Authorization', token)).status).toBe(200);

    // The same code a second time, even with a fresh password step, is refused (and so is an older one).
    const again = await login(sub.email!, sub.password);
    expect((await withCode(again.body.challenge, code)).status).toBe(401);
    expect((await withCode(again.body.challenge, await totp(secret))).status).toBe(401);

    // A recovery code, in capitals and without its dash, works once.
    const recovered = await withCode(again.body.challenge, codes[0].replace('-', '').toUpperCase());
    expect(recovered.status).toBe(200);
    const third = await login(sub.email!, sub.password);
    expect((await withCode(third.body.challenge, codes[0])).status).toBe(401);
    const kept = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, sub.id));
    expect(kept.filter((c) => c.usedAt)).toHaveLength(1);
  });

  it('keeps the challenge good when the password step upgrades an old password hash', async () => {
    const sub = await staff(5);
    const { secret } = await enrol(await adminToken(t, sub.email!, sub.password));
    const old = await argon2.hash(sub.password, { type: argon2.argon2id });
    await t.database.db.update(users).set({ passwordHash: old }).where(eq(users.id, sub.id));
    const { challenge } = (await login(sub.email!, sub.password)).body as { challenge: string };
    const [after] = await t.database.db.select().from(users).where(eq(users.id, sub.id));
    expect(after.passwordHash).not.toBe(old);
    expect((await withCode(challenge, await totp(secret, 30))).status).toBe(200);
  });

  it('refuses a forged, expired or session token as the challenge', async () => {
    const sub = await staff(5);
    const { secret } = await enrol(await adminToken(t, sub.email!, sub.password));
    const code = await totp(secret, 60);
    const session = await adminToken(t);
    for (const challenge of ['x', session, `${session}x`, 42, null]) {
      const res = await withCode(challenge, code);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('This sign-in step has expired. Please sign in again.');
    }
    const { JwtService } = await import('@nestjs/jwt');
    const expired = await t.app.get(JwtService).signAsync({ sub: sub.id, purpose: 'two-factor' }, { expiresIn: -10 });
    expect((await withCode(expired, code)).status).toBe(401);
  });

  it('gives five wrong codes a quarter of an hour, then refuses even the right one', async () => {
    const sub = await staff(5);
    const { secret } = await enrol(await adminToken(t, sub.email!, sub.password));
    const { challenge } = (await login(sub.email!, sub.password)).body as { challenge: string };
    for (let i = 0; i < 5; i++) expect((await withCode(challenge, '000000')).status).toBe(401);
    const blocked = await withCode(challenge, await totp(secret, 60));
    expect([blocked.status, blocked.body.message]).toEqual([
      429,
      'Too many wrong codes. Please wait a quarter of an hour and try again.',
    ]);
    // A new password step does not start the count again.
    const fresh = (await login(sub.email!, sub.password)).body.challenge as string;
    expect((await withCode(fresh, await totp(secret, 60))).status).toBe(429);
  });

  it('works with the back-office cookie', async () => {
    const sub = await staff(5);
    const { secret } = await enrol(await adminToken(t, sub.email!, sub.password));
    const first = await t.http
      .post('/api/admin-login')
      .set('X-Admin-Session', 'cookie')
      .send({ national_id: sub.email, password: sub.password });
    expect(first.headers['set-cookie']).toBeUndefined();
    const res = await t.http
      .post('/api/admin-login/two-factor')
      .set('X-Admin-Session', 'cookie')
      .send({ challenge: first.body.challenge, code: await totp(secret, 30) });
    expect(res.status).toBe(200);
    expect(res.body.csrf).toEqual(expect.any(String));
    const cookie = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) =>
      c.startsWith('admin_session='),
    );
    expect(cookie).toMatch(/HttpOnly/);
    expect((await t.http.get('/api/admin-session').set('Cookie', cookie!.split(';')[0])).status).toBe(200);
  });

  it('makes new recovery codes with a code from the app; the old ones stop working', async () => {
    const sub = await staff(5);
    const token = await adminToken(t, sub.email!, sub.password);
    const { secret, codes } = await enrol(token);
    const renew = (code: string, lang = 'en') =>
      t.http
        .post('/api/admin-session/two-factor/recovery-codes')
        .set('Authorization', token)
        .set('Accept-Language', lang)
        .send({ code });
    expect((await renew('000000')).body.message).toBe('The code is incorrect or has already been used.');
    // The code that turned it on was used; the next one, typed in Arabic-Indic digits, makes new codes.
    const code = await totp(secret, 30);
    const made = await renew(arabic(code), 'ar');
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('هذه رموز الاسترداد الجديدة، ولم تعد الرموز السابقة صالحة.');
    const fresh = made.body.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    // Each app code once.
    expect((await renew(code)).status).toBe(400);
    // An old recovery code no longer signs in; a new one does.
    const first = await login(sub.email!, sub.password);
    expect((await withCode(first.body.challenge, codes[1])).status).toBe(401);
    expect((await withCode(first.body.challenge, fresh[0])).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, sub.id), eq(auditLog.action, 'recovery_codes')));
    expect(audit).toHaveLength(1);
  });

  it('is turned off with the password', async () => {
    const sub = await staff(5);
    const token = await adminToken(t, sub.email!, sub.password);
    await enrol(token);
    const off = (password: string) =>
      t.http.post('/api/admin-session/two-factor/disable').set('Authorization', token).send({ password });
    expect((await off('Wrong-pass-1')).status).toBe(400);
    expect((await off(sub.password)).body.message).toBe('Two-factor sign-in is off.');
    expect((await login(sub.email!, sub.password)).headers.authorization).toBeTruthy();
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, sub.id))).toEqual([]);
  });

  it("can be reset by an admin (audited), who ends that person's sessions; not by a sub-admin, not one's own", async () => {
    const sub = await staff(5);
    const subToken = await adminToken(t, sub.email!, sub.password);
    await enrol(subToken);
    const other = await staff(5);
    const otherToken = await adminToken(t, other.email!, other.password);
    expect(
      (await t.http.post(`/api/admin/admins/${sub.id}/two-factor/reset`).set('Authorization', otherToken)).status,
    ).toBe(403);
    const [me] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect((await t.http.post(`/api/admin/admins/${me.id}/two-factor/reset`).set('Authorization', admin)).status).toBe(
      400,
    );

    const reset = await t.http.post(`/api/admin/admins/${sub.id}/two-factor/reset`).set('Authorization', admin);
    expect([reset.status, reset.body.message]).toEqual([
      200,
      'Two-factor sign-in was reset: they now sign in with their password and can turn it on again.',
    ]);
    expect((await t.http.get('/api/admin-session').set('Authorization', subToken)).status).toBe(401);
    expect((await login(sub.email!, sub.password)).headers.authorization).toBeTruthy();
    expect((await t.http.post(`/api/admin/admins/${sub.id}/two-factor/reset`).set('Authorization', admin)).status).toBe(
      400,
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, sub.id), eq(auditLog.action, 'two_factor_reset')));
    expect(entry).toMatchObject({ actorId: me.id, resource: 'admins' });
  });
});

describe('ADMIN_REQUIRE_2FA=1', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ ADMIN_REQUIRE_2FA: '1' });
  });
  afterAll(() => strict.close());

  it('sends an admin without two-factor sign-in to enrolment: nothing else until it is on, and it stays on', async () => {
    const token = await adminToken(strict);
    const session = await strict.http.get('/api/admin-session').set('Authorization', token);
    expect(session.body).toMatchObject({ two_factor: false, two_factor_required: true });
    const refused = await strict.http.get('/api/admin/users').set('Authorization', token);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Please turn on two-factor sign-in before you continue.',
    ]);

    const setup = await strict.http.post('/api/admin-session/two-factor/setup').set('Authorization', token);
    const secret = setup.body.secret as string;
    const code = await generate({ secret });
    expect(
      (await strict.http.post('/api/admin-session/two-factor/enable').set('Authorization', token).send({ code }))
        .status,
    ).toBe(200);
    expect((await strict.http.get('/api/admin/users').set('Authorization', token)).status).toBe(200);
    const off = await strict.http
      .post('/api/admin-session/two-factor/disable')
      .set('Authorization', token)
      .send({ password: ADMIN.password });
    expect([off.status, off.body.message]).toEqual([400, 'Admins must keep two-factor sign-in on.']);
  });

  it('leaves sub-admins free to choose', async () => {
    const sub = await createUser(strict, { type: 5, email: 'sub@strict.example', nationalId: null });
    const token = await adminToken(strict, sub.email!, sub.password);
    expect((await strict.http.get('/api/admin/users').set('Authorization', token)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records staff sign-ins, failed ones too, with the address', async () => {
    const sub = await staff(5);
    const { secret } = await enrol(await adminToken(t, sub.email!, sub.password));
    expect((await login(sub.email!, 'Wrong-pass-1')).status).toBe(401);
    const { challenge } = (await login(sub.email!, sub.password)).body as { challenge: string };
    expect((await withCode(challenge, '000000')).status).toBe(401);
    expect((await withCode(challenge, await totp(secret, 30))).status).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, sub.id), eq(auditLog.resource, 'admins')))
      .orderBy(auditLog.createdAt);
    const signins = entries.filter((e) => e.action.startsWith('signin'));
    expect(signins.map((e) => [e.action, e.after?.reason ?? null])).toEqual([
      ['signin', null], // enrol() signed in first
      ['signin_failed', 'password'],
      ['signin_failed', 'code'],
      ['signin', null],
    ]);
    for (const e of signins) expect(e.after).toMatchObject({ ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
    expect(signins[3].after).toMatchObject({ two_factor: true });
    expect(signins[1]).toMatchObject({ actorId: null });
    expect(signins[3]).toMatchObject({ actorId: sub.id, actorName: sub.name });
    for (const e of signins) expect(JSON.stringify(e)).not.toContain(sub.password);
  });

  it('records media uploads', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const res = await t.http
      .post('/api/gallery/upload?type=image')
      .set('Authorization', admin)
      .attach('files', png, 'logo.png');
    expect(res.status).toBe(201);
    const id = res.body.files[0]._id ?? res.body.files[0].id;
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(entry).toMatchObject({ action: 'upload', resource: 'gallery', after: { name: 'logo.png' } });
  });
});
