import { eq } from 'drizzle-orm';
import { events, registrations } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * Registration windows on the platform's clock (issue 29, "Times"): staff in Riyadh enter
 * "opens 20/11 08:00, closes 31/01 23:59"; the window is stored as the instants those Riyadh times
 * name (05:00Z and 20:59Z), and closes at midnight Riyadh, not three hours later.
 */
let t: TestApp;
let admin: string;
let season: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  season = (
    await t.http
      .post('/api/admin/seasons')
      .set('Authorization', admin)
      .send({ name: 'موسم 2027', name_en: 'Season 2027' })
  ).body.id;
});
afterAll(() => t.close());

let counter = 0;
async function competition() {
  counter += 1;
  const res = await t.http
    .post('/api/admin/competitions')
    .set('Authorization', admin)
    .send({ name: `مسابقة الوقت ${counter}`, name_en: `Time Challenge ${counter}` });
  return res.body.id as string;
}

/** A registration as the back-office form posts it: the window as the date-and-time fields write it. */
async function postRegistration(window: { opens_at: string; closes_at: string }, lang = 'en') {
  return t.http
    .post('/api/admin/registrations')
    .set('Authorization', admin)
    .set('Accept-Language', lang)
    .send({ season_id: season, competition_id: await competition(), min_members: 1, max_members: 3, ...window });
}

/** Runs `fn` with the API's clock (Date only; timers keep running) set to `at`. */
async function at<T>(when: string, fn: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now: new Date(when),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  try {
    return await fn();
  } finally {
    jest.useRealTimers();
  }
}

describe('registration windows on the platform clock (Asia/Riyadh)', () => {
  it('a window entered as the form writes it (no zone) is the Riyadh time it names: 08:00 is 05:00Z', async () => {
    const res = await postRegistration({ opens_at: '2026-11-20T08:00', closes_at: '2027-01-31T23:59' });
    expect(res.status).toBe(201);
    expect([res.body.opens_at, res.body.closes_at]).toEqual(['2026-11-20T05:00:00.000Z', '2027-01-31T20:59:00.000Z']);
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, res.body.id));
    expect([row.opensAt.toISOString(), row.closesAt.toISOString()]).toEqual([
      '2026-11-20T05:00:00.000Z',
      '2027-01-31T20:59:00.000Z',
    ]);
    // Read back as the edit form reads it: the same instants.
    const read = await t.http.get(`/api/admin/registrations/${res.body.id}`).set('Authorization', admin);
    expect([read.body.opens_at, read.body.closes_at]).toEqual(['2026-11-20T05:00:00.000Z', '2027-01-31T20:59:00.000Z']);

    // Arabic-Indic digits and seconds are read the same way; an instant with its zone is kept as it is.
    const edited = await t.http
      .put(`/api/admin/registrations/${res.body.id}`)
      .set('Authorization', admin)
      .send({ opens_at: '٢٠٢٦-١١-٢٠T٠٨:٣٠:١٥', closes_at: '2027-01-31T20:59:00.000Z' });
    expect(edited.status).toBe(200);
    expect([edited.body.opens_at, edited.body.closes_at]).toEqual([
      '2026-11-20T05:30:15.000Z',
      '2027-01-31T20:59:00.000Z',
    ]);
    const offset = await t.http
      .put(`/api/admin/registrations/${res.body.id}`)
      .set('Authorization', admin)
      .send({ opens_at: '2026-11-20T08:00:00+03:00' });
    expect(offset.body.opens_at).toBe('2026-11-20T05:00:00.000Z');
  });

  it('a time that is not on the clock is a 400 in the admin’s language, never a shifted day', async () => {
    for (const bad of ['2026-02-30T08:00', '2026-11-20T24:00', '2026-11-20T08:60', 'soon']) {
      const res = await postRegistration({ opens_at: bad, closes_at: '2027-01-31T23:59' }, 'ar');
      expect([bad, res.status, res.body.field]).toEqual([bad, 400, 'opens_at']);
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('events take the same wall-clock time the same way', async () => {
    const res = await t.http.post('/api/admin/events').set('Authorization', admin).send({
      name: 'بطولة',
      name_en: 'Championship',
      description: 'وصف',
      description_en: 'About',
      link: 'https://wro.example/apply',
      event_date: '2027-03-01T09:00',
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, res.body.id));
    expect(row.eventDate?.toISOString()).toBe('2027-03-01T06:00:00.000Z');
  });

  it('a registration closing 23:59 Riyadh is open at 20:58Z and closed at 21:00Z (midnight in Riyadh)', async () => {
    const res = await postRegistration({ opens_at: '2026-11-20T08:00', closes_at: '2027-01-31T23:59' });
    const comp = res.body.competition_id as string;
    const coach = await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' });
    const student = await createUser(t, {
      type: 0,
      dob: '2012-05-01',
      education: { school_name: '', education_admin: '', level: '', grade: '7' },
    });
    const listed = async () => {
      const token = await signIn(t, coach);
      const list = await t.http.get('/api/registrations').set('Authorization', token);
      return list.body.registrations.find((r: { competion: { _id: string } }) => r.competion._id === comp);
    };
    const register = async () =>
      t.http
        .post('/api/teams')
        .set('Authorization', await signIn(t, coach))
        .send({ season_id: season, competition_id: comp, name: 'Late Falcons', members: [student.nationalId] });

    const before = await at('2027-01-31T20:58:00Z', listed);
    expect(before).toMatchObject({ open: true, closes_at: '2027-01-31T20:59:00.000Z' });
    const closed = await at('2027-01-31T21:00:00Z', async () => [await listed(), await register()] as const);
    expect(closed[0]).toBeUndefined();
    expect([closed[1].status, closed[1].body.message]).toEqual([403, 'Registration for this competition is closed.']);
  });

  it('before it opens, the refusal names the opening day on the Riyadh clock (01:00 on the 20th is not the 19th)', async () => {
    const res = await postRegistration({ opens_at: '2026-11-20T01:00', closes_at: '2027-01-31T23:59' });
    expect(res.body.opens_at).toBe('2026-11-19T22:00:00.000Z');
    const coach = await createUser(t, { type: 1, subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' });
    const refused = await at('2026-11-19T21:00:00Z', async () =>
      t.http
        .post('/api/teams')
        .set('Authorization', await signIn(t, coach))
        .send({ season_id: season, competition_id: res.body.competition_id, name: 'Early', members: [] }),
    );
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Registration for this competition opens on 2026-11-20.',
    ]);
  });
});
