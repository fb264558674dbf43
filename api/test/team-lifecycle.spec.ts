import {
  formingState,
  ineligibility,
  refusal,
  TEAM_STATES,
  TEAM_TRANSITIONS,
  teamActions,
  type TeamFacts,
} from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog, orders, outbox, refunds, teamPeople, teams, users } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { DAY, teamFixtures } from './team-fixtures';

// ---------------------------------------------------------------------------------------------
// The contract's rules, as pure functions.

const facts = (f: Partial<TeamFacts> = {}): TeamFacts => ({
  state: 'waiting_members',
  open: true,
  feeDue: false,
  paid: false,
  hasResult: false,
  complete: false,
  ...f,
});

describe('the team lifecycle table (contract)', () => {
  it('names only known states, and every live state can be withdrawn by its owner alone', () => {
    for (const row of TEAM_TRANSITIONS) for (const s of row.from) expect(TEAM_STATES).toContain(s);
    for (const state of ['waiting_members', 'ready', 'submitted', 'changes_requested', 'approved'] as const) {
      expect(refusal('owner', 'withdraw', facts({ state }))).toBeNull();
      expect(refusal('coach', 'withdraw', facts({ state }))).toBe('team.not_owner');
    }
    for (const state of ['rejected', 'withdrawn'] as const)
      expect(refusal('owner', 'withdraw', facts({ state }))).toBe('team.action_not_allowed');
  });

  it('forms a team: waiting, ready while a fee is due, submitted at once when nothing is due', () => {
    expect(formingState({ complete: false, feeDue: false })).toBe('waiting_members');
    expect(formingState({ complete: true, feeDue: true })).toBe('ready');
    expect(formingState({ complete: true, feeDue: false })).toBe('submitted');
  });

  it('offers each person the actions the API allows', () => {
    expect(teamActions('owner', facts({ state: 'ready', complete: true, feeDue: true }))).toEqual([
      'edit',
      'submit',
      'pay',
      'withdraw',
      'hand_over',
    ]);
    expect(teamActions('coach', facts({ state: 'ready', complete: true, feeDue: true }))).toEqual([
      'edit',
      'submit',
      'pay',
    ]);
    // Closed registration: nothing for coaches; a result: no edit and no withdrawal.
    expect(teamActions('owner', facts({ state: 'approved', open: false }))).toEqual([]);
    expect(teamActions('owner', facts({ state: 'approved', hasResult: true }))).toEqual(['hand_over']);
    expect(teamActions('staff', facts({ state: 'submitted', feeDue: true }))).toEqual([
      'request_changes',
      'reject',
      'record_payment',
      'hand_over',
    ]);
    expect(teamActions('staff', facts({ state: 'submitted', paid: true }))).toEqual([
      'approve',
      'request_changes',
      'reject',
      'hand_over',
    ]);
    expect(teamActions('staff', facts({ state: 'approved', paid: true }))).toEqual([
      'request_changes',
      'record_result',
      'hand_over',
    ]);
  });

  it('tells why: incomplete, closed, unpaid, paid already, no fee', () => {
    expect(refusal('owner', 'submit', facts({ state: 'waiting_members' }))).toBe('team.incomplete');
    expect(refusal('owner', 'submit', facts({ state: 'changes_requested', complete: false }))).toBe('team.incomplete');
    expect(refusal('owner', 'edit', facts({ state: 'ready', open: false }))).toBe('team.registration_closed');
    expect(refusal('staff', 'approve', facts({ state: 'submitted', feeDue: true }))).toBe('team.fee_unpaid');
    expect(refusal('owner', 'pay', facts({ state: 'ready', paid: true }))).toBe('team.already_paid');
    expect(refusal('owner', 'pay', facts({ state: 'ready' }))).toBe('team.no_fee');
    expect(refusal('staff', 'reject', facts({ state: 'approved' }))).toBe('team.action_not_allowed');
  });
});

describe('eligibility (contract)', () => {
  const rules = { grades: ['5', '6'], min_age: 10, max_age: 12, age_on: '2026-09-01' };
  it('checks the grade first, then the age on the reference day', () => {
    expect(ineligibility({ dob: '2015-01-01', grade: '5' }, rules)).toBeNull();
    expect(ineligibility({ dob: '2015-01-01', grade: '7' }, rules)).toEqual({
      rule: 'grade',
      grade: '7',
      grades: ['5', '6'],
    });
    // 10 on 1 September 2026 if born on or before 1 September 2016.
    expect(ineligibility({ dob: '2016-09-01', grade: '5' }, rules)).toBeNull();
    expect(ineligibility({ dob: '2016-09-02', grade: '5' }, rules)).toMatchObject({
      rule: 'min_age',
      age: 9,
      on: '2026-09-01',
    });
    expect(ineligibility({ dob: '2013-09-01', grade: '5' }, rules)).toMatchObject({ rule: 'max_age', age: 13 });
    expect(ineligibility({ dob: null, grade: '5' }, rules)).toMatchObject({ rule: 'no_dob', age: null });
    expect(
      ineligibility({ dob: null, grade: null }, { grades: [], min_age: null, max_age: null, age_on: null }),
    ).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The one owner: no other module writes the teams table.

describe('one owner of the team lifecycle', () => {
  it('only api/src/teams/lifecycle updates, inserts into or deletes from the teams table', () => {
    const root = join(__dirname, '../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(root);
    const writers = files.filter((f) => /\.(update|insert|delete)\(teams\)/.test(readFileSync(f, 'utf8')));
    // seed.ts writes the demo teams of an empty database at first start, before anyone can act on them.
    expect(writers.map((f) => f.slice(root.length + 1)).sort()).toEqual(['seed.ts', 'teams/lifecycle/team-state.ts']);
  });
});

// ---------------------------------------------------------------------------------------------
// The API's rules.

let t: TestApp;
let admin: string;
let season: string;
const { coachUser, student, acceptAll, ...fixtures } = teamFixtures(
  () => t,
  () => admin,
  () => season,
  'Lifecycle',
);
/** A competition open for registration (teams of 1 to 3 unless told); answers its id. */
const openRegistration = async (fields: Record<string, unknown> = {}) =>
  (await fixtures.openRegistration({ min_members: 1, ...fields })).competition;
const register = (token: string, comp: string, body: Record<string, unknown>, lang = 'en') =>
  fixtures.register(token, comp, { name: 'Lifecycle Team', ...body }, lang);

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  season = (
    await t.http
      .post('/api/admin/seasons')
      .set('Authorization', admin)
      .send({ name: 'موسم', name_en: 'Lifecycle season' })
  ).body.id;
});
afterAll(() => t.close());

const teamRow = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0];
const staffPut = (id: string, body: Record<string, unknown>, lang = 'en') =>
  t.http.put(`/api/admin/teams/${id}`).set('Authorization', admin).set('Accept-Language', lang).send(body);
/** Pays a team's open fee order in the sandbox and asks the provider, as the return page does. */
async function payInSandbox(token: string, id: string) {
  const pay = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token);
  expect(pay.status).toBe(200);
  const { ref, url } = pay.body.response.order as { ref: string; url: string };
  expect((await t.http.post(new URL(url).pathname).type('form').send({ action: 'pay' })).status).toBe(303);
  await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: pay.body.order._id });
  return { orderId: pay.body.order._id as string, ref, url };
}

describe('the team lifecycle through the API', () => {
  it('staff send a team back for changes; the coach corrects the same team and sends it again', async () => {
    const comp = await openRegistration();
    const [a, b] = await Promise.all([
      student({ name: 'Huda', language: 'ar', phoneNumber: '+966501230001' }),
      student(),
    ]);
    const coach = await coachUser();
    const token = await signIn(t, coach);
    const made = await register(token, comp, { members: [a.nationalId] });
    const id = made.body.team._id as string;
    await acceptAll(a);
    expect((await teamRow(id)).state).toBe('submitted');

    const noNote = await staffPut(id, { status: 'changes_requested' }, 'ar');
    expect([noNote.status, noNote.body.message]).toEqual([400, 'يرجى كتابة السبب.']);
    const sent = await staffPut(id, { status: 'changes_requested', reason: 'Add a second student.' });
    expect(sent.body).toMatchObject({ registration_status: 'changes_requested', reason: 'Add a second student.' });
    // The team is told in each one's language, with staff's note.
    const [wa] = (await t.database.db.select().from(outbox).where(eq(outbox.to, '+966501230001'))).filter((m) =>
      m.subject.includes('تعديلات'),
    );
    expect(wa.body).toContain('الملاحظة: Add a second student.');
    // The audit log names the staff member.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, id), eq(auditLog.resource, 'teams')));
    expect(entry.after).toMatchObject({ registration_status: 'changes_requested' });

    // The coach sees the note; an edit keeps the team as it is (no confirmation needed), then they send it again.
    const view = (await t.http.get('/api/teams').set('Authorization', token)).body.teams[0];
    expect(view).toMatchObject({ registration_status: 'changes_requested', reason: 'Add a second student.' });
    expect(view.actions).toEqual(['edit', 'submit', 'withdraw', 'hand_over']);
    const edited = await t.http
      .put(`/api/teams/${id}`)
      .set('Authorization', token)
      .send({ members: [a.nationalId, b.nationalId] });
    expect(edited.status).toBe(200);
    expect((await teamRow(id)).state).toBe('changes_requested');
    const early = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(early.status).toBe(409);
    await acceptAll(b);
    const again = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(again.body.team).toMatchObject({ registration_status: 'submitted', team_no: made.body.team.team_no });
    expect((await staffPut(id, { status: 'approved' })).body.registration_status).toBe('approved');
    // The people who had accepted stayed accepted.
    const people = await t.database.db.select().from(teamPeople).where(eq(teamPeople.teamId, id));
    expect(people.filter((p) => p.state === 'accepted')).toHaveLength(3);
  });

  it("'paid' comes from a payment or a manual payment with its reason, never from a switch", async () => {
    const comp = await openRegistration({ fee: '120' });
    const a = await student();
    const token = await signIn(t, await coachUser());
    const id = (await register(token, comp, { members: [a.nationalId] })).body.team._id as string;
    await acceptAll(a);
    expect((await teamRow(id)).state).toBe('ready');

    const flipped = await staffPut(id, { payment_status: true });
    expect(flipped.status).toBe(200);
    expect((await teamRow(id)).paymentStatus).toBe(false);
    expect((await staffPut(id, { manual_payment_reason: '' })).status).toBe(400);
    const manual = await staffPut(id, { manual_payment_reason: 'Cash at the office, receipt 1234' });
    expect(manual.status).toBe(200);
    // Paid, and nothing else was due: the ready team went for approval by itself.
    expect(await teamRow(id)).toMatchObject({ paymentStatus: true, state: 'submitted' });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(
      logged.some(
        (e) => (e.after as Record<string, unknown>)?.manual_payment_reason === 'Cash at the office, receipt 1234',
      ),
    ).toBe(true);
    expect((await staffPut(id, { manual_payment_reason: 'again' })).body.message).toBe('The team fee is already paid.');
    expect((await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token)).body.message).toBe(
      'The team fee is already paid.',
    );
  });

  it('one open fee order per team; a second payment of the fee is refunded; withdrawing refunds every paid order', async () => {
    const comp = await openRegistration({ fee: '90' });
    const a = await student();
    const token = await signIn(t, await coachUser());
    const id = (await register(token, comp, { members: [a.nationalId] })).body.team._id as string;
    await acceptAll(a);
    // Two taps (two tabs) reach the same order and page.
    const [p1, p2] = await Promise.all([
      t.http.post(`/api/teams/${id}/pay`).set('Authorization', token),
      t.http.post(`/api/teams/${id}/pay`).set('Authorization', token),
    ]);
    const statuses = [p1.status, p2.status].sort();
    expect(statuses[0]).toBe(200);
    const ok = [p1, p2].filter((p) => p.status === 200);
    expect(new Set(ok.map((p) => p.body.order._id)).size).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.teamId, id))).toHaveLength(1);

    // The first order is closed (as the reconciler closes an old one) and the coach pays a new one...
    const first = ok[0].body.order._id as string;
    const firstRef = ok[0].body.response.order.ref as string;
    const firstUrl = ok[0].body.response.order.url as string;
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, first));
    const second = await payInSandbox(token, id);
    expect(second.orderId).not.toBe(first);
    expect(await teamRow(id)).toMatchObject({ paymentStatus: true, state: 'submitted' });
    // ...then the old page is paid too: that payment goes back, with a credit note.
    expect((await t.http.post(new URL(firstUrl).pathname).type('form').send({ action: 'pay' })).status).toBe(303);
    await t.http.post('/api/telr/').set('Authorization', token).send({ ref: firstRef, order_id: first });
    const [late] = await t.database.db.select().from(orders).where(eq(orders.id, first));
    expect(late.status).toBe('refunded');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, first))).toHaveLength(1);
    expect((await teamRow(id)).paymentStatus).toBe(true);

    // Withdrawing refunds what is still paid.
    const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(gone.status).toBe(200);
    expect(gone.body.refund).toMatchObject({ amount: '90.00' });
    const after = await t.database.db.select().from(orders).where(eq(orders.teamId, id));
    expect(after.every((o) => o.status === 'refunded')).toBe(true);
  });

  it('the owner stays: another coach can neither remove them nor withdraw the team', async () => {
    const comp = await openRegistration();
    const a = await student();
    const owner = await coachUser({ name: 'Owner' });
    const second = await coachUser({ name: 'Second' });
    const ownerToken = await signIn(t, owner);
    const id = (await register(ownerToken, comp, { members: [a.nationalId], coaches: [second.nationalId] })).body.team
      ._id as string;
    const secondToken = await signIn(t, second);
    await acceptAll(second as never);
    const removal = await t.http
      .put(`/api/teams/${id}`)
      .set('Authorization', secondToken)
      .send({ coaches: [], confirm: true });
    expect([removal.status, removal.body.message]).toEqual([
      403,
      'The coach who registered the team stays in it: only they can hand it over.',
    ]);
    const withdraw = await t.http.delete(`/api/teams/${id}`).set('Authorization', secondToken);
    expect([withdraw.status, withdraw.body.message]).toEqual([
      403,
      'Only the coach who registered the team can do this.',
    ]);
    const view = (await t.http.get('/api/teams').set('Authorization', secondToken)).body.teams[0];
    expect(view.owner).toBe(false);
    expect(view.actions).not.toContain('withdraw');
    expect(view.people.find((p: { name: string }) => p.name === 'Owner')).toMatchObject({ owner: true });
    // Only the owner hands the team over, to a coach who accepted a place in it; then the new owner withdraws.
    expect(
      (
        await t.http
          .post(`/api/teams/${id}/owner`)
          .set('Authorization', secondToken)
          .send({ national_id: owner.nationalId })
      ).status,
    ).toBe(403);
    const stranger = await coachUser();
    const wrong = await t.http
      .post(`/api/teams/${id}/owner`)
      .set('Authorization', ownerToken)
      .send({ national_id: stranger.nationalId });
    expect([wrong.status, wrong.body.message]).toEqual([
      400,
      'The new owner must be a coach who accepted a place in this team.',
    ]);
    const handed = await t.http
      .post(`/api/teams/${id}/owner`)
      .set('Authorization', ownerToken)
      .send({ national_id: second.nationalId });
    expect(handed.body.team).toMatchObject({ owner: false });
    expect((await teamRow(id)).createdBy).toBe(second.id);
    expect((await t.http.delete(`/api/teams/${id}`).set('Authorization', ownerToken)).status).toBe(403);
    // Staff hand it back.
    expect((await staffPut(id, { owner: owner.id })).status).toBe(200);
    expect((await teamRow(id)).createdBy).toBe(owner.id);
  });

  it('a hostile coach: limited look-ups, teams and invitations, and no unanswered invitation locks a student out', async () => {
    const comp = await openRegistration({ max_members: 3 });
    const hostile = await coachUser();
    const token = await signIn(t, hostile);
    // Unknown, unverified and disabled students get the same refusal as an unknown ID.
    const [unverified, disabled] = await Promise.all([student({ isVerified: false }), student({ isActive: false })]);
    const answers = await Promise.all(
      [unverified.nationalId!, disabled.nationalId!, '1234500000'].map((id) =>
        register(token, comp, { members: [id] }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((r) => r.body.message.replace(/\d{10}/, 'ID'))).size).toBe(1);
    // Guessing more IDs is throttled.
    let last = answers[2];
    for (let i = 0; i < 10 && last.status !== 429; i++)
      last = await register(token, comp, { members: [`19999990${String(i).padStart(2, '0')}`] });
    expect([last.status, last.body.message]).toEqual([
      429,
      'Too many National IDs could not be invited. Please try again in an hour.',
    ]);

    // A student the hostile coach invited (and who never answers) still joins another team.
    const kid = await student();
    const other = await signIn(t, await coachUser());
    expect((await register(other, comp, { members: [kid.nationalId] })).status).toBe(201);
    const again = await signIn(t, await coachUser());
    expect((await register(again, comp, { members: [kid.nationalId] })).status).toBe(201);
    // She accepts one: the other invitation is cleared.
    const kidToken = await signIn(t, kid);
    const invs = (await t.http.get('/api/team-invitations').set('Authorization', kidToken)).body.invitations;
    expect(invs).toHaveLength(2);
    expect(
      (await t.http.post(`/api/team-invitations/${invs[0]._id}/accept`).set('Authorization', kidToken)).status,
    ).toBe(200);
    expect((await t.http.get('/api/team-invitations').set('Authorization', kidToken)).body.invitations).toHaveLength(0);
    const late = await t.http.post(`/api/team-invitations/${invs[1]._id}/accept`).set('Authorization', kidToken);
    expect([late.status, late.body.message]).toEqual([409, 'This invitation was already answered.']);
    const held = await t.database.db
      .select()
      .from(teamPeople)
      .where(and(eq(teamPeople.userId, kid.id), eq(teamPeople.state, 'accepted')));
    expect(held).toHaveLength(1);

    // Ten teams a day.
    const busy = await signIn(t, await coachUser());
    for (let i = 0; i < 10; i++) expect((await register(busy, comp, { name: `Team ${i}` })).status).toBe(201);
    const eleventh = await register(busy, comp, { name: 'One more' }, 'ar');
    expect([eleventh.status, eleventh.body.message]).toEqual([
      429,
      'الحد الأقصى للفرق التي تسجّلها في اليوم 10. يرجى المحاولة غدًا.',
    ]);
  });

  it('a child invited by many coaches gets at most three invitation messages a day; the rest wait on the home page', async () => {
    const comp = await openRegistration();
    const kid = await student({ phoneNumber: null, guardianPhone: '+966501238888', dob: '2014-01-01' });
    for (let i = 0; i < 5; i++) {
      const token = await signIn(t, await coachUser());
      expect((await register(token, comp, { name: `Flood ${i}`, members: [kid.nationalId] })).status).toBe(201);
    }
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, '+966501238888'))).toHaveLength(3);
    expect(
      (await t.http.get('/api/team-invitations').set('Authorization', await signIn(t, kid))).body.invitations,
    ).toHaveLength(5);
  });

  it('saving a team again, or removing and adding a student, sends them nothing more', async () => {
    const comp = await openRegistration();
    const a = await student({ phoneNumber: '+966501239999' });
    const b = await student();
    const token = await signIn(t, await coachUser());
    const id = (await register(token, comp, { members: [a.nationalId] })).body.team._id as string;
    const put = (members: (string | null)[]) =>
      t.http.put(`/api/teams/${id}`).set('Authorization', token).send({ members, confirm: true });
    for (const members of [[b.nationalId], [a.nationalId], [b.nationalId], [a.nationalId, b.nationalId]])
      expect((await put(members)).status).toBe(200);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, '+966501239999'))).toHaveLength(1);
  });

  it('results go to approved teams of the chosen competition only, whatever the case of the number', async () => {
    const comp = await openRegistration();
    const otherComp = await openRegistration();
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const token = await signIn(t, await coachUser());
    const approved = (await register(token, comp, { members: [a.nationalId] })).body.team;
    const pending = (await register(token, comp, { members: [b.nationalId], name: 'Pending' })).body.team;
    const elsewhere = (await register(token, otherComp, { members: [c.nationalId], name: 'Elsewhere' })).body.team;
    for (const s of [a, c]) await acceptAll(s);
    expect((await staffPut(approved._id, { status: 'approved' })).status).toBe(200);
    expect((await staffPut(elsewhere._id, { status: 'approved' })).status).toBe(200);
    const csv = `team_no,score,ranked\n${approved.team_no.toLowerCase()},99,1\n${pending.team_no},50,2\n${elsewhere.team_no},40,3\n`;
    const preview = await t.http
      .post('/api/admin/teams/import')
      .query({ dry_run: 'true', season, competition: comp })
      .set('Authorization', admin)
      .attach('file', Buffer.from(csv), { filename: 'results.csv', contentType: 'text/csv' });
    expect(
      preview.body.rows.map((r: { team_no: string; team_name: string; error: string | null }) => [
        r.team_no,
        r.team_name,
        r.error,
      ]),
    ).toEqual([
      [approved.team_no, 'Lifecycle Team', null],
      [pending.team_no, 'Pending', 'Only approved teams get results; this team is not approved.'],
      [elsewhere.team_no, 'Elsewhere', 'This team is not in the chosen season and competition.'],
    ]);
    // A team with results cannot be changed or withdrawn any more.
    const good = `team_no,score,ranked\n${approved.team_no.toLowerCase()},99,1\n`;
    const applied = await t.http
      .post('/api/admin/teams/import')
      .query({ season, competition: comp })
      .set('Authorization', admin)
      .attach('file', Buffer.from(good), { filename: 'results.csv', contentType: 'text/csv' });
    expect(applied.status).toBe(200);
    expect(await teamRow(approved._id)).toMatchObject({ score: '99.00', ranked: 1 });
    const change = await t.http
      .put(`/api/teams/${approved._id}`)
      .set('Authorization', token)
      .send({ name: 'X', confirm: true });
    expect([change.status, change.body.message]).toEqual([
      409,
      'This team has results: it can no longer be changed or withdrawn.',
    ]);
    expect((await t.http.delete(`/api/teams/${approved._id}`).set('Authorization', token)).status).toBe(409);
  });

  it('eligibility is checked again at submission and at approval, naming the member and the rule', async () => {
    const comp = await openRegistration({ grades: ['7'] });
    const a = await student({ name: 'Lina' });
    const token = await signIn(t, await coachUser());
    const id = (await register(token, comp, { members: [a.nationalId] })).body.team._id as string;
    await acceptAll(a);
    // Staff correct Lina's grade after she accepted.
    await t.database.db
      .update(users)
      .set({ education: { school_name: '', education_admin: '', level: '', grade: '9' } })
      .where(eq(users.id, a.id));
    const approval = await staffPut(id, { status: 'approved' });
    expect([approval.status, approval.body.message]).toEqual([
      409,
      'Lina is no longer eligible: this competition is for grades 7, and their grade is 9.',
    ]);
  });

  it("a coach's teams come a page at a time, approved first", async () => {
    const comp = await openRegistration();
    const coach = await coachUser();
    const token = await signIn(t, coach);
    // More teams than a day allows: made for the test directly, through the API's own numbers.
    for (let i = 0; i < 10; i++) expect((await register(token, comp, { name: `P${i}` })).status).toBe(201);
    await t.database.db
      .update(teamPeople)
      .set({ invitedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(teamPeople.invitedBy, coach.id));
    await t.database.db
      .update(teams)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(teams.createdBy, coach.id));
    for (let i = 10; i < 20; i++) expect((await register(token, comp, { name: `P${i}` })).status).toBe(201);
    await t.database.db
      .update(teams)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(teams.createdBy, coach.id));
    const kid = await student();
    for (let i = 20; i < 23; i++)
      expect((await register(token, comp, { name: `P${i}`, members: i === 21 ? [kid.nationalId] : [] })).status).toBe(
        201,
      );
    await acceptAll(kid);
    const [{ id: approveMe }] = await t.database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.createdBy, coach.id), eq(teams.name, 'P21')));
    expect((await staffPut(approveMe, { status: 'approved' })).status).toBe(200);
    const page0 = (await t.http.get('/api/teams?page=0').set('Authorization', token)).body;
    expect(page0).toMatchObject({ currentPage: 0, totalPages: 3, total: 23 });
    expect(page0.teams).toHaveLength(10);
    expect(page0.teams[0]).toMatchObject({ name: 'P21', registration_status: 'approved' });
    const page2 = (await t.http.get('/api/teams?page=2').set('Authorization', token)).body;
    expect(page2.teams).toHaveLength(3);
    expect((await t.http.get('/api/teams?page=x').set('Authorization', token)).status).toBe(400);
  });
});

describe('what each person sees of a team', () => {
  it('cards name the team, say where it stands with the note, and put approved teams first', async () => {
    const comp = await openRegistration();
    const kid = await student();
    const coach = await coachUser();
    const token = await signIn(t, coach);
    const approved = (await register(token, comp, { name: 'Approved One', members: [kid.nationalId] })).body.team;
    await acceptAll(kid);
    expect((await staffPut(approved._id, { status: 'approved' })).status).toBe(200);
    const kid2 = await student();
    const sentBack = (await register(token, comp, { name: 'Sent Back', members: [kid2.nationalId] })).body.team;
    await acceptAll(kid2);
    await staffPut(sentBack._id, { status: 'changes_requested', reason: 'Wrong school.' });
    await register(token, comp, { name: 'Newest, waiting' });
    // The coach's two-team preview (the home page): the approved team first, by name, and the one sent back with its note.
    const preview = (await t.http.get('/api/wro/get-teams?top=2').set('Authorization', token)).body.teams;
    expect(preview.map((x: { name: string; registration_status: string }) => [x.name, x.registration_status])).toEqual([
      ['Approved One', 'approved'],
      ['Sent Back', 'changes_requested'],
    ]);
    expect(preview[1].reason).toBe('Wrong school.');
  });

  it('a school sees the students of a team it is asked to confirm, and its teams without a plan', async () => {
    const comp = await openRegistration({ entity_required: true });
    const kid = await student({ name: 'Reem' });
    const school = await createUser(t, { type: 2, email: `school.${Date.now()}@school.example`, subscription: false });
    const coachToken = await signIn(t, await coachUser());
    const made = await register(coachToken, comp, { members: [kid.nationalId], entity_email: school.email });
    expect(made.status).toBe(201);
    const schoolToken = await signIn(t, school);
    const user = (await t.http.post('/api/getuser').set('Authorization', schoolToken)).body.user;
    expect(user).toMatchObject({ fullAccess: false, teamsAccess: true });
    const [inv] = (await t.http.get('/api/team-invitations').set('Authorization', schoolToken)).body.invitations;
    expect(inv.team.members).toEqual([{ name: 'Reem' }]);
    // A student's own invitation does not list the others.
    const [kidInv] = (await t.http.get('/api/team-invitations').set('Authorization', await signIn(t, kid))).body
      .invitations;
    expect(kidInv.team.members).toBeUndefined();
    expect(
      (await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', schoolToken)).status,
    ).toBe(200);
    const teamsOfSchool = await t.http.get('/api/wro/get-teams').set('Authorization', schoolToken);
    expect(teamsOfSchool.status).toBe(200);
    expect(teamsOfSchool.body.teams.map((x: { team_no: string }) => x.team_no)).toEqual([made.body.team.team_no]);
    const home = await t.http.get('/api/home').set('Authorization', schoolToken);
    expect(home.body.teams).toHaveLength(1);
    // A coach without a plan still gets the upgrade answer.
    const unpaid = await signIn(t, await coachUser({ subscription: false, endDate: null }));
    expect((await t.http.get('/api/wro/get-teams').set('Authorization', unpaid)).status).toBe(403);
  });
});

describe('a cap on teams, with a waiting list', () => {
  it('the teams past the cap wait in order; when a team withdraws, the next moves up, forms on and is told', async () => {
    const comp = await openRegistration({ max_teams: 1 });
    const [a, b, c] = await Promise.all([
      student(),
      student({ email: `waiting.${Date.now()}@test.example` }),
      student(),
    ]);
    const [c1, c2, c3] = await Promise.all([coachUser(), coachUser(), coachUser()]);
    const [t1, t2, t3] = await Promise.all([signIn(t, c1), signIn(t, c2), signIn(t, c3)]);
    // Two coaches at once for the last place: one gets it, the other waits.
    const [r1, r2] = await Promise.all([
      register(t1, comp, { name: 'First', members: [a.nationalId] }),
      register(t2, comp, { name: 'Second', members: [b.nationalId] }),
    ]);
    expect([r1.body.team.waitlist_position, r2.body.team.waitlist_position].sort()).toEqual([1, null].sort());
    const [placed, waiting] = r1.body.team.waitlist_position === null ? [r1, r2] : [r2, r1];
    const [placedToken, waitingToken] = placed === r1 ? [t1, t2] : [t2, t1];
    const third = await register(t3, comp, { name: 'Third', members: [c.nationalId] });
    expect(third.body.team.waitlist_position).toBe(2);

    // A waiting team forms, but neither submits nor pays.
    for (const s of [a, b]) await acceptAll(s);
    expect((await teamRow(waiting.body.team._id)).state).toBe('ready');
    const early = await t.http.post(`/api/teams/${waiting.body.team._id}/submit`).set('Authorization', waitingToken);
    expect([early.status, early.body.message]).toEqual([
      409,
      'The team is on the waiting list: it can be submitted and paid once it has a place. Its people can already accept.',
    ]);

    // The placed team withdraws: the first waiting team gets its place and, nothing being due, goes for approval.
    expect((await t.http.delete(`/api/teams/${placed.body.team._id}`).set('Authorization', placedToken)).status).toBe(
      200,
    );
    expect(await teamRow(waiting.body.team._id)).toMatchObject({ waitlistedAt: null, state: 'submitted' });
    const waitingEmail = placed === r1 ? b.email! : a.email!;
    const told = await t.database.db.select().from(outbox).where(eq(outbox.to, waitingEmail));
    expect(told.some((m) => m.subject === `A place for team ${waiting.body.team.team_no}`)).toBe(true);
    // The third is first on the list now.
    const view = (await t.http.get('/api/teams').set('Authorization', t3)).body.teams[0];
    expect(view.waitlist_position).toBe(1);
  });
});
