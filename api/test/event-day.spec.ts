import { randomUUID } from 'node:crypto';
import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, competitions, eventAwards, eventScores, judgeApplications, seasons, teams } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/** The competition day (issue 32): staff set up, judges check in and score, the server ranks. */
let t: TestApp;
let admin: string;
let season: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  [{ id: season }] = await t.database.db.insert(seasons).values({ name: '٢٠٢٦', nameEn: '2026' }).returning();
});
afterAll(() => t.close());

let counter = 0;
/** A competition with approved teams (and one still waiting for its members). */
async function competitionWithTeams(count: number) {
  counter += 1;
  const [comp] = await t.database.db
    .insert(competitions)
    .values({ name: `مسابقة ${counter}`, nameEn: `Competition ${counter}` })
    .returning();
  const rows = await t.database.db
    .insert(teams)
    .values([
      ...Array.from({ length: count }, (_, i) => ({
        teamNo: `T-${counter}${String(i + 1).padStart(3, '0')}`,
        name: `Team ${counter}.${i + 1}`,
        seasonId: season,
        competitionId: comp.id,
      })),
      {
        teamNo: `T-${counter}900`,
        seasonId: season,
        competitionId: comp.id,
        state: 'waiting_members' as const,
        status: false,
      },
    ])
    .returning();
  return { comp: comp.id, teams: rows.slice(0, count), waiting: rows[count] };
}

/** A member whose judge or referee application was accepted, signed in. */
async function judge() {
  const user = await createUser(t, { type: 1, dob: '1980-01-01' });
  await t.database.db.insert(judgeApplications).values({
    userId: user.id,
    organizationName: 'Club',
    city: 'Riyadh',
    applyAs: 'Refree',
    previousExperience: 'yes',
    status: 'accepted',
  });
  return { user, token: await signIn(t, user) };
}

const as = (token: string, lang = 'en') => ({
  get: (path: string) => t.http.get(path).set('Authorization', token).set('Accept-Language', lang),
  post: (path: string, body: object = {}) =>
    t.http.post(path).set('Authorization', token).set('Accept-Language', lang).send(body),
  put: (path: string, body: object) =>
    t.http.put(path).set('Authorization', token).set('Accept-Language', lang).send(body),
  del: (path: string) => t.http.delete(path).set('Authorization', token).set('Accept-Language', lang),
});

async function eventDay(comp: string, fields: Record<string, unknown> = {}) {
  const res = await as(admin).post('/api/admin/event-days', {
    season_id: season,
    competition_id: comp,
    event_date: '2026-12-10',
    venue_name: 'King Fahd Hall',
    venue_city: 'Riyadh',
    map_url: 'https://maps.example.org/hall',
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function assign(event: string, userId: string, role: string) {
  const res = await as(admin).post(`/api/admin/event-days/${event}/staff`, { user_id: userId, role });
  expect(res.status).toBe(201);
  return res.body.assignment.id as string;
}

const score = (token: string, event: string, body: Record<string, unknown>, lang = 'en') =>
  as(token, lang).post(`/api/judging/events/${event}/scores`, { client_id: randomUUID(), ...body });

describe('staff set up an event day', () => {
  it("edits a competition's preset numbers (checked, audited) and a new event day gets its rounds and the approved teams", async () => {
    const { comp, teams: list, waiting } = await competitionWithTeams(3);
    const bad = await as(admin).put(`/api/admin/competitions/${comp}/ranking`, { kind: 'best_of', rounds: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ranking rules are invalid/);
    const ok = await as(admin).put(`/api/admin/competitions/${comp}/ranking`, {
      kind: 'best_of',
      rounds: 2,
      round_max: 100,
      timed: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.ranking).toEqual({ kind: 'best_of', rounds: 2, round_max: 100, timed: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'competitions'), eq(auditLog.recordId, comp)));
    expect(entry.after).toEqual({ ranking: ok.body.ranking });

    const refused = await as(admin).post('/api/admin/event-days', {
      season_id: season,
      competition_id: comp,
      event_date: '2026-12-10',
      venue_name: 'Hall',
      venue_city: 'Riyadh',
      team_ids: [list[0].id, waiting.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only approved teams of this season and competition can take part.');

    const all = await eventDay(comp);
    const subset = await eventDay(comp, { team_ids: [list[0].id, list[2].id] });
    const j = await judge();
    await assign(all, j.user.id, 'referee');
    await assign(subset, j.user.id, 'referee');
    const one = await as(j.token).get(`/api/judging/events/${all}`);
    expect(one.status).toBe(200);
    expect(one.body.event.rounds).toEqual([
      { number: 1, max: 100, locked: false },
      { number: 2, max: 100, locked: false },
    ]);
    expect(one.body.event.teams.map((x: { team_no: string }) => x.team_no)).toEqual(list.map((x) => x.teamNo));
    const two = await as(j.token).get(`/api/judging/events/${subset}`);
    expect(two.body.event.teams.map((x: { team_no: string }) => x.team_no)).toEqual([list[0].teamNo, list[2].teamNo]);
    const mine = await as(j.token).get('/api/judging/events');
    expect(mine.body.events.map((e: { id: string }) => e.id).sort()).toEqual([all, subset].sort());
  });

  it('assigns only accepted judges or staff, once, and a revoked judge can do nothing more', async () => {
    const { comp, teams: list } = await competitionWithTeams(1);
    const event = await eventDay(comp);
    const member = await createUser(t, { type: 1, dob: '1980-01-01' });
    const refused = await as(admin, 'ar').post(`/api/admin/event-days/${event}/staff`, {
      user_id: member.id,
      role: 'referee',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('لا يُكلَّف بالفعالية إلا مُحكّم أو حكم مقبول، أو أحد فريق الإدارة.');
    const j = await judge();
    const id = await assign(event, j.user.id, 'referee');
    const twice = await as(admin).post(`/api/admin/event-days/${event}/staff`, { user_id: j.user.id, role: 'judge' });
    expect(twice.status).toBe(409);
    expect((await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: list[0].teamNo })).status).toBe(
      200,
    );

    expect((await as(admin).del(`/api/admin/event-days/${event}/staff/${id}`)).status).toBe(200);
    expect((await as(j.token).get(`/api/judging/events/${event}`)).status).toBe(403);
    const late = await score(j.token, event, { round: 1, team: list[0].teamNo, score: '10', time: '60' });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('You are not assigned to this event day.');
    expect((await as(j.token).get('/api/judging/events')).body.events).toEqual([]);
    const staff = await as(admin).get(`/api/admin/event-days/${event}/staff`);
    expect(staff.body.staff).toHaveLength(1);
    expect(staff.body.staff[0].revoked_at).not.toBeNull();
    // Staff assign themselves to score: being staff alone is not an assignment.
    const someone = await judge();
    expect((await as(admin).get(`/api/judging/events/${event}`)).status).toBe(403);
    expect((await as(someone.token).get(`/api/judging/events/${event}`)).status).toBe(403);
  });
});

describe('judges score on the day', () => {
  it('checks in by typed number (Arabic-Indic digits) or QR payload, scores only checked-in teams, within the maximum', async () => {
    const { comp, teams: list } = await competitionWithTeams(2);
    await as(admin).put(`/api/admin/competitions/${comp}/ranking`, { kind: 'best_of', rounds: 2, round_max: 100 });
    const event = await eventDay(comp);
    const j = await judge();
    await assign(event, j.user.id, 'referee');
    const [a, b] = list;

    const early = await score(j.token, event, { round: 1, team: a.teamNo, score: '50', time: '60' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This team has not been checked in yet.');

    const arabicNo = a.teamNo.slice(2).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const checkIn = await as(j.token, 'ar').post(`/api/judging/events/${event}/check-in`, { team: arabicNo });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body.message).toBe(`سُجّل حضور الفريق ${a.teamNo}.`);
    const qr = await as(j.token).post(`/api/judging/events/${event}/check-in`, {
      team: `https://wro.example.org/teams/${b.teamNo}`,
    });
    expect(qr.body.team.team_no).toBe(b.teamNo);
    const unknown = await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No team of this event has the number T-999999.');

    const over = await score(j.token, event, { round: 1, team: a.teamNo, score: '100.5', time: '60' }, 'ar');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('يجب أن تكون الدرجة رقمًا من ٠ إلى 100 (بمنزلتين عشريتين على الأكثر).');
    for (const bad of ['-1', '1.234', 'ten'])
      expect((await score(j.token, event, { round: 1, team: a.teamNo, score: bad, time: '60' })).status).toBe(400);
    expect((await score(j.token, event, { round: 1, team: a.teamNo, score: '5' })).body.message).toBe(
      'Please enter the time of the round in seconds.',
    );
    const noRound = await score(j.token, event, { round: 3, team: a.teamNo, score: '5', time: '1' });
    expect([noRound.status, noRound.body.message]).toEqual([404, 'This round was not found.']);

    const ok = await score(j.token, event, { round: 1, team: a.teamNo, score: '٩٥٫٥', time: '٦٠' });
    expect(ok.status).toBe(200);
    expect(ok.body.score).toMatchObject({ team_no: a.teamNo, round: 1, value: 95.5, time: 60, reason: null });
    const [row] = await t.database.db.select().from(eventScores).where(eq(eventScores.id, ok.body.score.id));
    expect(row).toMatchObject({ judgeId: j.user.id, value: '95.50', time: '60.00', replacedAt: null });
    expect(row.createdAt).toBeInstanceOf(Date);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'event-days'), eq(auditLog.recordId, event), eq(auditLog.action, 'create')));
    expect(audited.some((e) => (e.after as { score?: { id: string } }).score?.id === row.id)).toBe(true);
  });

  it('stores a score sent twice by a phone that was offline once, and refuses its id for another entry', async () => {
    const { comp, teams: list } = await competitionWithTeams(2);
    const event = await eventDay(comp);
    const j = await judge();
    await assign(event, j.user.id, 'referee');
    for (const team of list) await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: team.teamNo });
    // Sent twice at once before either was stored: one row, both answered with it.
    const race = { client_id: randomUUID(), round: 2, team: list[1].teamNo, score: '10', time: '9' };
    const [r1, r2] = await Promise.all([score(j.token, event, race), score(j.token, event, race)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.body.score.id).toBe(r2.body.score.id);
    await t.database.db.delete(eventScores).where(eq(eventScores.clientId, race.client_id));
    const client_id = randomUUID();
    const body = { client_id, round: 1, team: list[0].teamNo, score: '120', time: '80' };
    const first = await score(j.token, event, body);
    const again = await score(j.token, event, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.score.id).toBe(first.body.score.id);
    expect(again.body.score.duplicate).toBe(true);
    const [third, fourth] = await Promise.all([score(j.token, event, body), score(j.token, event, body)]);
    expect([third.status, fourth.status]).toEqual([200, 200]);
    const stored = await t.database.db.select().from(eventScores).where(eq(eventScores.eventId, event));
    expect(stored).toHaveLength(1);

    const reused = await score(j.token, event, { ...body, team: list[1].teamNo });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This entry was already saved for another team or round.');
    const other = await judge();
    await assign(event, other.user.id, 'referee');
    expect((await score(other.token, event, body)).status).toBe(409);
  });

  it('replaces a judge’s own score only with a reason, keeping the history', async () => {
    const { comp, teams: list } = await competitionWithTeams(1);
    const event = await eventDay(comp);
    const j = await judge();
    await assign(event, j.user.id, 'referee');
    await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: list[0].teamNo });
    const entry = { round: 1, team: list[0].teamNo, time: '70' };
    expect((await score(j.token, event, { ...entry, score: '80' })).status).toBe(200);
    const noReason = await score(j.token, event, { ...entry, score: '90' });
    expect(noReason.status).toBe(409);
    expect(noReason.body.message).toBe(
      'You already scored this team in this round: give a reason to replace your score.',
    );
    const replaced = await score(j.token, event, { ...entry, score: '90', reason: 'Misread the sheet' });
    expect(replaced.status).toBe(200);
    const history = await t.database.db.select().from(eventScores).where(eq(eventScores.eventId, event));
    expect(history.map((h) => [h.value, h.replacedAt === null, h.reason]).sort()).toEqual([
      ['80.00', false, null],
      ['90.00', true, 'Misread the sheet'],
    ]);
    const updates = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, event), eq(auditLog.action, 'update')));
    expect(updates).toHaveLength(1);
    expect(updates[0].before).toMatchObject({ score: { value: '80.00' } });
  });

  it('takes scores only from the role that scores these rules, and none in a locked round', async () => {
    const { comp, teams: list } = await competitionWithTeams(1);
    const event = await eventDay(comp);
    const referee = await judge();
    const rubricJudge = await judge();
    const head = await judge();
    await assign(event, referee.user.id, 'referee');
    await assign(event, rubricJudge.user.id, 'judge');
    await assign(event, head.user.id, 'head_referee');
    await as(referee.token).post(`/api/judging/events/${event}/check-in`, { team: list[0].teamNo });
    const wrongRole = await score(rubricJudge.token, event, { round: 1, team: list[0].teamNo, score: '5', time: '5' });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body.message).toBe('Your role at this event does not score these rounds.');

    const notHead = await as(referee.token).post(`/api/judging/events/${event}/rounds/1/lock`);
    expect(notHead.status).toBe(403);
    expect(notHead.body.message).toBe('Only the head referee or staff can lock a round.');
    expect((await as(head.token).post(`/api/judging/events/${event}/rounds/1/lock`)).status).toBe(200);
    const locked = await score(referee.token, event, { round: 1, team: list[0].teamNo, score: '5', time: '5' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('This round is locked: it takes no more scores.');
    expect((await as(admin).post(`/api/admin/event-days/${event}/rounds/2/lock`)).status).toBe(200);
    expect((await as(admin).post(`/api/admin/event-days/${event}/rounds/9/lock`)).status).toBe(404);
    const locks = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, event), eq(auditLog.action, 'lock')));
    expect(locks).toHaveLength(2);
  });
});

describe('the ranking goes to the teams', () => {
  it('ranks on the server, writes teams.score and teams.ranked, and gives places and named awards', async () => {
    const { comp, teams: list } = await competitionWithTeams(3);
    await as(admin).put(`/api/admin/competitions/${comp}/ranking`, { kind: 'best_of', rounds: 2, round_max: 200 });
    const event = await eventDay(comp);
    const j = await judge();
    await assign(event, j.user.id, 'referee');
    const [a, b, c] = list;
    for (const team of list) await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: team.teamNo });
    // a and b tie on the best round; b's second best is higher. c never scores.
    await score(j.token, event, { round: 1, team: a.teamNo, score: '150', time: '90' });
    await score(j.token, event, { round: 2, team: a.teamNo, score: '100', time: '80' });
    await score(j.token, event, { round: 1, team: b.teamNo, score: '150', time: '95' });
    await score(j.token, event, { round: 2, team: b.teamNo, score: '120', time: '70' });
    const standings = await as(admin).get(`/api/admin/event-days/${event}/standings`);
    expect(
      standings.body.standings.map((s: { team_no: string; rank: number | null; score: number | null }) => [
        s.team_no,
        s.rank,
        s.score,
      ]),
    ).toEqual([
      [b.teamNo, 1, 150],
      [a.teamNo, 2, 150],
      [c.teamNo, null, null],
    ]);
    expect(JSON.stringify(standings.body)).not.toMatch(/national|phone|dob/i);

    const published = await as(admin).post(`/api/admin/event-days/${event}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.message).toBe('Results written for 2 teams.');
    const after = await t.database.db.select().from(teams).where(eq(teams.competitionId, comp));
    const byNo = new Map(after.map((x) => [x.teamNo, x]));
    expect([byNo.get(b.teamNo)!.score, byNo.get(b.teamNo)!.ranked]).toEqual(['150.00', 1]);
    expect([byNo.get(a.teamNo)!.score, byNo.get(a.teamNo)!.ranked]).toEqual(['150.00', 2]);
    expect(byNo.get(c.teamNo)!.ranked).toBeNull();

    const special = await as(admin).post(`/api/admin/event-days/${event}/awards`, {
      kind: 'special',
      team_id: c.id,
      name: 'أفضل تصميم روبوت',
      name_en: 'Best robot design',
    });
    expect(special.status).toBe(201);
    const advance = await as(admin).post(`/api/admin/event-days/${event}/awards`, {
      kind: 'advance',
      team_id: b.id,
      name: 'النهائي الوطني',
      name_en: 'National final',
    });
    expect(advance.status).toBe(201);
    const awards = await t.database.db.select().from(eventAwards).where(eq(eventAwards.eventId, event));
    expect(awards.map((x) => [x.kind, x.place, x.nameEn]).sort()).toEqual([
      ['advance', null, 'National final'],
      ['place', 1, '1st place'],
      ['place', 2, '2nd place'],
      ['special', null, 'Best robot design'],
    ]);
    const publishes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, event), eq(auditLog.action, 'publish')));
    expect(publishes).toHaveLength(1);
  });

  it('averages the judges of a rubric competition', async () => {
    const { comp, teams: list } = await competitionWithTeams(2);
    expect((await as(admin).put(`/api/admin/competitions/${comp}/ranking`, { kind: 'rubric' })).status).toBe(200);
    const event = await eventDay(comp);
    const [j1, j2] = [await judge(), await judge()];
    await assign(event, j1.user.id, 'judge');
    await assign(event, j2.user.id, 'judge');
    for (const team of list) await as(j1.token).post(`/api/judging/events/${event}/check-in`, { team: team.teamNo });
    const pts = (project: string, robot: string, presentation: string) => ({
      points: { project, robot, presentation },
    });
    const over = await score(j1.token, event, { round: 1, team: list[0].teamNo, ...pts('41', '1', '1') });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Each criterion needs points from 0 to its maximum (at most two decimals).');
    await score(j1.token, event, { round: 1, team: list[0].teamNo, ...pts('30', '20', '20') });
    await score(j2.token, event, { round: 1, team: list[0].teamNo, ...pts('٣٠', '٢٥', '٢٥') });
    await score(j1.token, event, { round: 1, team: list[1].teamNo, ...pts('35', '20', '20.5') });
    const board = await as(admin).get(`/api/admin/event-days/${event}/standings`);
    expect(
      board.body.standings.map((s: { team_no: string; score: number; rank: number }) => [s.team_no, s.rank, s.score]),
    ).toEqual([
      [list[1].teamNo, 1, 75.5],
      [list[0].teamNo, 2, 75],
    ]);
    const current = await t.database.db
      .select()
      .from(eventScores)
      .where(and(eq(eventScores.eventId, event), isNull(eventScores.replacedAt)));
    expect(current).toHaveLength(3);
  });
});

type Board = { standings: { team_no: string; rank: number | null; score: number | null }[]; awards: unknown[] };

/** Opens a server-sent events stream of the API and hands out its `standings` events as they come. */
async function openStream(path: string) {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((done) => get(`http://127.0.0.1:${port}${path}`, done));
  const seen: Board[] = [];
  let buffer = '';
  let wake: (() => void) | null = null;
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^event: standings\ndata: (.*)$/s.exec(block)?.[1];
      if (data) seen.push(JSON.parse(data) as Board);
    }
    wake?.();
  });
  return {
    res,
    /** The first event (already received or to come) that satisfies `test`: waits for what the viewer would see. */
    async until(test: (b: Board) => boolean): Promise<Board> {
      for (;;) {
        const found = seen.find(test);
        if (found) return found;
        await new Promise<void>((done) => (wake = done));
      }
    },
    close: () => res.destroy(),
  };
}

describe('public results', () => {
  it("streams an event's leaderboard as scores arrive, and anyone reads a competition's results without people's data", async () => {
    const { comp, teams: list } = await competitionWithTeams(2);
    await as(admin).put(`/api/admin/competitions/${comp}/ranking`, { kind: 'best_of', rounds: 1, round_max: 100 });
    const event = await eventDay(comp);
    const j = await judge();
    await assign(event, j.user.id, 'referee');
    const [a, b] = list;
    for (const team of list) await as(j.token).post(`/api/judging/events/${event}/check-in`, { team: team.teamNo });
    await score(j.token, event, { round: 1, team: a.teamNo, score: '50', time: '60' });

    expect((await t.http.get(`/api/public/events/${randomUUID()}/stream`)).status).toBe(404);
    const stream = await openStream(`/api/public/events/${event}/stream`);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = await stream.until((x) => x.standings.some((s) => s.rank === 1));
    expect(first.standings[0]).toMatchObject({ team_no: a.teamNo, rank: 1, score: 50 });
    await score(j.token, event, { round: 1, team: b.teamNo, score: '٧٠', time: '60' });
    const next = await stream.until((x) => x.standings[0].team_no === b.teamNo);
    expect(next.standings.map((s) => [s.team_no, s.rank])).toEqual([
      [b.teamNo, 1],
      [a.teamNo, 2],
    ]);
    stream.close();

    await as(admin).post(`/api/admin/event-days/${event}/publish`);
    const list1 = await t.http.get('/api/public/competitions');
    expect(list1.status).toBe(200);
    const mine = list1.body.competitions.find((c: { id: string }) => c.id === comp);
    expect(mine).toMatchObject({
      rules: { kind: 'best_of', rounds: 1 },
      event_days: [{ id: event, venue_name: 'King Fahd Hall' }],
    });
    const results = await t.http.get(`/api/public/competitions/${comp}`).set('Accept-Language', 'ar');
    expect(results.status).toBe(200);
    expect(results.body.event_days[0].awards).toEqual([
      expect.objectContaining({ kind: 'place', place: 1, name: 'المركز الأول', team_no: b.teamNo }),
      expect.objectContaining({ kind: 'place', place: 2, name_en: '2nd place', team_no: a.teamNo }),
    ]);
    expect(JSON.stringify(results.body)).not.toMatch(/national|phone|dob|birth|judge_id/i);
    expect((await t.http.get(`/api/public/competitions/${randomUUID()}`)).status).toBe(404);
    expect((await t.http.get('/api/public/events/not-an-id')).status).toBe(404);
  });
});
