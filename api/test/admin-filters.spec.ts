import { AUDIT_SECTIONS, nextDay, platformDay } from '@platform/contract';
import { eq } from 'drizzle-orm';
import {
  auditLog,
  competitions,
  contactMessages,
  judgeApplications,
  orders,
  seasons,
  teamPeople,
  teams,
  users,
} from '../src/db/schema';
import { ADMIN_RESOURCES } from '../src/admin/admin.module';
import { defineResource } from '../src/admin/resource';
import { usersResource } from '../src/admin/resources/users.resource';
import { phoneForms } from '../src/admin/list-query';
import { ADMIN, adminToken, createUser, startTestApp, type TestApp } from './harness';

// The back-office's filters and linked records: every declared filter answers exactly its rows,
// date ranges are days on the platform's clock, and a bad value is a 400 naming the parameter.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const list = (resource: string, filter: object, extra: Record<string, string> = {}) =>
  t.http
    .get(`/api/admin/${resource}`)
    .query({ filter: JSON.stringify(filter), range: '[0,99]', ...extra })
    .set('Authorization', admin);
const ids = async (resource: string, filter: object) => {
  const res = await list(resource, filter);
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((r) => r.id).sort();
};
const sorted = (...values: string[]) => [...values].sort();

const today = platformDay();
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('users', () => {
  it('filter by subscription state (active, expired, none), nationality, region and sign-up days', async () => {
    const tag = `Filter${Date.now()}`;
    const active = await createUser(t, {
      type: 1,
      name: `${tag} active`,
      subscription: true,
      startDate: '2020-01-01',
      endDate: today,
      nationality: 'SA',
    });
    const expired = await createUser(t, {
      type: 1,
      name: `${tag} expired`,
      subscription: true,
      startDate: '2020-01-01',
      endDate: yesterday,
      nationality: 'EG',
    });
    const none = await createUser(t, { type: 0, name: `${tag} none`, nationality: 'SA' });
    const old = await createUser(t, { type: 2, name: `${tag} old`, createdAt: new Date('2025-01-15T22:30:00Z') });
    const mine = (filter: object) => ids('users', { q: tag, ...filter });
    expect(await mine({ subscription: 'active' })).toEqual([active.id]);
    expect(await mine({ subscription: 'expired' })).toEqual([expired.id]);
    expect(await mine({ subscription: 'none' })).toEqual(sorted(none.id, old.id));
    expect(await mine({ nationality: 'SA' })).toEqual(sorted(active.id, none.id));
    expect(await mine({ nationality: 'SA', subscription: 'none' })).toEqual([none.id]);
    // 22:30 UTC on the 15th is 01:30 on the 16th in Riyadh: a day of the platform's clock.
    expect(await mine({ created_at_gte: '2025-01-16', created_at_lte: '2025-01-16' })).toEqual([old.id]);
    expect(await mine({ created_at_lte: '2025-01-15' })).toEqual([]);
    expect(await mine({ created_at_gte: today })).toEqual(sorted(active.id, expired.id, none.id));
    expect(await mine({ created_at_gte: nextDay(today) })).toEqual([]);

    for (const [filter, param] of [
      [{ subscription: 'maybe' }, 'filter.subscription'],
      [{ created_at: '2025-01-01' }, 'filter.created_at'],
      [{ region: 'north' }, 'filter.region'],
      [{ archived: true }, 'filter.archived'],
    ] as const) {
      const res = await list('users', filter);
      expect([res.status, res.body.message]).toEqual([400, `The list parameter "${param}" is invalid.`]);
    }
    // A date filter's refusal says what a day must be (below, for every list and export).
    for (const day of ['2025-02-30', 20250101]) {
      const res = await list('users', { created_at_gte: day });
      expect([res.status, res.body.message, res.body.field]).toEqual([
        400,
        'The date in "filter.created_at_gte" must be a day from 1900-01-01 to 2999-12-31.',
        'filter.created_at_gte',
      ]);
    }
  });

  it("a member's orders, teams, application and audit entries are reachable from their page", async () => {
    const coach = await createUser(t, { type: 1 });
    const other = await createUser(t, { type: 1 });
    const [mine] = await t.database.db
      .insert(orders)
      .values({ userId: coach.id, customerName: coach.name, total: '100.00', status: 'paid' })
      .returning();
    await t.database.db.insert(orders).values({ userId: other.id, customerName: other.name, total: '50.00' });
    // ra-data-simple-rest's getManyReference: the target as a filter, with its own sort and range.
    const refs = await list('transections', { user: coach.id }, { sort: '["created_at","DESC"]' });
    expect(refs.body.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect(refs.headers['content-range']).toMatch(/\/1$/);
    expect(await ids('transections', { user: coach.id, payment_status: 'pending' })).toEqual([]);
    expect(await ids('transections', { user: coach.id, created_at_gte: today, created_at_lte: today })).toEqual([
      mine.id,
    ]);

    const [season] = await t.database.db.insert(seasons).values({ name: 'موسم', nameEn: 'Season' }).returning();
    const [competition] = await t.database.db
      .insert(competitions)
      .values({ name: 'مسابقة', nameEn: 'Contest' })
      .returning();
    const team = (teamNo: string, entityId?: string) =>
      t.database.db
        .insert(teams)
        .values({ teamNo: `${teamNo}-${Date.now()}`, seasonId: season.id, competitionId: competition.id, entityId })
        .returning()
        .then(([row]) => row);
    const coached = await team('T');
    const owned = await team('E', coach.id);
    await team('X');
    await t.database.db.insert(teamPeople).values({ teamId: coached.id, userId: coach.id, role: 'coach' });
    expect(await ids('teams', { user: coach.id })).toEqual(sorted(coached.id, owned.id));
    expect(await ids('teams', { user: other.id })).toEqual([]);

    const [application] = await t.database.db
      .insert(judgeApplications)
      .values({
        userId: coach.id,
        applyAs: 'judge',
        organizationName: 'School',
        city: 'Riyadh',
        previousExperience: '3',
      })
      .returning();
    expect(await ids('judges', { user: coach.id })).toEqual([application.id]);

    expect(
      (await t.http.put(`/api/admin/users/${coach.id}`).set('Authorization', admin).send({ isVerified: false })).status,
    ).toBe(200);
    const audit = await list('audit', { record_id: coach.id });
    expect(audit.body).toEqual([
      expect.objectContaining({
        resource: 'users',
        action: 'toggle',
        record_id: coach.id,
        record_name: { name: coach.name, name_en: coach.name },
        record_exists: true,
      }),
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, coach.id));
    expect(entry.after).toEqual({ isVerified: false });
  });
});

describe('searches in any digits (issue 37)', () => {
  it('a national ID in Arabic-Indic digits, a phone as 05…, 5…, 9665…, +9665… or 009665…, a number filter in ٠-٩', async () => {
    const tag = `Digits${Date.now()}`;
    const member = await createUser(t, {
      type: 1,
      name: `${tag} member`,
      nationalId: '1145678908',
      phoneNumber: '+966506667788',
    });
    const other = await createUser(t, { type: 2, name: `${tag} school`, phoneNumber: '+966551234567' });
    const found = (q: string, filter: object = {}) => ids('users', { q, ...filter });
    expect(await found('١١٤٥٦٧٨٩٠٨')).toEqual([member.id]);
    expect(await found('۱۱۴۵۶۷۸۹۰۸')).toEqual([member.id]);
    expect(await found('1145678908')).toEqual([member.id]);
    for (const phone of [
      '0506667788',
      '٠٥٠٦٦٦٧٧٨٨',
      '050 666 7788',
      '506667788',
      '966506667788',
      '+966506667788',
      '+٩٦٦٥٠٦٦٦٧٧٨٨',
      '00966506667788',
      '05066677', // a part of one, typed with its trunk zero
    ])
      expect([phone, await found(phone)]).toEqual([phone, [member.id]]);
    expect(await found('0551234567')).toEqual([other.id]);
    // Signs with no digits are searched as typed, not as an empty number that matches everyone.
    expect(await found(`${tag} -`)).toEqual([]);
    expect((await list('users', { q: '-' })).status).toBe(200);
    expect(phoneForms('-')).toEqual([]);
    expect(phoneForms('050 666')).toEqual(['50666', '050666']);
    // A number filter in Arabic-Indic digits is the number.
    expect(await ids('users', { q: tag, type: '٢' })).toEqual([other.id]);
    expect(await ids('users', { q: tag, type: '۱' })).toEqual([member.id]);
    // Another resource searched by a phone: the admins' list.
    expect((await list('admins', { q: '٠٥٠٦٦٦٧٧٨٨' })).status).toBe(200);
  });
});

describe('audit entries name their records', () => {
  it('in both languages while the record lives, and from the entry once it is deleted', async () => {
    const post = (resource: string, body: object) =>
      t.http.post(`/api/admin/${resource}`).set('Authorization', admin).send(body);
    const season = await post('seasons', { name: 'موسم التدقيق', name_en: 'Audit season' });
    const gone = await post('categories', { name: 'تصنيف عابر', name_en: 'Passing category' });
    expect((await t.http.delete(`/api/admin/categories/${gone.body.id}`).set('Authorization', admin)).status).toBe(200);
    const [created] = (await list('audit', { record_id: season.body.id })).body;
    expect(created).toMatchObject({
      action: 'create',
      record_name: { name: 'موسم التدقيق', name_en: 'Audit season' },
      record_exists: true,
    });
    const entries = (await list('audit', { record_id: gone.body.id })).body;
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete']);
    for (const e of entries)
      expect(e).toMatchObject({
        record_name: { name: 'تصنيف عابر', name_en: 'Passing category' },
        record_exists: false,
      });
    const one = await t.http.get(`/api/admin/audit/${created.id}`).set('Authorization', admin);
    expect(one.body.record_name).toEqual({ name: 'موسم التدقيق', name_en: 'Audit season' });
  });

  it('a registration by its competition and season', async () => {
    const post = (resource: string, body: object) =>
      t.http.post(`/api/admin/${resource}`).set('Authorization', admin).send(body);
    const season = await post('seasons', { name: 'موسم التسجيل', name_en: 'Registration season' });
    const competition = await post('competitions', { name: 'مهمة التسجيل', name_en: 'Registration mission' });
    const reg = await post('registrations', {
      season_id: season.body.id,
      competition_id: competition.body.id,
      opens_at: '2026-11-01T06:00:00Z',
      closes_at: '2027-01-15T20:59:00Z',
    });
    expect(reg.status).toBe(201);
    const [created] = (await list('audit', { record_id: reg.body.id })).body;
    expect(created.record_name).toEqual({
      name: 'مهمة التسجيل · موسم التسجيل',
      name_en: 'Registration mission · Registration season',
    });
  });
});

describe('audit sections', () => {
  it('every resource staff write is a section the audit filter offers; a new one must be added', async () => {
    const writing = ADMIN_RESOURCES.filter((r) => r.roles.create || r.roles.update || r.roles.delete).map(
      (r) => r.name,
    );
    expect(writing).toContain('registrations');
    for (const name of writing) expect(AUDIT_SECTIONS).toContain(name);
    expect(() =>
      defineResource({ ...usersResource, name: 'newcomers', roles: { read: ['admin'], update: ['admin'] } }),
    ).toThrow('resource newcomers writes but is not in AUDIT_SECTIONS');
    // The section filter finds a registration's entries.
    const entries = (await list('audit', { resource: 'registrations' })).body as { resource: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.resource))).toEqual(new Set(['registrations']));
  });
});

describe('contact messages', () => {
  it('filter by read and day; staff mark one or many read and unread', async () => {
    const [a, b] = await t.database.db
      .insert(contactMessages)
      .values([
        { name: 'A', email: 'a@test.example', message: 'first' },
        { name: 'B', email: 'b@test.example', message: 'second', readAt: new Date() },
      ])
      .returning();
    expect(await ids('contactus', { read: false })).toEqual([a.id]);
    expect(await ids('contactus', { read: true })).toEqual([b.id]);
    expect(await ids('contactus', { created_at_gte: today })).toEqual(sorted(a.id, b.id));
    // react-admin's updateMany is one PUT per record.
    for (const id of [a.id, b.id]) {
      const res = await t.http.put(`/api/admin/contactus/${id}`).set('Authorization', admin).send({ read: true });
      expect([res.status, res.body.read]).toEqual([200, true]);
    }
    expect(await ids('contactus', { read: false })).toEqual([]);
    const unread = await t.http.put(`/api/admin/contactus/${b.id}`).set('Authorization', admin).send({ read: false });
    expect(unread.body.read).toBe(false);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, b.id));
    expect(row.readAt).toBeNull();
    const junk = await t.http.put(`/api/admin/contactus/${b.id}`).set('Authorization', admin).send({ read: 'perhaps' });
    expect(junk.status).toBe(400);
  });
});

describe('staff records', () => {
  it('the first admin edits their own name and password; a new admin needs no national ID, phone or nationality', async () => {
    const [first] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect([first.nationalId, first.phoneNumber, first.nationality]).toEqual([null, null, null]);
    // What the back-office's edit form sends back: the whole record, unset fields as null.
    const record = (await t.http.get(`/api/admin/admins/${first.id}`).set('Authorization', admin)).body;
    const saved = await t.http
      .put(`/api/admin/admins/${first.id}`)
      .set('Authorization', admin)
      .send({ ...record, name: 'First Admin', password: 'Renewed-pass-1', cpassword: 'Renewed-pass-1' });
    expect([saved.status, saved.body.name]).toEqual([200, 'First Admin']);
    // A new password ends the sessions; the new one signs in.
    admin = await adminToken(t, ADMIN.email, 'Renewed-pass-1');

    const email = `staff.${Date.now()}@test.example`;
    const created = await t.http
      .post('/api/admin/admins')
      .set('Authorization', admin)
      .send({ name: 'Mona Staff', email, password: 'Staff-pass-123', cpassword: 'Staff-pass-123', type: 5 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ national_id: null, phone_number: null, nationality: null, type: 5 });
    expect((await adminToken(t, email, 'Staff-pass-123')).length).toBeGreaterThan(0);
    const noEmail = await t.http
      .post('/api/admin/admins')
      .set('Authorization', admin)
      .send({ name: 'No Mail', password: 'Staff-pass-123', cpassword: 'Staff-pass-123' });
    expect(noEmail.status).toBe(400);
    const badId = await t.http
      .post('/api/admin/admins')
      .set('Authorization', admin)
      .send({
        name: 'Bad Id',
        email: `bad.${email}`,
        national_id: '12',
        password: 'Staff-pass-123',
        cpassword: 'Staff-pass-123',
      });
    expect(badId.status).toBe(400);
    // Members still need every identity field.
    const member = await t.http
      .post('/api/admin/users')
      .set('Authorization', admin)
      .send({ name: 'No Id', email: `m.${email}`, password: 'Member-pass-1', cpassword: 'Member-pass-1' });
    expect(member.status).toBe(400);
  });
});

describe('dates in list filters and exports (issue 31)', () => {
  // Every list with a day filter, its CSV export where it has one, and the finance export.
  const dated = ADMIN_RESOURCES.flatMap((r) =>
    Object.entries(r.filters ?? {})
      .filter(([, f]) => f.type === 'date')
      .flatMap(([name]) => [
        { path: `/api/admin/${r.name}`, name },
        ...(r.export ? [{ path: `/api/admin/${r.name}/export`, name }] : []),
      ]),
  );
  const routes = [...dated, { path: '/api/admin/transections/export', name: 'created_at' }];

  it('covers users, the users export, audit and the transactions export', () => {
    const paths = routes.map((r) => r.path);
    for (const path of [
      '/api/admin/users',
      '/api/admin/users/export',
      '/api/admin/audit',
      '/api/admin/transections/export',
    ])
      expect(paths).toContain(path);
  });

  it('a day before 1900 or after 2999, or no day at all, is a 400 naming the field in the caller’s language', async () => {
    for (const { path, name } of routes) {
      for (const [bound, day] of [
        ['gte', '0001-01-01'],
        ['lte', '1899-12-31'],
        ['gte', '0099-05-05'],
        ['lte', '9999-12-31'],
        ['gte', '2026-02-30'],
      ]) {
        const param = `filter.${name}_${bound}`;
        for (const [lang, message] of [
          ['en', `The date in "${param}" must be a day from 1900-01-01 to 2999-12-31.`],
          ['ar', `التاريخ في "${param}" يجب أن يكون يومًا بين 1900-01-01 و2999-12-31.`],
        ]) {
          const res = await t.http
            .get(path)
            .query({ filter: JSON.stringify({ [`${name}_${bound}`]: day }) })
            .set('Authorization', admin)
            .set('Accept-Language', lang);
          expect([path, day, lang, res.status, res.body.message, res.body.field]).toEqual([
            path,
            day,
            lang,
            400,
            message,
            param,
          ]);
        }
      }
      // The first and last days allowed answer, and so does a day in Arabic-Indic digits.
      for (const filter of [
        { [`${name}_gte`]: '1900-01-01', [`${name}_lte`]: '2999-12-31' },
        { [`${name}_gte`]: '٢٠٢٦-٠١-٠١' },
      ]) {
        const ok = await t.http
          .get(path)
          .query({ filter: JSON.stringify(filter) })
          .set('Authorization', admin);
        expect([path, ok.status]).toEqual([path, 200]);
      }
    }
  });
});
