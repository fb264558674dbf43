import { announcements, competitions, events, posts, seasons, teamPeople, teams } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * `GET /api/home` answers the member home page in one call: each part is what the member route it
 * replaces answers, and what the caller may not see (the plan-gated parts, a staff member's
 * invitations) is null or empty rather than asked for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [season] = await db.insert(seasons).values({ name: '٢٠٢٦', nameEn: '2026' }).returning();
  const [comp] = await db.insert(competitions).values({ name: 'مهمة', nameEn: 'Mission' }).returning();
  student = await createUser(t, { type: 0, name: 'Home Student' });
  const coach = await createUser(t, { type: 1, name: 'Home Coach', subscription: false });
  const [ranked, forming] = await db
    .insert(teams)
    .values([
      { teamNo: 'H-1', seasonId: season.id, competitionId: comp.id, score: '90', ranked: 1, paymentStatus: true },
      { teamNo: 'H-2', seasonId: season.id, competitionId: comp.id, state: 'waiting_members' },
    ])
    .returning();
  await db.insert(teamPeople).values([
    { teamId: ranked.id, userId: student.id, role: 'member' },
    { teamId: forming.id, userId: coach.id, role: 'coach' },
    { teamId: forming.id, userId: student.id, role: 'member', state: 'pending' },
  ]);
  await db.insert(posts).values(
    Array.from({ length: 6 }, (_, i) => ({
      name: `مقال ${i}`,
      nameEn: `Article ${i}`,
      slug: `home-article-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
  await db.insert(announcements).values({ name: 'إعلان', nameEn: 'Notice', link: 'https://example.org/notice' });
  await db.insert(events).values({
    name: 'النهائي',
    nameEn: 'Final',
    eventDate: new Date(Date.now() + 7 * 86_400_000),
    homeStatus: true,
    countdownStarted: true,
  });
  coachToken = await signIn(t, coach);
});
afterAll(() => t.close());

let student: Awaited<ReturnType<typeof createUser>>;
let coachToken: string;

const get = (path: string, token: string) => t.http.get(path).set('Authorization', token);

describe('GET /api/home', () => {
  it("answers a student's home with the same parts the member routes answer", async () => {
    const token = await signIn(t, student);
    const home = await get('/api/home', token);
    expect(home.status).toBe(200);
    const [me, teamsPage, invitations, achievements, postsPage, board] = await Promise.all([
      t.http.post('/api/getuser').set('Authorization', token),
      get('/api/wro/get-teams?top=2', token),
      get('/api/team-invitations', token),
      get('/api/achievements?limit=12', token),
      get('/api/posts?home=true&limit=4', token),
      get('/api/announcements', token),
    ]);
    expect(home.body).toEqual({
      success: true,
      user: me.body.user,
      fullAccess: true,
      teams: teamsPage.body.teams,
      invitations: invitations.body.invitations,
      achievements: achievements.body.achievements,
      posts: postsPage.body.posts,
      announcements: board.body.announcements,
      event: board.body.event,
      failed: [],
    });
    // What the student sees: the ranked team with its gold medal, the invitation, four newest posts, the countdown.
    expect(home.body.teams.map((x: { team_no: string }) => x.team_no)).toEqual(['H-1']);
    expect(home.body.achievements).toMatchObject([{ team_no: 'H-1', medal: 'Gold', score: 90 }]);
    expect(home.body.invitations).toMatchObject([{ team: { team_no: 'H-2', coaches: [{ name: 'Home Coach' }] } }]);
    expect(home.body.posts.map((p: { name_en: string }) => p.name_en)).toEqual([
      'Article 5',
      'Article 4',
      'Article 3',
      'Article 2',
    ]);
    expect(home.body.event).toMatchObject({ name_en: 'Final', countdownStarted: true });
  });

  it('a coach without a plan gets the open parts, and null where the plan is needed (the page offers the upgrade)', async () => {
    const home = await get('/api/home', coachToken);
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({
      user: { name: 'Home Coach', type: 1, fullAccess: false },
      fullAccess: false,
      teams: null,
      achievements: null,
      invitations: [],
      failed: [],
    });
    expect(home.body.posts).toHaveLength(4);
    // The routes themselves refuse the same parts.
    expect((await get('/api/wro/get-teams?top=2', coachToken)).status).toBe(403);
    expect((await get('/api/achievements', coachToken)).status).toBe(403);
  });

  it('staff see the shared parts without member ones; nobody signed out gets anything', async () => {
    const home = await get('/api/home', await adminToken(t));
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ teams: null, achievements: null, invitations: [] });
    expect(home.body.announcements).toMatchObject([{ name_en: 'Notice' }]);
    const anonymous = await t.http.get('/api/home');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.teams).toBeUndefined();
  });
  it('a results site that does not answer fails the teams part alone', async () => {
    // The next WRO event names an outside results site this test's platform may not reach.
    await t.database.db.insert(events).values({
      name: 'إقليمي',
      nameEn: 'Regional',
      type: 'wro',
      resultsUrl: 'http://results.invalid',
      eventDate: new Date(Date.now() + 3 * 86_400_000),
      homeStatus: true,
    });
    const token = await signIn(t, student);
    expect((await get('/api/wro/get-teams?top=2', token)).status).toBeGreaterThanOrEqual(400);
    const home = await get('/api/home', token);
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ teams: null, failed: ['teams'] });
    expect(home.body.achievements).toHaveLength(1);
    expect(home.body.posts).toHaveLength(4);
  });
});
