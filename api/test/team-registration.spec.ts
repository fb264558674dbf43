import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import {
  auditLog,
  competitions,
  orders,
  outbox,
  refunds,
  registrations,
  teamPeople,
  teams,
  users,
} from '../src/db/schema';
import { PaymentsService } from '../src/payments/payments.service';
import { PAYMENT_PROVIDER, ProviderError, type PaymentProvider } from '../src/payments/provider';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { DAY, PLAN, teamFixtures } from './team-fixtures';
import { pdfText } from './pdf-text';
import { createSeason } from './builders';

let t: TestApp;
let admin: string;
let season: string;
const { openRegistration, coachUser, student, register, invitationsOf } = teamFixtures(
  () => t,
  () => admin,
  () => season,
  'Competition',
);

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  season = await createSeason(t, admin, 'موسم 2026', 'Season 2026');
});
afterAll(() => t.close());

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
    const unpaid = await coachUser({ subscription: false, endDate: null });
    expect((await register(await signIn(t, unpaid), comp, { members: [a.nationalId] })).status).toBe(403);

    const coach = await coachUser();
    const token = await signIn(t, coach);
    const noName = await register(token, comp, { name: '  ', members: [a.nationalId] }, 'ar');
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('يرجى إدخال اسم الفريق (حتى 100 حرف).');
    const badId = await register(token, comp, { members: ['12345'] });
    expect(badId.body.message).toBe('Each National ID must be exactly 10 digits.');
    const unknown = await register(token, comp, { members: ['1999999999'] }, 'ar');
    expect(unknown.status).toBe(404);
    // One refusal for every reason (no account, not verified, disabled, not eligible, in another team):
    // a look-up never tells a coach a child's name or eligibility.
    const refusal = (id: string) =>
      `لا يمكن دعوة صاحب الهوية الوطنية ${id}. يلزم أن يكون للطالب حساب موثّق في المنصة، وأن يستوفي شروط العمر والصف في هذه المسابقة، وألا يكون في فريق آخر فيها. يمكنك دعوته إلى التسجيل.`;
    expect(unknown.body.message).toBe(refusal('1999999999'));
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
    const wrongGrade = await register(token, comp, { members: [a.nationalId, grade9.nationalId] }, 'ar');
    expect(wrongGrade.status).toBe(404);
    expect(wrongGrade.body.message).toBe(refusal(grade9.nationalId!));
    expect(wrongGrade.body.message).not.toContain('Grade Nine');
    // 16 on the season's reference date, though 15 today.
    const old = await student({ name: 'Old One', dob: '2010-08-15' });
    const tooOld = await register(token, comp, { members: [old.nationalId] }, 'ar');
    expect(tooOld.body.message).toBe(refusal(old.nationalId!));
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
    // An invitation holds nobody: both coaches may invite her; only her acceptance takes her place.
    expect([r1.status, r2.status]).toEqual([201, 201]);
    const token = await signIn(t, s);
    const both = await invitationsOf(token);
    expect(both).toHaveLength(2);
    const [first, second] = await Promise.all(
      both.map((inv) => t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', token)),
    );
    // Accepting one clears the other (or, racing, the unique index refuses the second).
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .select()
      .from(teamPeople)
      .where(and(eq(teamPeople.userId, s.id), eq(teamPeople.competitionId, comp), eq(teamPeople.state, 'accepted')));
    expect(rows).toHaveLength(1);
    expect(await invitationsOf(token)).toHaveLength(0);
    // She is in a team now: a third coach's look-up gets the one refusal.
    const third = await register(t3, comp, { name: 'Third', members: [s.nationalId] });
    expect(third.status).toBe(404);
    expect(third.body.message).not.toContain('Sara');
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
    // Removing someone asks first.
    expect([replaced.status, replaced.body.message]).toEqual([
      409,
      'This change removes people from the team. Confirm to save it.',
    ]);
    const confirmed = await t.http
      .put(`/api/teams/${id}`)
      .set('Authorization', token)
      .send({ name: 'Robo Hawks', members: [a.nationalId, c.nationalId], confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.team.name).toBe('Robo Hawks');
    const members = confirmed.body.team.people.filter((p: { role: string }) => p.role === 'member');
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
    const incomplete =
      'The team is not complete yet: everyone invited must answer, enough members must accept, and the school must confirm where one is required.';
    expect(tooFew.body.message).toBe(incomplete);
    for (const s of [a, b]) {
      const tk = await signIn(t, s);
      const [inv] = await invitationsOf(tk);
      expect((await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', tk)).status).toBe(200);
    }
    const noEntity = await t.http.post(`/api/teams/${id}/submit`).set('Authorization', token);
    expect(noEntity.body.message).toBe(incomplete);
    const eToken = await signIn(t, entity);
    const [eInv] = await invitationsOf(eToken);
    expect(eInv).toMatchObject({ role: 'entity', team: { team_no: made.body.team.team_no } });
    expect((await t.http.post(`/api/team-invitations/${eInv._id}/accept`).set('Authorization', eToken)).status).toBe(
      200,
    );
    // Everyone answered and a fee is due: the team is ready, and the coach submits it with one tap.
    const ready = (await t.http.get('/api/teams').set('Authorization', token)).body.teams.find(
      (x: { _id: string }) => x._id === id,
    );
    expect(ready).toMatchObject({ registration_status: 'ready', actions: expect.arrayContaining(['submit', 'pay']) });
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
    const text = await pdfText(pdf.body as Buffer);
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
    expect(noReason.body.message).toBe('يرجى كتابة السبب.');
    const approved = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ registration_status: 'approved', status: true, payment_status: true });

    // Everyone in the team is told, in their language.
    const told = await t.database.db.select().from(outbox);
    const decisions = told.filter((m) => /approved|اعتماد/.test(m.subject) && !/waiting/.test(m.subject));
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
    // Everyone accepted and no fee is due: the team was submitted by itself.
    const [formed] = await t.database.db.select().from(teams).where(eq(teams.id, id));
    expect(formed.state).toBe('submitted');
    // No fee: paying is refused with its message.
    expect((await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token)).body.message).toBe(
      'This competition has no team fee.',
    );
    for (const reason of [undefined, null, '   ']) {
      const noReason = await t.http
        .put(`/api/admin/teams/${id}`)
        .set('Authorization', admin)
        .send({ status: 'rejected', reason });
      expect([noReason.status, noReason.body.message]).toEqual([400, 'Please write the reason.']);
    }
    const tooLong = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .send({ status: 'rejected', reason: 'x'.repeat(501) });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'The field "Reason" is missing or invalid.']);
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
    // No coach's words in a message to someone else.
    expect(wa.body).not.toContain('Coach Huda');
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
    // Only an accepted place holds a student: c accepts the other team first.
    const cToken = await signIn(t, c);
    const [cInv] = await invitationsOf(cToken);
    expect((await t.http.post(`/api/team-invitations/${cInv._id}/accept`).set('Authorization', cToken)).status).toBe(
      200,
    );
    const clash = await t.http
      .put(`/api/admin/teams/${id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ member_ids: [a.id, b.id, c.id] });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('أحد الطلاب عضو بالفعل في فريق آخر لهذه المسابقة في هذا الموسم.');
  });
});

describe('team registration: refunds, replacing people, the guardian', () => {
  /** A team of one accepted student with its fee paid in the sandbox (and settled by reconciliation). */
  async function paidTeam(fee = '250') {
    const { competition: comp } = await openRegistration({ fee, min_members: 1 });
    const a = await student();
    const coach = await coachUser();
    const token = await signIn(t, coach);
    const made = await register(token, comp, { members: [a.nationalId] });
    const id = made.body.team._id as string;
    const aToken = await signIn(t, a);
    const [inv] = await invitationsOf(aToken);
    await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', aToken);
    const pay = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token);
    expect(pay.status).toBe(200);
    const path = new URL(pay.body.response.order.url as string).pathname;
    expect((await t.http.post(path).type('form').send({ action: 'pay' })).status).toBe(303);
    await t.app.get(PaymentsService).reconcile();
    expect((await t.database.db.select().from(teams).where(eq(teams.id, id)))[0].paymentStatus).toBe(true);
    return { id, token, comp, a, coach, orderId: pay.body.order._id as string, teamNo: made.body.team.team_no };
  }
  const teamRow = async (id: string) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0];
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

  it('withdrawing a paid team refunds its fee in full, once; a provider failure leaves everything as it was', async () => {
    const { id, token, orderId, comp, teamNo } = await paidTeam();
    const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const spy = jest.spyOn(provider, 'refund').mockRejectedValueOnce(new ProviderError('down'));
    try {
      const failed = await t.http.delete(`/api/teams/${id}`).set('Authorization', token).set('Accept-Language', 'ar');
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('تعذّر استرداد رسوم الفريق الآن، لذلك لم يُسحب الفريق. يرجى المحاولة لاحقًا.');
    } finally {
      spy.mockRestore();
    }
    expect(await teamRow(id)).toMatchObject({ state: 'submitted', paymentStatus: true });
    expect((await orderRow(orderId)).status).toBe('paid');
    // The refusal is kept with the provider's reason: nothing refunded, no credit note.
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ status: 'failed', failureReason: 'down', creditNoteNumber: null }),
    ]);
    const people = await t.database.db.select().from(teamPeople).where(eq(teamPeople.teamId, id));
    expect(people.every((p) => p.active)).toBe(true);

    const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(gone.status).toBe(200);
    const [refund] = (await refundsOf(orderId)).filter((r) => r.status === 'settled');
    expect(refund).toMatchObject({ amount: '250.00', creditNoteNumber: expect.stringMatching(/^CN-/) });
    expect(gone.body.message).toBe(
      `The team was withdrawn and its fee of SAR 250.00 was refunded (credit note ${refund.creditNoteNumber}).`,
    );
    expect(gone.body.team).toMatchObject({
      registration_status: 'withdrawn',
      payment_status: false,
      fee_refunded: true,
    });
    expect(gone.body.refund).toMatchObject({ amount: '250.00', currency: 'SAR', credit_note: refund.creditNoteNumber });
    // The credit note names the team (its number) and the competition, and the reason in both languages.
    const note = await t.http
      .get(`/api/subcripe/credit-note/${refund.id}`)
      .set('Authorization', token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(note.status).toBe(200);
    const [competition] = await t.database.db.select().from(competitions).where(eq(competitions.id, comp));
    const words = (await pdfText(note.body as Buffer)).replace(/\s+/g, ' ');
    for (const text of [
      'Credit note',
      'إشعار دائن',
      teamNo,
      competition.nameEn,
      // A line mixing Arabic with Latin or digits comes out of pdftotext in visual order: its Arabic words.
      ...competition.name.split(/[^\u0600-\u06FF]+/).filter(Boolean),
      `Team ${teamNo} withdrawn by its coach`,
      'سحب المدرب الفريق',
      'إجمالي المبلغ المسترد',
    ])
      expect(words).toContain(text);
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await teamRow(id)).toMatchObject({ state: 'withdrawn', paymentStatus: false, status: false });

    // Withdrawing again answers the withdrawn team and refunds nothing more.
    const again = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('The team was withdrawn.');
    expect(await refundsOf(orderId)).toHaveLength(2);
  });

  it('after registration closes a paid team is not withdrawn nor refunded', async () => {
    const { id, token, orderId } = await paidTeam();
    await t.database.db
      .update(registrations)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, (await teamRow(id)).registrationId!));
    const late = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('Registration for this competition is closed.');
    expect(await refundsOf(orderId)).toEqual([]);
    expect((await teamRow(id)).paymentStatus).toBe(true);
  });

  it('a full refund of a team fee by staff marks the team unpaid; a partial one does not', async () => {
    const { id, token, orderId } = await paidTeam('100');
    const refund = (amount: string) =>
      t.http
        .post(`/api/admin/transections/${orderId}/refund`)
        .set('Authorization', admin)
        .send({ amount, reason: 'Team fee returned' });
    expect((await refund('40')).status).toBe(200);
    expect((await teamRow(id)).paymentStatus).toBe(true);
    expect((await refund('60')).status).toBe(200);
    expect((await teamRow(id)).paymentStatus).toBe(false);
    const mine = await t.http.get('/api/teams').set('Authorization', token);
    expect(mine.body.teams.find((x: { _id: string }) => x._id === id)).toMatchObject({
      payment_status: false,
      fee_refunded: true,
    });
    // Withdrawing now refunds nothing more.
    const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
    expect(gone.body.message).toBe('The team was withdrawn.');
    expect(await refundsOf(orderId)).toHaveLength(2);
  });

  it('a withdrawal and a staff refund of the same fee at the same moment: one refund, no deadlock, no 500', async () => {
    // On PostgreSQL both run at once and one waits for the other's locks (team, then order); PGlite serialises.
    for (let round = 0; round < 3; round++) {
      const { id, token, orderId } = await paidTeam('250');
      const [withdrawal, staff] = await Promise.all([
        t.http.delete(`/api/teams/${id}`).set('Authorization', token),
        t.http
          .post(`/api/admin/transections/${orderId}/refund`)
          .set('Authorization', admin)
          .send({ amount: '250', reason: 'Team fee returned' }),
      ]);
      expect([200, 409]).toContain(withdrawal.status);
      expect([200, 409]).toContain(staff.status);
      const inProgress =
        'A refund of this order is being made right now. Wait for its outcome, then try again if anything is left to refund.';
      if (staff.status === 409) {
        // The withdrawal refunded first; staff read that it is done, or under way.
        expect(['This order has already been refunded in full.', inProgress]).toContain(staff.body.message);
        expect(withdrawal.status).toBe(200);
        expect(withdrawal.body.refund).toMatchObject({ amount: '250.00' });
      } else if (withdrawal.status === 409) {
        // Staff's refund was with the provider when the coach withdrew: the coach reads it, and
        // withdrawing again once it is settled refunds nothing more.
        expect(withdrawal.body.message).toBe(inProgress);
        const again = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
        expect(again.body.message).toBe('The team was withdrawn.');
      } else expect(withdrawal.body.message).toBe('The team was withdrawn.');
      const done = await refundsOf(orderId);
      expect(done).toHaveLength(1);
      expect(done[0].amount).toBe('250.00');
      expect((await orderRow(orderId)).status).toBe('refunded');
      expect(await teamRow(id)).toMatchObject({ state: 'withdrawn', paymentStatus: false, status: false });
    }
  });

  it('a fee paid after its team was withdrawn is refunded, not marked paid; a refused refund is flagged and retried', async () => {
    /** A team whose fee page was paid at the provider but not yet settled, then withdrawn by its coach. */
    async function withdrawnBeforeSettled() {
      const { competition: comp } = await openRegistration({ fee: '250', min_members: 1 });
      const a = await student();
      const coach = await coachUser();
      const token = await signIn(t, coach);
      const id = (await register(token, comp, { members: [a.nationalId] })).body.team._id as string;
      const pay = await t.http.post(`/api/teams/${id}/pay`).set('Authorization', token);
      const path = new URL(pay.body.response.order.url as string).pathname;
      expect((await t.http.post(path).type('form').send({ action: 'pay' })).status).toBe(303);
      const gone = await t.http.delete(`/api/teams/${id}`).set('Authorization', token);
      expect(gone.status).toBe(200);
      expect(gone.body.refund).toBeNull();
      return { id, token, orderId: pay.body.order._id as string };
    }
    const pendingFlags = (orderId: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, orderId), eq(auditLog.action, 'refund_pending')));
    const settledOf = async (orderId: string) => (await refundsOf(orderId)).filter((r) => r.status === 'settled');

    // The member's own check of the order (the provider's answer) settles it: paid, then refunded.
    const first = await withdrawnBeforeSettled();
    const checked = await t.http.post('/api/telr/').set('Authorization', first.token).send({ order_id: first.orderId });
    expect(checked.status).toBeLessThan(300);
    expect((await orderRow(first.orderId)).status).toBe('refunded');
    expect(await teamRow(first.id)).toMatchObject({ state: 'withdrawn', paymentStatus: false });
    const [refund] = await refundsOf(first.orderId);
    expect(refund).toMatchObject({
      amount: '250.00',
      actorName: 'System',
      idempotencyKey: `team-withdrawn-fee:${first.orderId}`,
      creditNoteNumber: expect.stringMatching(/^CN-/),
    });
    await t.app.get(PaymentsService).reconcile();
    expect(await refundsOf(first.orderId)).toHaveLength(1);

    // The provider refuses the refund: the payment is recorded, the team stays unpaid, staff see a flag.
    const second = await withdrawnBeforeSettled();
    const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const spy = jest.spyOn(provider, 'refund').mockRejectedValueOnce(new ProviderError('down'));
    try {
      await t.app.get(PaymentsService).reconcile();
    } finally {
      spy.mockRestore();
    }
    expect((await orderRow(second.orderId)).status).toBe('paid');
    expect(await teamRow(second.id)).toMatchObject({ state: 'withdrawn', paymentStatus: false });
    // The refund owed stays pending with the provider's reason; staff see it (and the audit flag).
    expect(await refundsOf(second.orderId)).toEqual([
      expect.objectContaining({ status: 'pending', failureReason: 'down', creditNoteNumber: null }),
    ]);
    expect(await pendingFlags(second.orderId)).toHaveLength(1);
    // The reconciler's next run refunds it, once.
    const next = await t.app.get(PaymentsService).reconcile();
    expect(next.refunded).toBeGreaterThanOrEqual(1);
    expect((await orderRow(second.orderId)).status).toBe('refunded');
    expect(await settledOf(second.orderId)).toHaveLength(1);
    await t.app.get(PaymentsService).reconcile();
    expect(await refundsOf(second.orderId)).toHaveLength(1);
    expect(await pendingFlags(second.orderId)).toHaveLength(1);
  });

  it('the coach replaces a member, the second coach and the entity; an approved team goes back to approval', async () => {
    const { competition: comp } = await openRegistration({ min_members: 1, max_coaches: 2 });
    const [a, b] = await Promise.all([student({ name: 'Old One' }), student({ name: 'New One' })]);
    const coach = await coachUser();
    const [c2, c3] = await Promise.all([coachUser({ name: 'Second' }), coachUser({ name: 'Third' })]);
    const e1 = await createUser(t, { type: 2, email: `e1.${Date.now()}@school.example`, ...PLAN });
    const e2 = await createUser(t, { type: 2, email: `e2.${Date.now()}@school.example`, ...PLAN });
    const token = await signIn(t, coach);
    const made = await register(token, comp, {
      members: [a.nationalId],
      coaches: [c2.nationalId],
      entity_email: e1.email,
    });
    const id = made.body.team._id as string;
    const put = (body: Record<string, unknown>, lang = 'en') =>
      t.http.put(`/api/teams/${id}`).set('Authorization', token).set('Accept-Language', lang).send(body);
    const accept = async (who: { nationalId: string | null; email: string | null; password: string }) => {
      const tk = await signIn(t, who as Parameters<typeof signIn>[1]);
      const [inv] = await invitationsOf(tk);
      expect((await t.http.post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', tk)).status).toBe(200);
    };
    await accept(a);
    await accept(e1);
    expect((await teamRow(id)).entityId).toBe(e1.id);

    // Too many coaches, and the size rule, are the API's.
    const many = await put({ coaches: [c2.nationalId, c3.nationalId] });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A team of this competition has at most 2 coaches.');

    const changed = await put({
      members: [b.nationalId],
      coaches: [c3.nationalId],
      entity_email: e2.email,
      confirm: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('The team was updated.');
    const people = (changed.body.team.people as { name: string; role: string; state: string }[])
      .map((p) => `${p.role}:${p.name}:${p.state}`)
      .sort();
    expect(people).toEqual(
      [
        `coach:${coach.name}:accepted`,
        'coach:Third:pending',
        `entity:${e2.name}:pending`,
        'member:New One:pending',
      ].sort(),
    );
    expect((await teamRow(id)).entityId).toBeNull();
    // The old member is free: another coach registers them.
    const other = await signIn(t, await coachUser());
    expect((await register(other, comp, { members: [a.nationalId], name: 'Other' })).status).toBe(201);
    expect(await invitationsOf(await signIn(t, c2))).toHaveLength(0);

    await accept(b);
    await accept(c3);
    await accept(e2);
    // Everyone answered and no fee is due: submitted by itself.
    expect((await teamRow(id)).state).toBe('submitted');
    expect(
      (await t.http.put(`/api/admin/teams/${id}`).set('Authorization', admin).send({ status: 'approved' })).status,
    ).toBe(200);

    // After approval a rename goes back to approval (submitted), a new member to waiting for them.
    // The coach is told first what the change does.
    const unconfirmed = await put({ name: 'Robo Eagles' }, 'ar');
    expect([unconfirmed.status, unconfirmed.body.message]).toEqual([
      409,
      'هذا الفريق معتمد. حفظ هذا التعديل يعيده إلى الاتحاد لاعتماده من جديد، ويُبلَّغ كل من في الفريق. أكّد لحفظه.',
    ]);
    expect((await teamRow(id)).state).toBe('approved');
    const renamed = await put({ name: 'Robo Eagles', confirm: true }, 'ar');
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('تم تعديل الفريق: سيعود إلى الاتحاد لاعتماده من جديد.');
    expect(await teamRow(id)).toMatchObject({ state: 'submitted', status: false, name: 'Robo Eagles' });
    expect(
      (await t.http.put(`/api/admin/teams/${id}`).set('Authorization', admin).send({ status: 'approved' })).status,
    ).toBe(200);
    const c = await student({ name: 'Third Student' });
    const grown = await put({ members: [b.nationalId, c.nationalId], confirm: true });
    expect(grown.body.message).toBe('The team was changed: it goes back to the federation for approval.');
    expect(await teamRow(id)).toMatchObject({ state: 'waiting_members', status: false });

    // Once registration closes, nothing changes.
    await t.database.db
      .update(registrations)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, (await teamRow(id)).registrationId!));
    const late = await put({ members: [b.nationalId] });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('Registration for this competition is closed.');
  });

  it("a minor's guardian answers by a single-use, expiring WhatsApp link; wrong, used or expired links say so", async () => {
    const { competition: comp } = await openRegistration({ min_members: 1 });
    const minor = await student({
      name: 'Salma',
      language: 'ar',
      phoneNumber: null,
      guardianPhone: '+966507770001',
      dob: '2013-02-01',
    });
    const minor2 = await student({
      name: 'Yusuf',
      phoneNumber: null,
      guardianPhone: '+966507770002',
      dob: '2013-03-01',
    });
    const coach = await coachUser({ name: 'Coach Huda' });
    const token = await signIn(t, coach);
    const made = await register(token, comp, { members: [minor.nationalId, minor2.nationalId] });
    expect(made.status).toBe(201);
    const toGuardian = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966507770001'));
    // One message to the guardian, in the student's language, with the link; the student's own notice is not sent there.
    expect(toGuardian).toHaveLength(1);
    expect(toGuardian[0]).toMatchObject({
      channel: 'whatsapp',
      subject: `دعوة Salma إلى الفريق ${made.body.team.team_no}`,
    });
    const link = /http:\/\/member\.test:3000\/invitations\/([A-Za-z0-9_-]+)/.exec(toGuardian[0].body)!;
    expect(link).not.toBeNull();
    const secret = link[1];
    const [row] = await t.database.db
      .select()
      .from(teamPeople)
      .where(and(eq(teamPeople.teamId, made.body.team._id), eq(teamPeople.userId, minor.id)));
    // Only the hash is stored.
    expect(row.guardianTokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    const shown = await t.http.get(`/api/team-invitations/guardian/${secret}`).set('Accept-Language', 'ar');
    expect(shown.status).toBe(200);
    expect(shown.body.invitation).toMatchObject({
      role: 'member',
      student: { name: 'Salma' },
      team: {
        team_no: made.body.team.team_no,
        coaches: [{ name: 'Coach Huda' }],
        competion: { name_en: expect.stringMatching(/^Competition/) },
      },
    });
    const ok = await t.http.post(`/api/team-invitations/guardian/${secret}/accept`).set('Accept-Language', 'ar');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('شكرًا لك: انضم Salma إلى الفريق.');
    expect((await t.database.db.select().from(teamPeople).where(eq(teamPeople.id, row.id)))[0].state).toBe('accepted');

    const used = await t.http.post(`/api/team-invitations/guardian/${secret}/decline`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This invitation was already answered.');
    const wrong = await t.http.get(`/api/team-invitations/guardian/${'x'.repeat(32)}`).set('Accept-Language', 'ar');
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('رابط الدعوة هذا غير صالح أو سبق استخدامه.');
    expect((await t.http.get('/api/team-invitations/guardian/..%2F..')).status).toBe(404);
    expect((await t.http.post(`/api/team-invitations/guardian/${secret}/maybe`)).status).toBe(404);

    // The second guardian's link, once expired.
    const [msg2] = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966507770002'));
    expect(msg2.subject).toBe(`Yusuf: invitation to team ${made.body.team.team_no}`);
    const secret2 = /\/invitations\/([A-Za-z0-9_-]+)/.exec(msg2.body)![1];
    await t.database.db
      .update(teamPeople)
      .set({ guardianTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamPeople.userId, minor2.id));
    const expired = await t.http.post(`/api/team-invitations/guardian/${secret2}/accept`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This invitation link has expired. Ask the coach to send the invitation again.');
    // The student still answers on their own page.
    expect(await invitationsOf(await signIn(t, minor2))).toHaveLength(1);
    // Saving the team again sends nothing more: one invitation message per person and team.
    const saved = await t.http
      .put(`/api/teams/${made.body.team._id}`)
      .set('Authorization', token)
      .send({ members: [minor.nationalId, minor2.nationalId], name: 'Robo Falcons 2' });
    expect(saved.status).toBe(200);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, '+966507770002'))).toHaveLength(1);
    // Yusuf accepts on his own page: his place waits for his guardian, who is told and confirms by a new link.
    const yTok = await signIn(t, minor2);
    const [yInv] = await invitationsOf(yTok);
    const alone = await t.http.post(`/api/team-invitations/${yInv._id}/accept`).set('Authorization', yTok);
    expect(alone.body).toMatchObject({ invitation: { state: 'pending', guardian_pending: true } });
    const again = await t.database.db.select().from(outbox).where(eq(outbox.to, '+966507770002'));
    expect(again).toHaveLength(2);
    const fresh = again.map((m) => /\/invitations\/([A-Za-z0-9_-]+)/.exec(m.body)![1]).find((x) => x !== secret2)!;
    expect((await t.http.get(`/api/team-invitations/guardian/${secret2}`)).status).toBe(404);
    expect((await t.http.get(`/api/team-invitations/guardian/${fresh}`)).body.invitation).toMatchObject({
      child_accepted: true,
      student: { gender: null },
    });
    // With a gender on his profile, the guardian's page can speak of him as him («نيابةً عنه»), issue 37.
    await t.database.db.update(users).set({ gender: 'Male' }).where(eq(users.id, minor2.id));
    expect((await t.http.get(`/api/team-invitations/guardian/${fresh}`)).body.invitation.student).toEqual({
      name: expect.any(String),
      gender: 'Male',
    });
    const declined = await t.http.post(`/api/team-invitations/guardian/${fresh}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe('You declined the invitation for Yusuf.');
    // Salma's guardian, who answered, got no new link.
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, '+966507770001'))).toHaveLength(1);
  });
});
