import { and, eq } from 'drizzle-orm';
import { orders, outbox, registrations, teamPeople, teams } from '../src/db/schema';
import { PaymentsService } from '../src/payments/payments.service';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
// pdf-parse's index runs a self-test when required directly; its library entry does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (b: Buffer) => Promise<{ text: string }>;

let t: TestApp;
let admin: string;
let season: string;
let competition: string;
const PLAN = { subcription: true, startDate: '2026-01-01', endDate: '2999-12-31' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  season = (
    await t.http
      .post('/api/admin/seasons')
      .set('Authorization', admin)
      .send({ name: 'موسم 2026', name_en: 'Season 2026' })
  ).body.id;
});
afterAll(() => t.close());

let compCounter = 0;
/** A new competition with its registration (open now unless told), made through the back-office. */
async function openRegistration(fields: Record<string, unknown> = {}) {
  compCounter += 1;
  const comp = await t.http
    .post('/api/admin/competitions')
    .set('Authorization', admin)
    .send({ name: `مسابقة ${compCounter}`, name_en: `Competition ${compCounter}` });
  competition = comp.body.id;
  const res = await t.http
    .post('/api/admin/registrations')
    .set('Authorization', admin)
    .send({
      season_id: season,
      competition_id: competition,
      opens_at: new Date(Date.now() - DAY).toISOString(),
      closes_at: new Date(Date.now() + 30 * DAY).toISOString(),
      min_members: 2,
      max_members: 3,
      max_coaches: 2,
      ...fields,
    });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, competition: comp.body.id as string };
}

const coachUser = (fields: Record<string, unknown> = {}) => createUser(t, { type: 1, ...PLAN, ...fields });
const student = (fields: Record<string, unknown> = {}) =>
  createUser(t, {
    type: 0,
    dob: '2012-05-01',
    education: { school_name: '', education_admin: '', level: '', grade: '7' },
    ...fields,
  });

async function register(token: string, comp: string, body: Record<string, unknown>, lang = 'en') {
  return t.http
    .post('/api/teams')
    .set('Authorization', token)
    .set('Accept-Language', lang)
    .send({ season_id: season, competition_id: comp, name: 'Robo Falcons', ...body });
}

const invitationsOf = async (token: string) =>
  (await t.http.get('/api/team-invitations').set('Authorization', token)).body.invitations as {
    _id: string;
    role: string;
    team: { team_no: string };
  }[];

describe('team registration', () => {
  it('lists open registrations with their rules, not closed or switched-off ones', async () => {
    const open = await openRegistration({ fee: '150', grades: ['٧', '8'] });
    await openRegistration({ status: false });
    await openRegistration({
      opens_at: new Date(Date.now() - 3 * DAY).toISOString(),
      closes_at: new Date(Date.now() - DAY).toISOString(),
    });
    const s = await student();
    const res = await t.http.get('/api/registrations').set('Authorization', await signIn(t, s));
    expect(res.status).toBe(200);
    const mine = res.body.registrations.find((r: { _id: string }) => r._id === open.id);
    expect(mine).toMatchObject({
      competion: { _id: open.competition, name_en: expect.stringMatching(/^Competition/) },
      season: { _id: season, name: 'موسم 2026' },
      open: true,
      min_members: 2,
      max_members: 3,
      max_coaches: 2,
      entity_required: false,
      grades: ['7', '8'],
      fee: '150.00',
      currency: 'SAR',
    });
    // Only the open one of the three made here.
    const made = res.body.registrations.filter((r: { competion: { name_en: string } }) =>
      /^Competition [1-3]$/.test(r.competion.name_en),
    );
    expect(made).toHaveLength(1);
  });

  it('the back-office checks a registration: window, size, ages, one per season and competition', async () => {
    const { competition: comp } = await openRegistration();
    const post = (body: Record<string, unknown>) =>
      t.http.post('/api/admin/registrations').set('Authorization', admin).set('Accept-Language', 'ar').send(body);
    const base = {
      season_id: season,
      competition_id: comp,
      opens_at: '2026-09-01T00:00:00Z',
      closes_at: '2026-10-01T00:00:00Z',
    };
    expect((await post({ ...base, closes_at: '2026-08-01T00:00:00Z' })).body.message).toBe(
      'يجب أن يكون تاريخ الإغلاق بعد تاريخ الفتح.',
    );
    expect((await post({ ...base, min_members: 4, max_members: 2 })).status).toBe(400);
    expect((await post({ ...base, min_age: 10 })).body.message).toBe(
      'تحقق من الأعمار: الحد الأدنى لا يتجاوز الحد الأقصى، مع تاريخ مرجعي لها.',
    );
    const dup = await post(base);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('يوجد تسجيل لهذه المسابقة في هذا الموسم بالفعل.');
  });

  it('only a coach with full access registers; every rule has its message in both languages', async () => {
    const { competition: comp } = await openRegistration({
      grades: ['7'],
      min_age: 10,
      max_age: 15,
      age_on: '2026-09-01',
    });
    const [a, b, c, d] = await Promise.all([student(), student(), student(), student()]);
    const s = await student();
    const studentToken = await signIn(t, s);
    expect((await register(studentToken, comp, { members: [a.nationalId] })).status).toBe(403);
    const unpaid = await coachUser({ subcription: false, endDate: null });
    expect((await register(await signIn(t, unpaid), comp, { members: [a.nationalId] })).status).toBe(403);

    const coach = await coachUser();
    const token = await signIn(t, coach);
    const noName = await register(token, comp, { name: '  ', members: [a.nationalId] }, 'ar');
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('يرجى إدخال اسم الفريق (حتى 100 حرف).');
    const badId = await register(token, comp, { members: ['12345'] });
    expect(badId.body.message).toBe('Each National ID must be exactly 10 digits: 12345');
    const unknown = await register(token, comp, { members: ['1999999999'] }, 'ar');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('لا يوجد طالب مسجل برقم الهوية 1999999999. يمكنك دعوته للتسجيل.');
    const tooMany = await register(token, comp, {
      members: [a.nationalId, b.nationalId, c.nationalId, d.nationalId],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A team of this competition has at most 3 members.');
    const coaches = await Promise.all([coachUser(), coachUser()]);
    const tooManyCoaches = await register(token, comp, {
      members: [a.nationalId],
      coaches: coaches.map((x) => x.nationalId),
    });
    expect(tooManyCoaches.body.message).toBe('A team of this competition has at most 2 coaches.');
    const grade9 = await student({
      name: 'Grade Nine',
      education: { school_name: '', education_admin: '', level: '', grade: '9' },
    });
    const wrongGrade = await register(token, comp, { members: [a.nationalId, grade9.nationalId] });
    expect(wrongGrade.status).toBe(400);
    expect(wrongGrade.body.message).toBe('Grade Nine is not eligible for this competition (grade or age).');
    // 16 on the season's reference date, though 15 today.
    const old = await student({ name: 'Old One', dob: '2010-08-15' });
    const tooOld = await register(token, comp, { members: [old.nationalId] }, 'ar');
    expect(tooOld.body.message).toBe('Old One غير مؤهل لهذه المسابقة (الصف أو العمر).');
    const noEntity = await register(token, comp, { members: [a.nationalId], entity_email: 'nobody@school.example' });
    expect(noEntity.status).toBe(404);
    expect(noEntity.body.message).toBe('No entity is registered with this e-mail address.');
    expect(await t.database.db.select().from(teams).where(eq(teams.competitionId, comp))).toHaveLength(0);

    // Arabic-Indic digits are national IDs too.
    const arabicId = a.nationalId!.replace(/\d/g, (x) => '٠١٢٣٤٥٦٧٨٩'[Number(x)]);
    const ok = await register(token, comp, { members: [arabicId, b.nationalId], coaches: [coaches[0].nationalId] });
    expect(ok.status).toBe(201);
    expect(ok.body.team).toMatchObject({
      team_no: expect.stringMatching(/^T-\d{4,}$/),
      name: 'Robo Falcons',
      registration_status: 'waiting_members',
      status: false,
      payment_status: false,
    });
    const people = ok.body.team.people as { name: string; role: string; state: string }[];
    expect(people.map((p) => [p.role, p.state]).sort()).toEqual(
      [
        ['coach', 'accepted'],
        ['coach', 'pending'],
        ['member', 'pending'],
        ['member', 'pending'],
      ].sort(),
    );
    // The invited are told (WhatsApp when they have a phone, else e-mail).
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, a.email!));
    expect(mail[0].subject).toBe(`Invitation to team ${ok.body.team.team_no}`);
    expect(mail[0].body).toContain('http://member.test:3000/');
  });

  it('outside the window nobody registers', async () => {
    const later = await openRegistration({
      opens_at: new Date(Date.now() + 5 * DAY).toISOString(),
      closes_at: new Date(Date.now() + 9 * DAY).toISOString(),
    });
    const token = await signIn(t, await coachUser());
    const s = await student();
    const res = await register(token, later.competition, { members: [s.nationalId] });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Registration for this competition opens on \d{4}-\d{2}-\d{2}\.$/);
    const none = await register(token, '00000000-0000-4000-8000-000000000000', { members: [s.nationalId] }, 'ar');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('التسجيل غير مفتوح لهذه المسابقة في هذا الموسم.');
  });

  it('a student is in one team per competition and season; two coaches racing for one student: one wins', async () => {
    const { competition: comp } = await openRegistration();
    const s = await student({ name: 'Sara Ali' });
    const [c1, c2, c3] = await Promise.all([coachUser(), coachUser(), coachUser()]);
    const [t1, t2, t3] = await Promise.all([signIn(t, c1), signIn(t, c2), signIn(t, c3)]);
    const [r1, r2] = await Promise.all([
      register(t1, comp, { name: 'First', members: [s.nationalId] }),
      register(t2, comp, { name: 'Second', members: [s.nationalId] }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect(loser.body.message).toBe('Sara Ali is already in a team of this competition this season.');
    const rows = await t.database.db
      .select()
      .from(teamPeople)
      .where(and(eq(teamPeople.userId, s.id), eq(teamPeople.competitionId, comp)));
    expect(rows).toHaveLength(1);
    // No half-written team for the loser.
    expect(await t.database.db.select().from(teams).where(eq(teams.competitionId, comp))).toHaveLength(1);

    // Declining frees the student; a third coach may then invite them.
    const token = await signIn(t, s);
    const [inv] = await invitationsOf(token);
    const declined = await t.http
      .post(`/api/team-invitations/${inv._id}/decline`)
      .set('Authorization', token)
      .set('Accept-Language', 'ar');
    expect(declined.body.message).toBe('رفضت الدعوة.');
    expect((await register(t3, comp, { name: 'Third', members: [s.nationalId] })).status).toBe(201);
  });

  it('concurrent accepts never push a team over its maximum (the team row is locked)', async () => {
    const reg = await openRegistration({ max_members: 3 });
    const kids = await Promise.all([student(), student(), student()]);
    const token = await signIn(t, await coachUser());
    const made = await register(token, reg.competition, { members: kids.map((k) => k.nationalId) });
    expect(made.status).toBe(201);
    // The admin lowers the maximum after the invitations went out.
    await t.http.put(`/api/admin/registrations/${reg.id}`).set('Authorization', admin).send({ max_members: 2 });
    const tokens = await Promise.all(kids.map((k) => signIn(t, k)));
    const ids = await Promise.all(tokens.map(async (tk) => (await invitationsOf(tk))[0]._id));
    const answers = await Promise.all(
      ids.map((id, i) => t.http.post(`/api/team-invitations/${id}/accept`).set('Authorization', tokens[i])),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('This team already has its 2 members.');
    const accepted = await t.database.db
      .select()
      .from(teamPeople)
      .where(
        and(eq(teamPeople.teamId, made.body.team._id), eq(teamPeople.role, 'member'), eq(teamPeople.state, 'accepted')),
      );
    expect(accepted).toHaveLength(2);
    // Answering twice, or someone else's invitation.
    expect((await t.http.post(`/api/team-invitations/${ids[0]}/accept`).set('Authorization', tokens[0])).status).toBe(
      409,
    );
    expect((await t.http.post(`/api/team-invitations/${ids[0]}/accept`).set('Authorization', tokens[1])).status).toBe(
      404,
    );
  });

  it('only the team’s coaches change it; replacing a member invites the new one; withdrawing frees everyone', async () => {
    const { competition: comp } = await openRegistration();
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const coach = await coachUser();
    const token = await signIn(t, coach);
    const made = await register(token, comp, { members: [a.nationalId, b.nationalId] });
    const id = made.body.team._id as string;
    const stranger = await signIn(t, await coachUser());
    const foreign = await t.http.put(`/api/teams/${id}`).set('Authorization', stranger).send({ name: 'Mine now' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Only the coaches of this team may change it.');
    expect((await t.http.delete(`/api/teams/${id}`).set('Authorization', stranger)).status).toBe(403);

    const aToken = await signIn(t, a);
    const [inv] = await invitationsOf(aToken);
    await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', aToken);
    const replaced = await t.http
      .put(`/api/teams/${id}`)
      .set('Authorization', token)
      .send({ name: 'Robo Hawks', members: [a.nationalId, c.nationalId] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.team.name).toBe('Robo Hawks');
    const members = replaced.body.team.people.filter((p: { role: string }) => p.role === 'member');
    expect(members.map((p: { national_id: string; state: string }) => [p.national_id, p.state]).sort()).toEqual(
      [
        [a.nationalId, 'accepted'],
        [c.nationalId, 'pending'],
      ].sort(),
    );
    expect(await invitationsOf(await signIn(t, b))).toHaveLength(0);
    expect(await invitationsOf(await signIn(t, c))).toHaveLength(1);

    const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token).set('Accept-Language', 'ar');
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('تم سحب الفريق.');
    expect(gone.body.team.registration_status).toBe('withdrawn');
    // a is free again: another coach registers them.
    expect((await register(stranger, comp, { members: [a.nationalId] })).status).toBe(201);
    expect((await t.http.put(`/api/teams/${id}`).set('Authorization', token).send({ name: 'Back' })).status).toBe(409);
  });

  it('submit, pay the fee in the sandbox, admin approval, and everyone told; the home cards show it active', async () => {
    const reg = await openRegistration({ fee: '250', entity_required: true, min_members: 2 });
    const comp = reg.competition;
    const a = await student({ name: 'Amal', language: 'ar', phoneNumber: '+966501112233' });
    const b = await student({ name: 'Badr' });
    const entity = await createUser(t, { type: 2, nationalId: '0000000000', email: 'head@school.example', ...PLAN });
    const coach = await coachUser({ name: 'Coach Kareem' });
    const token = await signIn(t, coach);
    expect((await register(token, comp, { members: [a.nationalId, b.nationalId] })).body.message).toBe(
      'This competition requires an entity (school): please enter its e-mail address.',
    );
    const made = await register(token, comp, {
      members: [a.nationalId, b.nationalId],
      entity_email: 'HEAD@school.example',
    });
    expect(made.status).toBe(201);
    const id = made.body.team._id as string;
    // The Arabic-speaking student with a phone is told by WhatsApp, in Arabic.
    const [wa] = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966501112233'));
    expect(wa).toMatchObject({ channel: 'whatsapp', subject: `دعوة إلى الفريق ${made.body.team.team_no}` });

    const tooFew = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe('A team of this competition needs at least 2 members who accepted.');
    for (const s of [a, b]) {
      const tk = await signIn(t, s);
      const [inv] = await invitationsOf(tk);
      expect((await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', tk)).status).toBe(200);
    }
    const noEntity = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(noEntity.body.message).toBe('The entity has not confirmed the team yet.');
    const eToken = await signIn(t, entity);
    const [eInv] = await invitationsOf(eToken);
    expect(eInv).toMatchObject({ role: 'entity', team: { team_no: made.body.team.team_no } });
    expect((await t.http.post(`/api/team-invitations/${eInv._id}/accept`).set('Authorization', eToken)).status).toBe(
      200,
    );
    const submitted = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(submitted.status).toBe(200);
    expect(submitted.body.team.registration_status).toBe('submitted');

    // The admin cannot approve before the fee is paid.
    const early = await t.http.put(`/api/admin/teams/${id}`).set('Authorization', admin).send({ status: 'approved' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The team fee is not paid yet.');

    // Paying: the amount comes from the registration, whatever the browser sends; only the provider's answer counts.
    const pay = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token).send({ amount: '1' });
    expect(pay.status).toBe(200);
    const { ref, url } = pay.body.response.order as { ref: string; url: string };
    const orderId = pay.body.order._id as string;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ total: '250.00', orderType: 'team_fee', teamId: id, status: 'pending' });
    const before = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(before.body.order.payment_status).not.toBe('Paid');
    expect((await t.database.db.select().from(teams).where(eq(teams.id, id)))[0].paymentStatus).toBe(false);
    const path = new URL(url).pathname;
    expect((await t.http.post(path).type('form').send({ action: 'pay' })).status).toBe(303);
    // Reconciliation settles it even if the coach never returns.
    await t.app.get(PaymentsService).reconcile();
    expect((await t.database.db.select().from(teams).where(eq(teams.id, id)))[0].paymentStatus).toBe(true);
    const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ ref, order_id: orderId });
    expect(checked.body.order.payment_status).toBe('Paid');
    // The coach's plan is not extended by a team fee.
    expect(checked.body.user.end_date).toBe('2999-12-31');
    // The invoice names the team fee.
    const made2 = await t.http.post('/api/subcripe/genrate/').set('Authorization', token).send({ order_id: orderId });
    expect(made2.status).toBe(200);
    const pdf = await t.http
      .get(`/api/subcripe/invoice/${orderId}`)
      .set('Authorization', token)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const text = (await pdfParse(pdf.body as Buffer)).text;
    expect(text).toContain(`Team fee ${made.body.team.team_no}`);
    expect(text).toContain('is paid.');
    const twice = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token);
    expect(twice.body.message).toBe('The team fee is already paid.');

    const noReason = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('يرجى كتابة سبب الرفض.');
    const approved = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ registration_status: 'approved', status: true, payment_status: true });

    // Everyone in the team is told, in their language.
    const told = await t.database.db.select().from(outbox);
    const decisions = told.filter((m) => /approved|اعتماد/.test(m.subject));
    expect(decisions.map((m) => m.to).sort()).toEqual(
      ['+966501112233', b.email, coach.email, 'head@school.example'].sort(),
    );
    expect(decisions.find((m) => m.to === '+966501112233')!.subject).toBe(`اعتماد الفريق ${made.body.team.team_no}`);

    // The home cards of each member show it active, with the members who accepted.
    for (const who of [a, coach, entity]) {
      const cards = await t.http.get('/api/wro/get-teams?top=2').set('Authorization', await signIn(t, who));
      const card = cards.body.teams.find((x: { _id: string }) => x._id === id);
      expect(card).toMatchObject({ status: true, payment_status: true, team_no: made.body.team.team_no });
      expect(card.members.map((m: { name: string }) => m.name).sort()).toEqual(['Amal', 'Badr']);
      expect(card.entity).toMatchObject({ _id: entity.id });
    }

    // The back-office filters by registration status and exports the teams.
    const list = await t.http
      .get('/api/admin/teams')
      .query({ filter: JSON.stringify({ registration_status: 'approved', competition: comp }) })
      .set('Authorization', admin);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([id]);
    const one = await t.http.get(`/api/admin/teams/${id}`).set('Authorization', admin);
    expect(one.body.invitations.map((p: { role: string; state: string }) => `${p.role}:${p.state}`).sort()).toEqual(
      ['coach:accepted', 'entity:accepted', 'member:accepted', 'member:accepted'].sort(),
    );
    const csv = await t.http
      .get('/api/admin/teams/export')
      .query({ filter: JSON.stringify({ registration_status: 'approved' }) })
      .set('Authorization', admin)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('TeamNo,Name,Season,Competition,RegistrationStatus');
    expect(csv.body).toContain(`${made.body.team.team_no},Robo Falcons,Season 2026,`);
  });

  it('a rejection needs a reason, frees the members and tells them why', async () => {
    const { competition: comp } = await openRegistration({ min_members: 1 });
    const a = await student({ name: 'Rana' });
    const token = await signIn(t, await coachUser());
    const made = await register(token, comp, { members: [a.nationalId] });
    const id = made.body.team._id as string;
    const aToken = await signIn(t, a);
    const [inv] = await invitationsOf(aToken);
    await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', aToken);
    const notYet = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ status: 'rejected', reason: 'x' });
    expect(notYet.body.message).toBe('Only a submitted team can be approved or rejected.');
    expect((await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token)).status).toBe(200);
    // No fee: paying is refused with its message.
    expect((await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token)).body.message).toBe(
      'This competition has no team fee.',
    );
    const rejected = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ status: 'rejected', reason: 'The school is not in the region.' });
    expect(rejected.body).toMatchObject({ registration_status: 'rejected', status: false });
    const [msg] = (await t.database.db.select().from(outbox).where(eq(outbox.to, a.email!))).filter((m) =>
      m.subject.includes('rejected'),
    );
    expect(msg.body).toContain('Reason: The school is not in the region.');
    expect((await register(await signIn(t, await coachUser()), comp, { members: [a.nationalId] })).status).toBe(201);
  });

  it('a coach may invite a student without an account to sign up', async () => {
    const token = await signIn(t, await coachUser({ name: 'Coach Huda' }));
    const bad = await t.http
      .post('/api/teams/invite-signup')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ email: 'not-an-email' });
    expect(bad.body.message).toBe('يرجى إدخال رقم جوال ولي الأمر أو البريد الإلكتروني للطالب.');
    const sent = await t.http
      .post('/api/teams/invite-signup')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .send({ phone: '٠٥٠١٢٣٤٥٦٧' });
    expect(sent.status).toBe(200);
    const [wa] = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966501234567'));
    expect(wa.body).toContain('http://member.test:3000/student/signup/');
    expect(wa.body).toContain('Coach Huda');
  });

  it('a registration with teams cannot be deleted', async () => {
    const reg = await openRegistration({ min_members: 1 });
    const s = await student();
    await register(await signIn(t, await coachUser()), reg.competition, { members: [s.nationalId] });
    const res = await t.http.delete(`/api/admin/registrations/${reg.id}`).set('Authorization', admin);
    expect(res.status).toBe(409);
    expect(await t.database.db.select().from(registrations).where(eq(registrations.id, reg.id))).toHaveLength(1);
  });
  it('a registered team skips a number staff already gave a team by hand', async () => {
    const { competition: comp } = await openRegistration({ min_members: 1 });
    const [row] = await t.database.query(`select last_value::int as v, is_called from team_no_seq`);
    const next = (row.is_called ? (row.v as number) : (row.v as number) - 1) + 1;
    await t.database.db
      .insert(teams)
      .values([next, next + 1].map((n) => ({ teamNo: `T-${n}`, seasonId: season, competitionId: comp })));
    const s = await student();
    const made = await register(await signIn(t, await coachUser()), comp, { members: [s.nationalId] });
    expect(made.status).toBe(201);
    expect(made.body.team.team_no).toBe(`T-${next + 2}`);
  });
  it("the back-office's team form keeps invitation states and the one-team rule", async () => {
    const { competition: comp } = await openRegistration();
    const [a, b, c] = await Promise.all([student(), student(), student()]);
    const made = await register(await signIn(t, await coachUser()), comp, { members: [a.nationalId, b.nationalId] });
    const id = made.body.team._id as string;
    const aToken = await signIn(t, a);
    const [inv] = await invitationsOf(aToken);
    await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', aToken);
    const saved = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ member_ids: [a.id, b.id], name: 'ignored' });
    expect(saved.status).toBe(200);
    const states = await t.database.db
      .select({ userId: teamPeople.userId, state: teamPeople.state })
      .from(teamPeople)
      .where(and(eq(teamPeople.teamId, id), eq(teamPeople.role, 'member')));
    expect(Object.fromEntries(states.map((p) => [p.userId, p.state]))).toEqual({
      [a.id]: 'accepted',
      [b.id]: 'pending',
    });
    await register(await signIn(t, await coachUser()), comp, { members: [c.nationalId] });
    const clash = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ member_ids: [a.id, b.id, c.id] });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('أحد الطلاب عضو بالفعل في فريق آخر لهذه المسابقة في هذا الموسم.');
  });
});
