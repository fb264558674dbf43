import { formatDate } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { ar, en } from '../src/common/i18n';
import { auditLog, rateLimits, sessions, users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Issue 31, finding 3: an unverified sign-up with someone else's national ID (and the attacker's
 * phone) held that ID forever. Now it waits UNVERIFIED_HOURS (72) for its phone and is removed after,
 * whoever proves the phone or e-mail on record takes it over sooner, and an admin can release it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let seq = 0;
const nid = () => `4${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;
const mobile = () => `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

function student(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lina Student',
    national_id: nid(),
    date_birth: '2012-04-01',
    countrySelected: 'SA',
    email: `owner${++seq}.${Date.now()}@example.com`,
    phone_number: mobile(),
    password: 'Student-pass-1',
    cpassword: 'Student-pass-1',
    type: 0,
    schoolname: 'Riyadh School',
    ElevelSelected: 'Jonior',
    grade: '7',
    guardianname: 'Ahmad',
    guardianphone: '+966551112222',
    accept_terms: true,
    guardian_consent: true,
    ...overrides,
  };
}
type Info = ReturnType<typeof student>;

const signup = (info: Record<string, unknown>, lang = 'en', claim?: { user_id: string; code: string }) =>
  t.http
    .post('/api/adduser-steb')
    .set('Accept-Language', lang)
    .send({ loginType: 'signup', userInof: info, ...(claim ? { claim } : {}) });

/** Moves an account's sign-up (and the time it must be verified by) `hours` into the past. */
async function age(nationalId: string, hours: number) {
  await t.database.query(
    `UPDATE users SET created_at = created_at - make_interval(hours => $2),
       verify_by = verify_by - make_interval(hours => $2) WHERE national_id = $1`,
    [nationalId, hours],
  );
}

const holdersOf = (nationalId: string) => t.database.db.select().from(users).where(eq(users.nationalId, nationalId));

/** The newest code sent to a destination, from the dev outbox as a developer reads it. */
async function codeSentTo(to: string): Promise<string> {
  const res = await t.http.get('/api/dev/outbox').query({ to });
  const code = /\b(\d{6})\b/.exec(res.body.messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** An attacker's sign-up with the owner's ID (their own phone and e-mail), unverified. */
async function held(owner: Info) {
  const attacker = student({ national_id: owner.national_id });
  const res = await signup(attacker);
  expect(res.status).toBe(200);
  return attacker;
}

describe('an unverified sign-up holds an ID for a documented time only', () => {
  it('is removed once UNVERIFIED_HOURS (72) have passed: the owner signs up with the ID', async () => {
    const owner = student();
    const attacker = await held(owner);
    const [row] = await holdersOf(owner.national_id);
    const hours = (row.verifyBy!.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    // An hour before its time it still holds the ID.
    await age(owner.national_id, 71);
    expect((await signup(owner)).status).toBe(409);
    await age(owner.national_id, 2);
    const res = await signup(owner);
    expect(res.status).toBe(200);
    const rows = await holdersOf(owner.national_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: owner.email, phoneNumber: owner.phone_number, isVerified: false });
    expect(await t.database.db.select().from(users).where(eq(users.email, attacker.email))).toHaveLength(0);
  });

  it('frees the e-mail too (an entity’s sign-in): a sign-up holding someone’s e-mail goes with its time', async () => {
    const owner = student();
    const squatter = student({ email: owner.email });
    expect((await signup(squatter)).status).toBe(200);
    const refused = await signup(owner);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'userInof.email' });
    expect(refused.body.message).toContain('This e-mail is in another sign-up');
    await age(squatter.national_id, 73);
    expect((await signup(owner)).status).toBe(200);
    expect(await holdersOf(squatter.national_id)).toHaveLength(0);
  });

  it('tells the owner, in their language, where a code can go (masked) and when the ID is released', async () => {
    const owner = student();
    const attacker = await held(owner);
    const [row] = await holdersOf(owner.national_id);
    const arabic = await signup(owner, 'ar');
    expect(arabic.status).toBe(409);
    const phone = `${attacker.phone_number.slice(0, 5)}•••••${attacker.phone_number.slice(-3)}`;
    const email = `${attacker.email[0]}•••@example.com`;
    expect(arabic.body).toEqual({
      success: false,
      field: 'userInof.national_id',
      message: ar['signup.national_id_pending']
        .replace('{phone}', `\u2066${phone}\u2069`)
        .replace('{email}', `\u2066${email}\u2069`)
        .replace('{date}', formatDate(row.verifyBy, 'ar', 'time')),
      claim: { ticket: expect.any(String), phone, email, releases_at: row.verifyBy!.toISOString() },
    });
    expect(decodeURIComponent(arabic.headers.e_message)).toBe(arabic.body.message);
    // Nothing of the attacker's number past the masked form, no account id.
    const all = JSON.stringify(arabic.body);
    expect(all).not.toContain(attacker.phone_number.slice(5, -3));
    expect(all).not.toContain(row.id);
    const english = await signup(owner, 'en');
    expect(english.body.message).toBe(
      en['signup.national_id_pending']
        .replace('{phone}', phone)
        .replace('{email}', email)
        .replace('{date}', formatDate(row.verifyBy, 'en', 'time')),
    );
  });

  it('a verified account keeps its ID: "already registered", nothing to claim, never expired', async () => {
    const verified = await createUser(t, { nationalId: nid(), phoneNumber: mobile() });
    const res = await signup(student({ national_id: verified.nationalId }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: en['signup.duplicate_national_id'],
      field: 'userInof.national_id',
    });
    // Even with a time in the past (a staff toggle back and forth), a verified account is never removed.
    await t.database.db
      .update(users)
      .set({ verifyBy: new Date(Date.now() - 1000) })
      .where(eq(users.id, verified.id));
    expect((await signup(student({ national_id: verified.nationalId }))).status).toBe(409);
    expect(await holdersOf(verified.nationalId!)).toHaveLength(1);
  });

  it('an account staff made unverified is not a waiting sign-up: it keeps its ID', async () => {
    const made = await createUser(t, { nationalId: nid(), isVerified: false });
    const res = await signup(student({ national_id: made.nationalId }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(en['signup.duplicate_national_id']);
  });

  it('verifying the phone ends the wait; a sign-up verified too late is removed and told so', async () => {
    const info = student();
    const res = await signup(info);
    const ticket = res.body.user._id as string;
    await t.http.post('/api/otp').send({ user_id: ticket, phone_number: info.phone_number });
    await t.http.post('/api/verify').send({ user_id: ticket, code: await codeSentTo(info.phone_number) });
    expect((await holdersOf(info.national_id))[0]).toMatchObject({ isVerified: true, verifyBy: null });

    const late = student();
    const lateTicket = (await signup(late)).body.user._id as string;
    await age(late.national_id, 73);
    const refused = await t.http
      .post('/api/otp')
      .set('Accept-Language', 'ar')
      .send({ user_id: lateTicket, phone_number: late.phone_number });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ar['signup.pending_expired']);
    expect(await holdersOf(late.national_id)).toHaveLength(0);
  });
});

describe('taking the ID back by proving the phone or e-mail on record', () => {
  it('the phone: a code to it, then the sign-up goes through and replaces the waiting one at once', async () => {
    // The person signed up earlier (or someone did, with their phone) and never verified.
    const earlier = student();
    expect((await signup(earlier)).status).toBe(200);
    const [before] = await holdersOf(earlier.national_id);
    const token = await signIn(t, {
      nationalId: earlier.national_id,
      email: null,
      type: 0,
      password: earlier.password,
    });
    const now = student({ national_id: earlier.national_id, phone_number: earlier.phone_number });
    const refused = await signup(now);
    expect(refused.status).toBe(409);
    const ticket = refused.body.claim.ticket as string;

    const sent = await t.http
      .post('/api/signup/claim')
      .set('Accept-Language', 'ar')
      .send({ user_id: ticket, via: 'phone' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, destination: refused.body.claim.phone, length: 6 });
    expect(sent.body.message).toBe(
      ar['signup.claim_sent'].replace('{destination}', `\u2066${refused.body.claim.phone}\u2069`),
    );
    const code = await codeSentTo(earlier.phone_number);

    // A wrong code changes nothing.
    const wrong = await signup(now, 'en', { user_id: ticket, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: en['otp.incorrect'], field: 'claim.code' });
    expect((await holdersOf(earlier.national_id))[0].id).toBe(before.id);

    const taken = await signup(now, 'en', { user_id: ticket, code });
    expect(taken.status).toBe(200);
    const rows = await holdersOf(earlier.national_id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(before.id);
    expect(rows[0]).toMatchObject({ email: now.email, isVerified: false });
    // The old sign-up is gone with its session.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, before.id))).toHaveLength(0);
    expect((await t.http.post('/api/getuser').set('Authorization', token)).status).toBe(401);
    // The code is used up: sending it again takes nothing (the new sign-up holds the ID now).
    expect((await signup(student({ national_id: earlier.national_id }), 'en', { user_id: ticket, code })).status).toBe(
      409,
    );
  });

  it('the e-mail: a code by e-mail works the same way', async () => {
    const earlier = student();
    expect((await signup(earlier)).status).toBe(200);
    const now = student({ national_id: earlier.national_id, email: earlier.email });
    const ticket = (await signup(now)).body.claim.ticket as string;
    const sent = await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'email' });
    expect(sent.status).toBe(200);
    expect(sent.body.destination).toBe(`${earlier.email[0]}•••@example.com`);
    const taken = await signup(now, 'en', { user_id: ticket, code: await codeSentTo(earlier.email) });
    expect(taken.status).toBe(200);
    expect(await holdersOf(earlier.national_id)).toHaveLength(1);
  });

  it('cannot take a verified account: once the holder verified, the claim is refused and the account stays', async () => {
    const holder = student();
    const holderTicket = (await signup(holder)).body.user._id as string;
    const claimant = student({ national_id: holder.national_id, phone_number: holder.phone_number });
    const ticket = (await signup(claimant)).body.claim.ticket as string;
    await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'phone' });
    const code = await codeSentTo(holder.phone_number);
    // The holder verifies first (the verify code goes to the same phone: asked for after the claim's).
    await t.http.post('/api/otp').send({ user_id: holderTicket, phone_number: holder.phone_number });
    await t.http.post('/api/verify').send({ user_id: holderTicket, code: await codeSentTo(holder.phone_number) });
    const res = await signup(claimant, 'en', { user_id: ticket, code });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(en['signup.duplicate_national_id']);
    const again = await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'phone' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(en['signup.claim_gone']);
    const [row] = await holdersOf(holder.national_id);
    expect(row).toMatchObject({ isVerified: true, email: holder.email });
  });

  it('a claim ticket is no account id and cannot be forged; a verification ticket is not one', async () => {
    const bad = await t.http.post('/api/signup/claim').send({ user_id: 'x'.repeat(60), via: 'phone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(en['ticket.invalid']);
    const info = student();
    const verifyTicket = (await signup(info)).body.user._id as string;
    const wrongKind = await t.http.post('/api/signup/claim').send({ user_id: verifyTicket, via: 'phone' });
    expect(wrongKind.status).toBe(400);
    const via = await t.http.post('/api/signup/claim').send({ user_id: verifyTicket, via: 'fax' });
    expect(via.status).toBe(400);
  });

  it('codes to the phone on record are limited (30 s apart, RATE_LIMIT_CODES an hour)', async () => {
    const owner = student();
    await held(owner);
    const ticket = (await signup(owner)).body.claim.ticket as string;
    expect((await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'phone' })).status).toBe(200);
    const again = await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'phone' });
    expect(again.status).toBe(429);
  });
});

describe('holding the ID again right after it is freed', () => {
  it('a repeat sign-up of the ID within 30 days waits one hour, not 72', async () => {
    const owner = student();
    await held(owner);
    await age(owner.national_id, 73);
    const again = student({ national_id: owner.national_id });
    expect((await signup(again)).status).toBe(200);
    const [row] = await holdersOf(owner.national_id);
    expect(row.email).toBe(again.email);
    expect((row.verifyBy!.getTime() - Date.now()) / 60_000).toBeGreaterThan(55);
    expect((row.verifyBy!.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(60);
  });

  it('at most RATE_LIMIT_SIGNUP_ID (3) sign-ups name one ID in 24 hours: the fourth is refused in Arabic', async () => {
    const id = nid();
    for (let i = 0; i < 3; i++) {
      expect((await signup(student({ national_id: id }))).status).toBe(200);
      await age(id, 73);
    }
    const fourth = await signup(student({ national_id: id }), 'ar');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      success: false,
      message: ar['signup.too_many_for_id'],
      field: 'userInof.national_id',
    });
    // The counters hold no national ID, only a digest.
    const keys = (await t.database.db.select().from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).not.toContain(id);
  });

  it('a claim with a wrong code does not count against the day', async () => {
    const owner = student();
    await held(owner);
    const ticket = (await signup(owner)).body.claim.ticket as string;
    await t.http.post('/api/signup/claim').send({ user_id: ticket, via: 'phone' });
    for (let i = 0; i < 3; i++)
      expect((await signup(owner, 'en', { user_id: ticket, code: '999999' })).status).toBe(400);
    const [holder] = await holdersOf(owner.national_id);
    const code = await codeSentTo(holder.phoneNumber!);
    expect((await signup(owner, 'en', { user_id: ticket, code })).status).toBe(200);
  });
});

describe('staff release an ID (POST /api/admin/users/:id/release)', () => {
  it('an admin removes the unverified account, audited; the owner then signs up', async () => {
    const owner = student();
    const attacker = await held(owner);
    const [row] = await holdersOf(owner.national_id);
    const token = await adminToken(t);
    const res = await t.http
      .post(`/api/admin/users/${row.id}/release`)
      .set('Authorization', `Bearer ${token}`)
      .set('Accept-Language', 'ar');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ar['admin.released'] });
    expect(await holdersOf(owner.national_id)).toHaveLength(0);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, row.id), eq(auditLog.action, 'release')));
    expect(entry).toMatchObject({
      resource: 'users',
      actorName: 'Administrator',
      before: expect.objectContaining({
        national_id: owner.national_id,
        email: attacker.email,
        phone_number: attacker.phone_number,
      }),
      after: null,
    });
    expect(entry.actorId).not.toBeNull();
    // The back-office's audit list shows it on the member's record.
    const list = await t.http
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ record_id: row.id }) })
      .set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ action: 'release', record_exists: false });
    expect((await signup(owner)).status).toBe(200);
  });

  it('a sub-admin cannot (removing a member is an admin’s), and a verified account is refused', async () => {
    const owner = student();
    await held(owner);
    const [row] = await holdersOf(owner.national_id);
    const sub = await createUser(t, { type: 5, email: `sub${seq}@release.example` });
    const subToken = await adminToken(t, sub.email!, sub.password);
    const bySub = await t.http.post(`/api/admin/users/${row.id}/release`).set('Authorization', `Bearer ${subToken}`);
    expect(bySub.status).toBe(403);
    expect(await holdersOf(owner.national_id)).toHaveLength(1);

    const token = await adminToken(t);
    const verified = await createUser(t, { nationalId: nid() });
    const refused = await t.http
      .post(`/api/admin/users/${verified.id}/release`)
      .set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(en['admin.release_verified']);
    expect(await holdersOf(verified.nationalId!)).toHaveLength(1);
    const missing = await t.http.post(`/api/admin/users/not-an-id/release`).set('Authorization', `Bearer ${token}`);
    expect(missing.status).toBe(404);
    const staff = await t.http.post(`/api/admin/users/${sub.id}/release`).set('Authorization', `Bearer ${token}`);
    expect(staff.status).toBe(404);
  });

  it('the user record says until when a sign-up waits; staff verifying it ends the wait', async () => {
    const owner = student();
    await held(owner);
    const [row] = await holdersOf(owner.national_id);
    const token = await adminToken(t);
    const record = await t.http.get(`/api/admin/users/${row.id}`).set('Authorization', `Bearer ${token}`);
    expect(record.body.verify_by).toBe(row.verifyBy!.toISOString());
    const put = await t.http
      .put(`/api/admin/users/${row.id}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ isVerified: true });
    expect(put.status).toBe(200);
    expect(put.body.verify_by).toBeNull();
    expect((await holdersOf(owner.national_id))[0].verifyBy).toBeNull();
  });
});
