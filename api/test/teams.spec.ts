import { createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { competitions, events, seasons, teamPeople, teams } from '../src/db/schema';
import { medalOf } from '@platform/contract';
import { createUser, signIn, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  // The fake results site below listens on 127.0.0.1: allowed here, as only a test may.
  t = await startTestApp({ RESULTS_ALLOWED_HOSTS: '127.0.0.1', RESULTS_ALLOW_PRIVATE_ADDRESSES: '1' });
});
afterAll(() => t.close());

describe('teams and achievements', () => {
  it('gives medals by rank', () => {
    expect([1, 2, 3, 9].map(medalOf)).toEqual(['Gold', 'Silver', 'Bronze', 'Bronze']);
  });

  it("lists only the member's own teams (member, coach or entity), paged, with the spec's shape", async () => {
    const db = t.database.db;
    const student = await createUser(t, { type: 0, name: 'Student A' });
    const other = await createUser(t, { type: 0, name: 'Student B' });
    // Coaches and entities read their teams with a valid plan (entitlement.spec.ts: without one, 403).
    const plan = { subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' };
    const coach = await createUser(t, { type: 1, name: 'Coach C', ...plan });
    const entity = await createUser(t, { type: 2, name: 'School E', nationalId: '0000000000', ...plan });
    const [s1, s2] = await db
      .insert(seasons)
      .values([
        { name: '2025', nameEn: '2025', createdAt: new Date('2025-01-01') },
        { name: '2026', nameEn: '2026', createdAt: new Date('2026-01-01') },
      ])
      .returning();
    const [comp] = await db.insert(competitions).values({ name: 'مهمة', nameEn: 'Mission' }).returning();
    const made = await db
      .insert(teams)
      .values([
        {
          teamNo: 'A-1',
          seasonId: s1.id,
          competitionId: comp.id,
          entityId: entity.id,
          paymentStatus: true,
          score: '150.5',
          ranked: 2,
        },
        { teamNo: 'A-2', seasonId: s2.id, competitionId: comp.id, paymentStatus: true },
        ...Array.from({ length: 6 }, (_, i) => ({ teamNo: `A-x${i}`, seasonId: s2.id, competitionId: comp.id })),
        { teamNo: 'B-1', seasonId: s2.id, competitionId: comp.id },
      ])
      .returning();
    const byNo = Object.fromEntries(made.map((m) => [m.teamNo, m.id]));
    await db
      .insert(teamPeople)
      .values([
        ...made
          .filter((m) => m.teamNo.startsWith('A'))
          .map((m) => ({ teamId: m.id, userId: student.id, role: 'member' as const })),
        { teamId: byNo['A-1'], userId: coach.id, role: 'coach' },
        { teamId: byNo['B-1'], userId: other.id, role: 'member' },
      ]);

    const token = await signIn(t, student);
    const top = await t.http.get('/api/wro/get-teams?top=2').set('Authorization', token);
    expect(top.body.teams).toHaveLength(2);
    const all = [];
    for (let page = 0; page < 3; page += 1) {
      const res = await t.http.get(`/api/wro/get-teams?page=${page}`).set('Authorization', token);
      expect(res.body).toMatchObject({ success: true, currentPage: page, totalPages: 2 });
      all.push(...res.body.teams);
    }
    expect(all.map((x: { team_no: string }) => x.team_no).sort()).toEqual(
      ['A-1', 'A-2', ...Array.from({ length: 6 }, (_, i) => `A-x${i}`)].sort(),
    );
    const a1 = all.find((x: { team_no: string }) => x.team_no === 'A-1');
    expect(a1).toEqual({
      _id: byNo['A-1'],
      team_no: 'A-1',
      name: null,
      registration_status: 'approved',
      reason: null,
      // An approved team's signed check-in code, for its QR (decision 023).
      check_in_code: expect.stringMatching(/^A-1\.[A-Za-z0-9_-]{16}$/),
      season: { name: '2025', name_en: '2025' },
      competion: { name: 'مهمة', name_en: 'Mission' },
      coaches: [{ name: 'Coach C' }],
      members: [{ name: 'Student A', picture: null }],
      status: true,
      payment_status: true,
      entity: { _id: entity.id, name: 'School E' },
      resultes: { score: 150.5, ranked: 2 },
    });
    expect(all.find((x: { team_no: string }) => x.team_no === 'A-2').resultes).toBeNull();

    // The coach and the entity see the team too; another student does not.
    const coachTeams = await t.http.get('/api/wro/get-teams').set('Authorization', await signIn(t, coach));
    expect(coachTeams.body.teams.map((x: { team_no: string }) => x.team_no)).toEqual(['A-1']);
    const entityTeams = await t.http.get('/api/wro/get-teams').set('Authorization', await signIn(t, entity));
    expect(entityTeams.body.teams.map((x: { team_no: string }) => x.team_no)).toEqual(['A-1']);
    const otherTeams = await t.http.get('/api/wro/get-teams').set('Authorization', await signIn(t, other));
    expect(otherTeams.body.teams.map((x: { team_no: string }) => x.team_no)).toEqual(['B-1']);

    const medals = await t.http.get('/api/achievements').set('Authorization', token);
    expect(medals.body.achievements).toEqual([
      expect.objectContaining({ team_no: 'A-1', ranked: 2, medal: 'Silver', score: 150.5 }),
    ]);

    expect((await t.http.get('/api/wro/get-teams?page=-1').set('Authorization', token)).status).toBe(400);
    expect((await t.http.get('/api/wro/get-teams?top=abc').set('Authorization', token)).status).toBe(400);
    expect((await t.http.get('/api/wro/get-teams')).status).toBe(401);
  });
});

describe('an event whose results live on another site', () => {
  it('reads the teams from that site, and answers clearly when it is down or slow', async () => {
    let mode: 'ok' | 'slow' = 'ok';
    const seen: string[] = [];
    const site = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (mode === 'slow') return; // never answers
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: true, teams: [{ team_no: 'EXT-1' }], currentPage: 0, totalPages: 1 }));
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    const port = (site.address() as { port: number }).port;
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'خارجية',
        nameEn: 'External',
        type: 'ext',
        resultsUrl: `http://127.0.0.1:${port}`,
        eventDate: new Date(Date.now() + 86_400_000),
        homeStatus: true,
        countdownStarted: true,
      })
      .returning();
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    const ok = await t.http.get('/api/ext/get-teams?top=2').set('Authorization', token);
    expect(ok.body).toEqual({ success: true, teams: [{ team_no: 'EXT-1' }], currentPage: 0, totalPages: 1 });
    // Nothing about the member is sent.
    expect(seen[0]).toBe('/api/ext/get-teams?type=ext&top=2');
    // Cached: a second call does not reach the site.
    await t.http.get('/api/ext/get-teams?top=2').set('Authorization', token);
    expect(seen).toHaveLength(1);

    mode = 'slow';
    const slow = await t.http.get('/api/ext/get-teams?page=1').set('Authorization', token);
    expect([slow.status, slow.body.message]).toEqual([
      502,
      'The results site is not answering right now. Please try again later.',
    ]);
    site.closeAllConnections();
    await new Promise<void>((ok) => site.close(() => ok()));

    await t.database.db.update(events).set({ resultsUrl: 'http://127.0.0.1:9' }).where(eq(events.id, event.id));
    const down = await t.http.get('/api/ext/get-teams?page=0').set('Authorization', token);
    expect(down.status).toBe(502);
    // The platform's own teams (other types) are not affected.
    expect((await t.http.get('/api/wro/get-teams?top=2').set('Authorization', token)).status).toBe(200);
  }, 20_000);
});
