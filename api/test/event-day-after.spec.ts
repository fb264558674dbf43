import { randomUUID } from 'node:crypto';
import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { auditLog, competitions, judgeApplications, seasons, teamPeople, teams } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * The competition day's later slice (issue 32): the team's signed check-in code and who arrives
 * with it, venue names in both languages, staff's corrections after the day, public team pages and
 * the cap on live leaderboard streams.
 */
let t: TestApp;
let admin: string;
let season: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  [{ id: season }] = await t.database.db.insert(seasons).values({ name: '٢٠٢٧', nameEn: '2027' }).returning();
});
afterAll(() => t.close());

const as = (token: string, lang = 'en') => ({
  get: (path: string) => t.http.get(path).set('Authorization', token).set('Accept-Language', lang),
  post: (path: string, body: object = {}) =>
    t.http.post(path).set('Authorization', token).set('Accept-Language', lang).send(body),
  put: (path: string, body: object) =>
    t.http.put(path).set('Authorization', token).set('Accept-Language', lang).send(body),
});

let counter = 0;
/**
 * No personal field and none of the test people's numbers or birth dates in an answer. The numbers
 * are matched whole (a bare "055" also matched random UUIDs: a test failing by chance).
 */
function expectNoPersonalData(text: string) {
  expect(text).not.toMatch(/national|phone|dob|birth/i);
  for (const digits of ['551234567', '559999999', '1985-03-01', '2014-05-05', '2013-01-01'])
    expect(text).not.toContain(digits);
}

/** A competition (one round of best-of, up to 100, timed) with two approved teams; the first with a coach, an adult student and two minors. */
async function setUp() {
  counter += 1;
  const [comp] = await t.database.db
    .insert(competitions)
    .values({ name: `مسابقة لاحقة ${counter}`, nameEn: `Later competition ${counter}` })
    .returning();
  await as(admin).put(`/api/admin/competitions/${comp.id}/ranking`, { kind: 'best_of', rounds: 1, round_max: 100 });
  const school = await createUser(t, { type: 2, name: `مدرسة النور ${counter}` });
  const [a, b] = await t.database.db
    .insert(teams)
    .values([
      {
        teamNo: `T-7${counter}01`,
        name: `Falcons ${counter}`,
        seasonId: season,
        competitionId: comp.id,
        entityId: school.id,
      },
      { teamNo: `T-7${counter}02`, name: `Hawks ${counter}`, seasonId: season, competitionId: comp.id },
    ])
    .returning();
  const coach = await createUser(t, {
    type: 1,
    subscription: true,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    name: `Coach Sara ${counter}`,
    dob: '1985-03-01',
    phoneNumber: '0551234567',
  });
  const minor = await createUser(t, {
    type: 0,
    name: `Child Omar ${counter}`,
    dob: '2014-05-05',
    phoneNumber: '0559999999',
  });
  const consented = await createUser(t, {
    type: 0,
    name: `Child Lina ${counter}`,
    dob: '2013-01-01',
    guardianConsentAt: new Date(),
  });
  const adult = await createUser(t, { type: 0, name: `Student Adult ${counter}`, dob: '2000-01-01' });
  await t.database.db.insert(teamPeople).values([
    { teamId: a.id, userId: coach.id, role: 'coach' },
    { teamId: a.id, userId: minor.id, role: 'member' },
    { teamId: a.id, userId: consented.id, role: 'member' },
    { teamId: a.id, userId: adult.id, role: 'member' },
  ]);
  const res = await as(admin).post('/api/admin/event-days', {
    season_id: season,
    competition_id: comp.id,
    event_date: '2027-02-10',
    venue_name: 'قاعة الملك فهد',
    venue_name_en: 'King Fahd Hall',
    venue_city: 'Riyadh',
  });
  expect(res.status).toBe(201);
  const event = res.body.id as string;
  const judge = await createUser(t, { type: 1, dob: '1980-01-01' });
  await t.database.db.insert(judgeApplications).values({
    userId: judge.id,
    organizationName: 'Club',
    city: 'Riyadh',
    applyAs: 'Refree',
    previousExperience: 'yes',
    status: 'accepted',
  });
  expect(
    (await as(admin).post(`/api/admin/event-days/${event}/staff`, { user_id: judge.id, role: 'referee' })).status,
  ).toBe(201);
  return {
    comp: comp.id,
    event,
    a,
    b,
    coach,
    minor,
    school,
    judge: await signIn(t, judge),
    coachToken: await signIn(t, coach),
    minorToken: await signIn(t, minor),
  };
}

describe('check-in by the team QR code', () => {
  it("gives an approved team's coach and students a signed code, checks the team in with it and shows who arrives: names, pictures, minors without consent — never an ID, phone or birth date", async () => {
    const s = await setUp();
    const cards = await as(s.minorToken).get('/api/wro/get-teams');
    expect(cards.status).toBe(200);
    const card = cards.body.teams.find((x: { team_no: string }) => x.team_no === s.a.teamNo);
    expect(card.check_in_code).toMatch(new RegExp(`^${s.a.teamNo}\\.[A-Za-z0-9_-]{16}$`));
    const theirs = await as(s.coachToken).get('/api/wro/get-teams');
    expect(theirs.body.teams[0].check_in_code).toBe(card.check_in_code);

    // A code shaped as the platform's but not signed by it checks nothing in.
    const forged = await as(s.judge, 'ar').post(`/api/judging/events/${s.event}/check-in`, {
      team: `${s.a.teamNo}.AAAAAAAAAAAAAAAA`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, field: 'team' });
    expect(forged.body.message).toMatch(/رمز تسجيل الحضور/);
    // Another team's code under this team's number: refused too.
    const swapped = await as(s.judge).post(`/api/judging/events/${s.event}/check-in`, {
      team: `${s.b.teamNo}.${card.check_in_code.split('.')[1]}`,
    });
    expect(swapped.status).toBe(400);

    const ok = await as(s.judge).post(`/api/judging/events/${s.event}/check-in`, { team: card.check_in_code });
    expect(ok.status).toBe(200);
    expect(ok.body.team).toMatchObject({ team_no: s.a.teamNo, name: s.a.name, checked_in_before: false });
    const people = ok.body.team.people as { name: string; role: string; minor: boolean; consent_missing: boolean }[];
    expect(people.map((p) => [p.name, p.role, p.minor, p.consent_missing])).toEqual([
      [s.coach.name, 'coach', false, false],
      [`Child Lina ${counter}`, 'member', true, false],
      [s.minor.name, 'member', true, true],
      [`Student Adult ${counter}`, 'member', false, false],
    ]);
    expectNoPersonalData(JSON.stringify(ok.body));
    const again = await as(s.judge).post(`/api/judging/events/${s.event}/check-in`, { team: card.check_in_code });
    expect(again.body.team.checked_in_before).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'event-days'), eq(auditLog.recordId, s.event), eq(auditLog.action, 'check_in')));
    expect(audits).toHaveLength(1);

    // The other team stays listed, not arrived.
    const view = await as(s.judge).get(`/api/judging/events/${s.event}`);
    expect(
      view.body.event.teams.map((x: { team_no: string; checked_in: boolean }) => [x.team_no, x.checked_in]),
    ).toEqual([
      [s.a.teamNo, true],
      [s.b.teamNo, false],
    ]);
    // The venue in both languages.
    expect(view.body.event).toMatchObject({ venue_name: 'قاعة الملك فهد', venue_name_en: 'King Fahd Hall' });
  });
});

describe('after the day', () => {
  it("staff correct a team's score with a reason (audited): the ranking, the team's result, the places and the public pages follow", async () => {
    const s = await setUp();
    for (const team of [s.a, s.b])
      await as(s.judge).post(`/api/judging/events/${s.event}/check-in`, { team: team.teamNo });
    const send = (team: string, value: string) =>
      as(s.judge).post(`/api/judging/events/${s.event}/scores`, {
        client_id: randomUUID(),
        round: 1,
        team,
        score: value,
        time: '60',
      });
    expect((await send(s.a.teamNo, '80')).status).toBe(200);
    expect((await send(s.b.teamNo, '70')).status).toBe(200);
    const correction = (body: Record<string, unknown>, lang = 'en') =>
      as(admin, lang).post(`/api/admin/event-days/${s.event}/corrections`, body);

    const early = await correction({ round: 1, team: s.a.teamNo, score: '50', time: '60', reason: 'Typo' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("This event day's results are not published yet: there is nothing to correct.");
    expect((await as(admin).post(`/api/admin/event-days/${s.event}/publish`)).status).toBe(200);
    await as(admin).post(`/api/admin/event-days/${s.event}/rounds/1/lock`);

    const noReason = await correction({ round: 1, team: s.a.teamNo, score: '50', time: '60', reason: '  ' }, 'ar');
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', message: 'يرجى ذكر سبب التصحيح.' });
    const tooMuch = await correction({ round: 1, team: s.a.teamNo, score: '101', time: '60', reason: 'Typo' });
    expect(tooMuch.status).toBe(400);
    const judgeTries = await as(s.judge).post(`/api/admin/event-days/${s.event}/corrections`, {
      round: 1,
      team: s.a.teamNo,
      score: '50',
      time: '60',
      reason: 'x',
    });
    expect(judgeTries.status).toBe(403);

    // The locked round is corrected all the same: the referee misread the sheet.
    const fixed = await correction({
      round: 1,
      team: s.a.teamNo,
      score: '٥٠',
      time: '60',
      reason: 'The referee misread the sheet',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result).toEqual({ team_no: s.a.teamNo, score: 50, ranked: 2 });
    expect(fixed.body.message).toBe(`Team ${s.a.teamNo}'s result is corrected.`);

    const [a, b] = await Promise.all(
      [s.a.id, s.b.id].map(async (id) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]),
    );
    expect([a.ranked, Number(a.score), b.ranked, Number(b.score)]).toEqual([2, 50, 1, 70]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'event-days'), eq(auditLog.recordId, s.event), eq(auditLog.action, 'correct')));
    expect(entry.after).toMatchObject({ reason: 'The referee misread the sheet', result: { ranked: 2 } });
    expect((entry.before as { scores: { value: string }[] }).scores.map((x) => x.value)).toEqual(['80.00']);

    // The coach's card and the public pages read the corrected result.
    const card = (await as(s.coachToken).get('/api/wro/get-teams')).body.teams.find(
      (x: { team_no: string }) => x.team_no === s.a.teamNo,
    );
    expect(card.resultes).toEqual({ score: 50, ranked: 2 });
    const results = await t.http.get(`/api/public/competitions/${s.comp}`);
    expect(
      results.body.event_days[0].awards.map((x: { place: number; team_no: string }) => [x.place, x.team_no]),
    ).toEqual([
      [1, s.b.teamNo],
      [2, s.a.teamNo],
    ]);

    const page = await t.http.get(`/api/public/teams/${s.a.id}`).set('Accept-Language', 'ar');
    expect(page.status).toBe(200);
    expect(page.body.team).toMatchObject({
      team_no: s.a.teamNo,
      name: s.a.name,
      school: s.school.name,
      coaches: [s.coach.name],
      result: { score: 50, ranked: 2 },
      events: [
        {
          event: { id: s.event, venue_name: 'قاعة الملك فهد', venue_name_en: 'King Fahd Hall', published: true },
          rank: 2,
          score: 50,
        },
      ],
    });
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(s.minor.name);
    expectNoPersonalData(text);
    // A team on no event day has no public page; nor has a made-up id.
    const [lonely] = await t.database.db
      .insert(teams)
      .values({ teamNo: `T-79${counter}9`, seasonId: season, competitionId: s.comp })
      .returning();
    expect((await t.http.get(`/api/public/teams/${lonely.id}`)).status).toBe(404);
    expect((await t.http.get(`/api/public/teams/${randomUUID()}`)).status).toBe(404);
  });
});

describe('live leaderboard connections', () => {
  it('holds at most LEADERBOARD_STREAMS streams per process: the next viewer gets a 503 with Retry-After, and a place frees when one leaves', async () => {
    const small = await startTestApp({ LEADERBOARD_STREAMS: '1' });
    try {
      const token = await adminToken(small);
      const [comp] = await small.database.db.insert(competitions).values({ name: 'م', nameEn: 'C' }).returning();
      const [{ id: seasonId }] = await small.database.db.insert(seasons).values({ name: 'س', nameEn: 'S' }).returning();
      const created = await small.http.post('/api/admin/event-days').set('Authorization', token).send({
        season_id: seasonId,
        competition_id: comp.id,
        event_date: '2027-03-01',
        venue_name: 'ق',
        venue_city: 'R',
      });
      expect(created.status).toBe(201);
      const server = small.app.getHttpServer() as Server;
      if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const { port } = server.address() as AddressInfo;
      const open = (lang = 'en') =>
        new Promise<IncomingMessage>((done) =>
          get(
            `http://127.0.0.1:${port}/api/public/events/${created.body.id}/stream`,
            { headers: { 'Accept-Language': lang } },
            done,
          ),
        );
      const first = await open();
      expect(first.statusCode).toBe(200);
      const second = await open('ar');
      expect(second.statusCode).toBe(503);
      expect(second.headers['retry-after']).toBe('30');
      const body = await new Promise<string>((done) => {
        let text = '';
        second.setEncoding('utf8');
        second.on('data', (c: string) => (text += c));
        second.on('end', () => done(text));
      });
      expect(JSON.parse(body)).toMatchObject({
        success: false,
        message: 'عدد متابعي النتائج المباشرة كبير الآن: حاول مرة أخرى بعد قليل.',
      });
      // The first viewer leaves: its place is given back (the server sees the close, then a new viewer is let in).
      const closed = new Promise<void>((done) => first.socket.once('close', () => done()));
      first.destroy();
      await closed;
      for (;;) {
        const third = await open();
        third.destroy();
        if (third.statusCode === 200) break;
        expect(third.statusCode).toBe(503);
      }
    } finally {
      await small.close();
    }
  });
});
