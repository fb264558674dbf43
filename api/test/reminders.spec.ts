import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/core/database';
import { outbox, registrations, remindersSent, teams, users } from '../src/db/schema';
import { addPeriod } from '../src/payments/period';
import { RemindersJob } from '../src/reminders/reminders.job';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { DAY, teamFixtures } from './team-fixtures';

/**
 * Reminders (issue 30): a plan ending in 30, 7 and 1 days and ended, a registration closing for
 * teams not yet sent; each stage once however many processes run the job. The job takes its clock
 * as an argument (`run(now)`): the tests move time by passing another moment, never by waiting.
 */
let t: TestApp;
let admin: string;
let season: string;
let job: RemindersJob;
const fixtures = teamFixtures(
  () => t,
  () => admin,
  () => season,
  'Reminders',
);

beforeAll(async () => {
  t = await startTestApp({ MEMBER_URL: 'http://member.test:3000' });
  admin = await adminToken(t);
  job = t.app.get(RemindersJob);
  season = (
    await t.http
      .post('/api/admin/seasons')
      .set('Authorization', admin)
      .send({ name: 'موسم التذكير', name_en: 'Reminders season' })
  ).body.id;
});
afterAll(() => t.close());

/** Noon in Riyadh on a day: the job's clock in these tests. */
const noon = (day: string) => new Date(`${day}T09:00:00Z`);
const shift = (day: string, n: number) => addPeriod(day, n, 'day');
/** A day the tests start from, far from the real clock's (the job reads only the clock it is given). */
let base = '2031-01-01';
/** Each test on its own stretch of days, so one test's members are not another's. */
const nextBase = () => (base = shift(base, 400));

let phones = 0;
const mobile = () => `+96650${String(3_000_000 + ++phones * 6007).slice(-7)}`;

/** A coach (or school) with a plan from `start` to `end`, reached by WhatsApp. */
const member = (fields: Partial<typeof users.$inferInsert> & { start?: string; end: string }) =>
  createUser(t, {
    type: 1,
    language: 'ar',
    phoneNumber: mobile(),
    subscription: true,
    startDate: fields.start ?? '2020-01-01',
    endDate: fields.end,
    ...fields,
  });

const sentTo = (to: string, kinds = ['plan_ending', 'plan_ended']) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), inArray(outbox.kind, kinds)))
    .orderBy(outbox.createdAt);

describe("a plan's reminders", () => {
  it('30, 7 and 1 days before its last day and once it ended, each once, in Arabic counted as Arabic counts', async () => {
    const today = nextBase();
    const end = shift(today, 30);
    const ar = await member({ end, name: 'هدى' });
    const en = await member({ end, language: 'en', name: 'Sam' });

    await job.run(noon(today));
    // A second pass the same day, and one an hour later, send nothing more.
    await job.run(noon(today));
    await job.run(new Date(noon(today).getTime() + 3_600_000));
    let msgs = await sentTo(ar.phoneNumber!);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ kind: 'plan_ending', lang: 'ar', category: 'marketing', userId: ar.id });
    expect(msgs[0].body).toContain('يبقى اشتراكك في المنصة ساريًا 30 يومًا فقط، حتى');
    expect(msgs[0].body).toContain('http://member.test:3000/accounts?tab=subscriptions');
    expect((await sentTo(en.phoneNumber!))[0].body).toContain('Your membership plan ends in 30 days, on');

    // Days between stages send nothing.
    await job.run(noon(shift(today, 10)));
    expect(await sentTo(ar.phoneNumber!)).toHaveLength(1);

    await job.run(noon(shift(today, 23)));
    await job.run(noon(shift(today, 23)));
    msgs = await sentTo(ar.phoneNumber!);
    expect(msgs).toHaveLength(2);
    expect(msgs[1].body).toContain('ساريًا 7 أيام فقط');

    await job.run(noon(shift(today, 29)));
    msgs = await sentTo(ar.phoneNumber!);
    expect(msgs).toHaveLength(3);
    expect(msgs[2].body).toContain('ساريًا يومًا واحدًا فقط');
    expect((await sentTo(en.phoneNumber!))[2].body).toContain('ends in 1 day');

    // Its last day: nothing; the day after: ended, once.
    await job.run(noon(end));
    expect(await sentTo(ar.phoneNumber!)).toHaveLength(3);
    await job.run(noon(shift(end, 1)));
    await job.run(noon(shift(end, 2)));
    msgs = await sentTo(ar.phoneNumber!);
    expect(msgs.map((m) => m.kind)).toEqual(['plan_ending', 'plan_ending', 'plan_ending', 'plan_ended']);
    expect(msgs[3].body).toMatch(
      /^مرحبًا هدى،\nانتهى اشتراكك في المنصة يوم .+\. جدّده من http:\/\/member\.test:3000\/accounts\?tab=subscriptions لتستعيد الوصول الكامل\.$/,
    );
    const rows = await t.database.db.select().from(remindersSent).where(eq(remindersSent.subjectId, ar.id));
    expect(rows.map((r) => [r.stage, r.occasion]).sort()).toEqual([
      ['1', end],
      ['30', end],
      ['7', end],
      ['ended', end],
    ]);
  });

  it('a plan renewed in between gets none of the remaining ones; the new last day gets its own', async () => {
    const today = nextBase();
    const m = await member({ end: shift(today, 30) });
    await job.run(noon(today));
    expect(await sentTo(m.phoneNumber!)).toHaveLength(1);
    // Renewed for a year (as a paid renewal extends the last day).
    const renewed = addPeriod(shift(today, 30), 1, 'year');
    await t.database.db.update(users).set({ endDate: renewed }).where(eq(users.id, m.id));
    for (const n of [23, 29, 31, 32]) await job.run(noon(shift(today, n)));
    expect(await sentTo(m.phoneNumber!)).toHaveLength(1);
    // A year on, the renewed plan's 30-day stage comes.
    await job.run(noon(shift(renewed, -30)));
    const msgs = await sentTo(m.phoneNumber!);
    expect(msgs).toHaveLength(2);
    expect(msgs[1].body).toContain('30 يومًا');
  });

  it('a stage missed is caught up to two days late with the days truly left; a one-month plan gets no 30-day reminder', async () => {
    const today = nextBase();
    const late = await member({ end: shift(today, 28) });
    const monthly = await member({ start: shift(today, -1), end: shift(today, 29) });
    await job.run(noon(today));
    const [caught] = await sentTo(late.phoneNumber!);
    expect(caught.body).toContain('ساريًا 28 يومًا فقط');
    expect(await sentTo(monthly.phoneNumber!)).toHaveLength(0);
    await job.run(noon(shift(today, 22)));
    expect((await sentTo(monthly.phoneNumber!)).map((m) => m.body.includes('7 أيام'))).toEqual([true]);
  });

  it('reminds only coaches and schools with an active account (students have full access without a plan)', async () => {
    const today = nextBase();
    const end = shift(today, 7);
    const school = await member({ type: 2, end, phoneNumber: null, language: 'en' });
    const pupil = await member({ type: 0, end });
    const disabled = await member({ end, isActive: false });
    const lapsed = await member({ end, subscription: false });
    await job.run(noon(today));
    const [mail] = await sentTo(school.email!);
    expect(mail).toMatchObject({ channel: 'email', lang: 'en', subject: 'Your plan ends soon' });
    for (const m of [pupil, disabled, lapsed]) expect(await sentTo(m.phoneNumber!)).toHaveLength(0);
  });
});

describe('several processes at once', () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase(t.location);
  });
  afterAll(() => second.close());

  it('two jobs running at the same moment send each reminder once', async () => {
    const today = nextBase();
    const due = await Promise.all(Array.from({ length: 30 }, () => member({ end: shift(today, 7) })));
    // On PostgreSQL a second connection pool, as a second process has; on PGlite the same database.
    const other = new RemindersJob(t.config, (t.location.startsWith('postgres') ? second : t.database).db);
    const passes = await Promise.all([
      job.run(noon(today)),
      other.run(noon(today)),
      job.run(noon(today)),
      other.run(noon(today)),
    ]);
    expect(passes.reduce((n, p) => n + p.plans, 0)).toBe(30);
    const to = due.map((m) => m.phoneNumber!);
    const sent = await t.database.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.to, to), eq(outbox.kind, 'plan_ending')));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((m) => m.to)).size).toBe(30);
  });

  it('one query a stage over 20,000 members: only those due are read', async () => {
    const today = nextBase();
    // 20,000 coaches whose plans end on other days (one statement), and 25 due in 30 days.
    await t.database.query(
      `INSERT INTO users (name, national_id, type, password_hash, is_verified, subscription, start_date, end_date, phone_number, language)
       SELECT 'Bulk ' || g, '5' || lpad(g::text, 9, '0'), 1, 'x', true, true, '2020-01-01',
              ($1::date + 100 + (g % 200)), '+96655' || lpad(g::text, 7, '0'), 'en'
       FROM generate_series(1, 20000) g`,
      [today],
    );
    const due = await Promise.all(Array.from({ length: 25 }, () => member({ end: shift(today, 30) })));
    await t.database.query('ANALYZE users');
    const result = await job.run(noon(today));
    expect(result.plans).toBe(25);
    const sent = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        and(
          inArray(
            outbox.to,
            due.map((m) => m.phoneNumber!),
          ),
          eq(outbox.kind, 'plan_ending'),
        ),
      );
    expect(sent[0].n).toBe(25);
    // The stage's query reads the plans ending on its days through the index.
    const plan = (await t.database.query(
      `EXPLAIN SELECT id FROM users WHERE end_date BETWEEN $1 AND $2 AND subscription AND is_active AND type IN (1, 2)`,
      [shift(today, 28), shift(today, 30)],
    )) as { 'QUERY PLAN': string }[];
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/users_end_date_idx/);
  });
});

describe("a registration's reminders", () => {
  it('3 days and 1 day before it closes, to the coaches of teams not yet sent, each once', async () => {
    // The registration closes in ten days by the real clock (teams register now); the job's clock moves.
    const closes = new Date(Date.now() + 10 * DAY);
    const { competition } = await fixtures.openRegistration({
      min_members: 2,
      closes_at: closes.toISOString(),
    });
    const arCoach = await fixtures.coachUser({ language: 'ar', phoneNumber: mobile(), name: 'المدرب' });
    const enCoach = await fixtures.coachUser({ language: 'en', phoneNumber: mobile(), name: 'Second Coach' });
    const doneCoach = await fixtures.coachUser({ language: 'en', phoneNumber: mobile() });
    const [a, b, c] = await Promise.all([fixtures.student(), fixtures.student(), fixtures.student()]);
    // A team waiting for its people, with a second coach who accepted.
    const token = await signIn(t, arCoach);
    const waiting = (
      await fixtures.register(token, competition, { members: [a.nationalId], coaches: [enCoach.nationalId] })
    ).body.team as { _id: string; team_no: string };
    await fixtures.acceptAll(enCoach);
    // A team already sent for approval is not reminded.
    const done = (
      await fixtures.register(await signIn(t, doneCoach), competition, { members: [b.nationalId, c.nationalId] })
    ).body.team as { _id: string };
    await fixtures.acceptAll(b);
    await fixtures.acceptAll(c);
    expect((await t.database.db.select().from(teams).where(eq(teams.id, done._id)))[0].state).toBe('submitted');

    const closing = (to: string) => sentTo(to, ['registration_closing']);
    const at = (msBeforeClose: number) => job.run(new Date(closes.getTime() - msBeforeClose));
    // More than 3 days before: nothing.
    await at(4 * DAY);
    expect(await closing(arCoach.phoneNumber!)).toHaveLength(0);
    // 3 days before, twice: once each.
    await at(3 * DAY - 60_000);
    await at(2 * DAY);
    const [ar] = await closing(arCoach.phoneNumber!);
    expect(ar).toMatchObject({ lang: 'ar', category: 'marketing' });
    const closesAr = `${new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { timeZone: 'Asia/Riyadh', day: 'numeric', month: 'long', year: 'numeric' }).format(closes)}`;
    expect(ar.body).toContain(`يُغلق التسجيل في مسابقة 1 (Reminders) يوم ${closesAr} الساعة`);
    expect(ar.body).toContain(`بتوقيت الرياض، ولم يُرسَل الفريق ${waiting.team_no} للاعتماد بعد.`);
    expect(ar.body).toContain('http://member.test:3000/teams/register');
    expect(ar.body).not.toContain('Robo Falcons');
    const [en] = await closing(enCoach.phoneNumber!);
    expect(en.body).toMatch(
      /^Hello Second Coach,\nRegistration for Reminders 1 closes on .+ at \d\d:\d\d \(Riyadh time\), and the team T-\d+ has not been sent for approval yet\./,
    );
    expect(await closing(doneCoach.phoneNumber!)).toHaveLength(0);
    // The student is no coach: nothing for them.
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, a.id), eq(outbox.kind, 'registration_closing'))),
    ).toHaveLength(0);

    // 1 day before: the second stage, once.
    await at(DAY - 60_000);
    await at(DAY / 2);
    expect(await closing(arCoach.phoneNumber!)).toHaveLength(2);
    expect(await closing(enCoach.phoneNumber!)).toHaveLength(2);
    // Closed: nothing more.
    await at(-60_000);
    expect(await closing(arCoach.phoneNumber!)).toHaveLength(2);

    // Staff move the close a week later: the new deadline gets its own stages.
    const later = new Date(closes.getTime() + 7 * DAY);
    const [reg] = await t.database.db.select().from(registrations).where(eq(registrations.competitionId, competition));
    await t.database.db.update(registrations).set({ closesAt: later }).where(eq(registrations.id, reg.id));
    await job.run(new Date(later.getTime() - 2 * DAY));
    expect(await closing(arCoach.phoneNumber!)).toHaveLength(3);
  });
});
