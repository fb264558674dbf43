import { ageOn, type TeamDetail, type TeamInvitationRecord } from '@platform/contract';
import Papa from 'papaparse';
import { teamPeople, teams } from '../src/db/schema';
import { adminToken, createUser, startTestApp, type TestApp } from './harness';
import { asSpreadsheetShowsIt, downloadCsv, soffice } from './spreadsheet';

/**
 * What staff check a team with before approving it (each student's age on the registration's
 * reference date, grade, school, minor), the teams list's paid and school filters, and the roster
 * export per competition or school.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const post = async (resource: string, body: object) => {
  const res = await t.http.post(`/api/admin/${resource}`).set('Authorization', admin).send(body);
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const education = (school: string, grade: string) => ({ school_name: school, grade, level: '', education_admin: '' });

const ids: Record<string, string> = {};
let registered: string;
let staffMade: string;

beforeAll(async () => {
  ids.season = await post('seasons', { name: 'موسم القائمة', name_en: 'Roster season' });
  ids.competition = await post('competitions', { name: 'تحدي القائمة', name_en: 'Roster challenge' });
  ids.other = await post('competitions', { name: 'مسابقة أخرى', name_en: 'Other challenge' });
  ids.registration = await post('registrations', {
    season_id: ids.season,
    competition_id: ids.competition,
    opens_at: '2026-01-01T00:00:00Z',
    closes_at: '2030-01-01T00:00:00Z',
    min_age: 10,
    max_age: 15,
    age_on: '2026-09-01',
    grades: [6, 7, 8],
    fee: '150',
  });
  const lian = await createUser(t, {
    type: 0,
    name: 'ليان القحطاني',
    nationalId: '0123456780',
    // 13 on 1 September 2026 (her birthday is the day after).
    dob: '2012-09-02',
    education: education('مدرسة الرياض', '7'),
    guardianName: 'أبو ليان',
    guardianPhone: '+966500000123',
  });
  const formula = await createUser(t, {
    type: 0,
    name: '=HYPERLINK("http://evil.example","x")',
    dob: '2000-01-01',
    education: education('@SUM(A1)', '12'),
  });
  const pending = await createUser(t, { type: 0, name: 'Pending Student', dob: '2013-03-05' });
  const declined = await createUser(t, { type: 0, name: 'Declined Student' });
  const coaches = [
    await createUser(t, { type: 1, name: 'Zaid Coach', education: education('Coaching school', '') }),
    await createUser(t, { type: 1, name: 'Amr Coach' }),
    await createUser(t, { type: 1, name: 'Invited Coach' }),
  ];
  const school = await createUser(t, { type: 2, name: 'Riyadh School', nationalId: '0000000000' });
  ids.school = school.id;
  ids.lian = lian.id;
  const db = t.database.db;
  const [team] = await db
    .insert(teams)
    .values({
      teamNo: 'R-1001',
      name: 'صقور',
      seasonId: ids.season,
      competitionId: ids.competition,
      registrationId: ids.registration,
      entityId: school.id,
      state: 'submitted',
      status: false,
    })
    .returning();
  registered = team.id;
  const person = (userId: string, role: 'member' | 'coach' | 'entity', state: 'accepted' | 'pending' | 'declined') => ({
    teamId: team.id,
    userId,
    role,
    state,
    seasonId: ids.season,
    competitionId: ids.competition,
  });
  await db
    .insert(teamPeople)
    .values([
      person(lian.id, 'member', 'accepted'),
      person(formula.id, 'member', 'accepted'),
      person(pending.id, 'member', 'pending'),
      person(declined.id, 'member', 'declined'),
      person(coaches[0].id, 'coach', 'accepted'),
      person(coaches[1].id, 'coach', 'accepted'),
      person(coaches[2].id, 'coach', 'pending'),
      person(school.id, 'entity', 'accepted'),
    ]);
  // A paid team of the same competition, made by staff, with no students yet; and one of another competition.
  const [empty] = await db
    .insert(teams)
    .values({ teamNo: 'R-1002', seasonId: ids.season, competitionId: ids.competition, paymentStatus: true })
    .returning();
  staffMade = empty.id;
  await db.insert(teamPeople).values({ teamId: empty.id, userId: pending.id, role: 'member' });
  await db.insert(teams).values({ teamNo: 'R-2001', seasonId: ids.season, competitionId: ids.other });
});

describe('the team page', () => {
  it('shows each student’s age on the reference date, grade, school and whether a minor, and the rules', async () => {
    const res = await t.http.get(`/api/admin/teams/${registered}`).set('Authorization', admin);
    expect(res.status).toBe(200);
    const team = res.body as TeamDetail;
    expect(team.registration).toEqual({
      min_age: 10,
      max_age: 15,
      age_on: '2026-09-01',
      grades: ['6', '7', '8'],
      fee: '150.00',
      currency: 'SAR',
    });
    const byName = Object.fromEntries(team.invitations.map((p) => [p.name, p])) as Record<string, TeamInvitationRecord>;
    expect(byName['ليان القحطاني']).toMatchObject({
      role: 'member',
      state: 'accepted',
      national_id: '0123456780',
      age: 13,
      grade: '7',
      school: 'مدرسة الرياض',
      minor: true,
    });
    expect(byName['=HYPERLINK("http://evil.example","x")']).toMatchObject({ age: 26, grade: '12', minor: false });
    expect(byName['Pending Student']).toMatchObject({ state: 'pending', age: 13, grade: null, school: null });
    // A coach: a school, no age or grade; the entity: its e-mail, none of the student's fields.
    expect(byName['Zaid Coach']).toMatchObject({ role: 'coach', age: null, grade: null, school: 'Coaching school' });
    expect(byName['Riyadh School']).toMatchObject({
      role: 'entity',
      national_id: null,
      age: null,
      grade: null,
      school: null,
      minor: false,
    });
    expect(team.member_ids).toHaveLength(2);
  });

  it('counts ages today for a team made by staff (no registration)', async () => {
    const res = await t.http.get(`/api/admin/teams/${staffMade}`).set('Authorization', admin);
    const team = res.body as TeamDetail;
    expect(team.registration).toBeNull();
    expect(team.invitations).toEqual([
      expect.objectContaining({ name: 'Pending Student', age: ageOn('2013-03-05'), minor: true }),
    ]);
  });
});

describe('the teams list', () => {
  const list = async (filter: object) => {
    const res = await t.http
      .get('/api/admin/teams')
      .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['team_no', 'ASC']) })
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    return (res.body as { team_no: string }[]).map((r) => r.team_no);
  };
  it('filters by paid and by school (entity)', async () => {
    expect(await list({ season: ids.season, payment_status: true })).toEqual(['R-1002']);
    expect(await list({ season: ids.season, payment_status: false })).toEqual(['R-1001', 'R-2001']);
    expect(await list({ entity: ids.school })).toEqual(['R-1001']);
    expect(await list({ entity: ids.school, payment_status: 'true' })).toEqual([]);
    const bad = await t.http
      .get('/api/admin/teams')
      .query({ filter: JSON.stringify({ payment_status: 'maybe' }) })
      .set('Authorization', admin);
    expect(bad.status).toBe(400);
  });
});

describe('the roster export', () => {
  const roster = (filter: object, lang = 'en', token = admin) =>
    downloadCsv(t, token, '/api/admin/teams/roster', filter, lang);
  const parse = (text: string) => Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;

  it('writes one row per student of the competition’s teams, in English', async () => {
    const res = await roster({ competition: ids.competition });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="team-roster-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body as string;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // Text a spreadsheet would change is a text cell: the national ID's leading zero, the phone's +.
    expect(text).toContain('"=""0123456780"""');
    expect(text).toContain('"=""+966500000123"""');
    const [header, ...rows] = parse(text);
    expect(header).toEqual([
      'TeamNo',
      'TeamName',
      'Season',
      'Competition',
      'State',
      'Paid',
      'Entity',
      'Coaches',
      'Student',
      'NationalID',
      'Invitation',
      'AgeOn',
      'Age',
      'Minor',
      'Grade',
      'School',
      'GuardianName',
      'GuardianPhone',
    ]);
    const team = ['R-1001', 'صقور', 'Roster season', 'Roster challenge', 'Submitted', 'No', 'Riyadh School'];
    const coaches = 'Amr Coach, Zaid Coach';
    expect(rows).toEqual([
      // Ordered by team number, then the students' names; the declined student and coach are left out.
      [
        ...team,
        coaches,
        `'=HYPERLINK("http://evil.example","x")`,
        expect.any(String),
        'Accepted',
        '2026-09-01',
        '26',
        'No',
        '12',
        `'@SUM(A1)`,
        '',
        '',
      ],
      [
        ...team,
        coaches,
        'Pending Student',
        expect.any(String),
        'Waiting for an answer',
        '2026-09-01',
        '13',
        'Yes',
        '',
        '',
        '',
        '',
      ],
      [
        ...team,
        coaches,
        'ليان القحطاني',
        '="0123456780"',
        'Accepted',
        '2026-09-01',
        '13',
        'Yes',
        '7',
        'مدرسة الرياض',
        'أبو ليان',
        '="+966500000123"',
      ],
      // The staff-made team: paid, no coach, its student's age counted today.
      [
        'R-1002',
        '',
        'Roster season',
        'Roster challenge',
        'Approved',
        'Yes',
        '',
        '',
        'Pending Student',
        expect.any(String),
        'Accepted',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        String(ageOn('2013-03-05')),
        'Yes',
        '',
        '',
        '',
        '',
      ],
    ]);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[+\-@\t\r]/);
  });

  it('writes the headers and words in Arabic, for one school, and keeps a team without students', async () => {
    const res = await roster({ entity: ids.school }, 'ar');
    const [header, ...rows] = parse(res.body as string);
    expect(header.slice(0, 8)).toEqual([
      'رقم الفريق',
      'اسم الفريق',
      'الموسم',
      'المسابقة',
      'الحالة',
      'مدفوع',
      'الجهة',
      'المدربون',
    ]);
    expect(rows.map((r) => r.slice(4, 8))).toEqual(
      Array(3).fill(['مُرسَل', 'لا', 'Riyadh School', 'Amr Coach، Zaid Coach']),
    );
    expect(rows.map((r) => [r[10], r[13]])).toEqual([
      ['مقبولة', 'لا'],
      ['بانتظار الرد', 'نعم'],
      ['مقبولة', 'نعم'],
    ]);
    const other = parse((await roster({ competition: ids.other }, 'ar')).body as string);
    expect(other.slice(1)).toEqual([
      ['R-2001', '', 'موسم القائمة', 'مسابقة أخرى', 'معتمد', 'لا', '', '', '', '', '', '', '', '', '', '', '', ''],
    ]);
  });

  it('takes the list’s filters and search, refuses a bad filter before any byte, and is for admins only', async () => {
    const paid = parse((await roster({ competition: ids.competition, payment_status: true })).body as string);
    expect(paid.slice(1).map((r) => r[0])).toEqual(['R-1002']);
    const search = parse((await roster({ q: 'R-100' })).body as string);
    expect(new Set(search.slice(1).map((r) => r[0]))).toEqual(new Set(['R-1001', 'R-1002']));
    const bad = await roster({ payment_status: 'maybe' });
    expect([bad.status, (bad.body as string).includes('TeamNo')]).toEqual([400, false]);
    expect((await roster({ owner: 'x' })).status).toBe(400);
    const sub = await createUser(t, { type: 5, email: 'sub@roster.example' });
    expect((await roster({}, 'en', await adminToken(t, sub.email!, sub.password))).status).toBe(403);
    expect((await t.http.get('/api/admin/teams/roster')).status).toBe(401);
  });
});

// CI installs LibreOffice (.ci/run); a developer's machine without it skips this.
(soffice || process.env.CI ? describe : describe.skip)('the roster as a spreadsheet shows it', () => {
  it('shows the national ID with its leading zero, the guardian’s phone, Arabic text, and a formula as text', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await downloadCsv(t, admin, '/api/admin/teams/roster', { entity: ids.school }, lang);
      const [header, ...rows] = asSpreadsheetShowsIt(res.body as string);
      const cell = (row: string[], en: string, ar: string) => row[header.indexOf(lang === 'en' ? en : ar)];
      const lian = rows.find((r) => cell(r, 'Student', 'الطالب') === 'ليان القحطاني')!;
      expect(cell(lian, 'NationalID', 'رقم الهوية')).toBe('0123456780');
      expect(cell(lian, 'GuardianPhone', 'جوال ولي الأمر')).toBe('+966500000123');
      expect(cell(lian, 'GuardianName', 'اسم ولي الأمر')).toBe('أبو ليان');
      expect(cell(lian, 'School', 'المدرسة')).toBe('مدرسة الرياض');
      expect(cell(lian, 'Age', 'العمر')).toBe('13');
      expect(cell(lian, 'State', 'الحالة')).toBe(lang === 'en' ? 'Submitted' : 'مُرسَل');
      expect(rows.map((r) => cell(r, 'Student', 'الطالب'))).toContain(`'=HYPERLINK("http://evil.example","x")`);
    }
  }, 240_000);
});
