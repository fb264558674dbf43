import { eq } from 'drizzle-orm';
import { auditLog, teamPeople, teams } from '../src/db/schema';
import { adminToken, createUser, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const post = (resource: string, body: object) =>
  t.http.post(`/api/admin/${resource}`).set('Authorization', admin).send(body);
const importCsv = (csv: string, dry: boolean) =>
  t.http
    .post(`/api/admin/teams/import${dry ? '?dry_run=true' : ''}`)
    .set('Authorization', admin)
    .attach('file', Buffer.from(csv), 'results.csv');

describe('seasons, competitions, teams and the results import', () => {
  let season: string;
  let competition: string;
  it('creates a team with its people; a season in use is not deleted', async () => {
    season = (await post('seasons', { name: 'موسم 2027', name_en: 'Season 2027' })).body.id;
    competition = (await post('competitions', { name: 'مهمة', name_en: 'Mission' })).body.id;
    const student = await createUser(t, { type: 0 });
    const coach = await createUser(t, { type: 1 });
    expect((await post('teams', { team_no: 'X-1' })).body.message).toBe('Please fill in the form carefully!');
    expect((await post('teams', { team_no: 'X-1', season, competition, member_ids: [coach.id] })).status).toBe(400);
    const team = await post('teams', {
      team_no: 'X-1',
      season,
      competition,
      payment_status: true,
      member_ids: [student.id],
      coach_ids: [coach.id],
    });
    expect(team.status).toBe(201);
    // "Paid" comes only from a payment (or a recorded manual one): the form's switch is not taken.
    expect(team.body).toMatchObject({ team_no: 'X-1', payment_status: false });
    const one = await t.http.get(`/api/admin/teams/${team.body.id}`).set('Authorization', admin);
    expect(one.body).toMatchObject({
      member_ids: [student.id],
      coach_ids: [coach.id],
      season_name: { name_en: 'Season 2027' },
    });
    expect((await post('teams', { team_no: 'X-1', season, competition })).body.message).toBe(
      'Another team already has this number.',
    );
    await post('teams', { team_no: 'X-2', season, competition });
    const del = await t.http.delete(`/api/admin/seasons/${season}`).set('Authorization', admin);
    expect([del.status, del.body.message]).toEqual([409, 'Teams use this; change or delete those teams first.']);
    const put = await t.http
      .put(`/api/admin/teams/${team.body.id}`)
      .set('Authorization', admin)
      .send({ member_ids: [] });
    expect(put.status).toBe(200);
    expect(await t.database.db.select().from(teamPeople).where(eq(teamPeople.role, 'member'))).toEqual([]);
  });

  it('previews every row with its error, then applies all in one transaction only when clean', async () => {
    await post('teams', { team_no: 'X-3', season, competition });
    const bad = '\uFEFFteam_no,score,ranked\nX-1,180.5,1\nNOPE,1,2\nX-2,abc,3\nX-1,10,4\nX-3,12,0\n';
    const preview = await importCsv(bad, true);
    expect(preview.body).toMatchObject({ valid: 1, invalid: 4 });
    expect(preview.body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, 'No team has this number.'],
      [4, 'The score must be a number (at most two decimals).'],
      [5, 'This team appears twice in the file.'],
      [6, 'The rank must be a whole number from 1.'],
    ]);
    const refused = await importCsv(bad, false);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'Some rows have errors; nothing was saved. Fix the file and try again.',
    ]);
    const [untouched] = await t.database.db.select().from(teams).where(eq(teams.teamNo, 'X-1'));
    expect(untouched.ranked).toBeNull();

    const good = 'team_no,score,ranked\nX-1,180.5,1\nX-2,150,2\n';
    const applied = await importCsv(good, false);
    expect(applied.body.message).toBe('Results saved for 2 teams.');
    const rows = await t.database.db.select().from(teams);
    expect(rows.map((r) => [r.teamNo, r.score, r.ranked]).sort()).toEqual([
      ['X-1', '180.50', 1],
      ['X-2', '150.00', 2],
      ['X-3', null, null],
    ]);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'import'))).length).toBe(1);
    expect((await importCsv('name,age\nx,1\n', true)).body.message).toBe(
      'Please choose a CSV file with the columns team_no, score, ranked.',
    );
  });

  it('reads decimal commas and Arabic digits as a spreadsheet in Arabic or in Europe writes them', async () => {
    // A semicolon-separated file (Excel where the comma is the decimal mark), and Arabic-Indic digits.
    const semicolons = 'team_no;score;ranked\nX-1;175,25;2\nX-2;١٩٠٫٥;١\n';
    const preview = await importCsv(semicolons, true);
    expect(preview.body).toMatchObject({ valid: 2, invalid: 0 });
    expect(preview.body.rows.map((r: { score: string; ranked: string }) => [r.score, r.ranked])).toEqual([
      ['175.25', '2'],
      ['190.5', '1'],
    ]);
    expect((await importCsv(semicolons, false)).status).toBe(200);
    const rows = await t.database.db.select().from(teams).where(eq(teams.teamNo, 'X-2'));
    expect([rows[0].score, rows[0].ranked]).toEqual(['190.50', 1]);
  });

  it("skips the template's rows left blank: only the teams with a result are checked and saved", async () => {
    // As the back-office's template comes: a BOM, CRLF, a row per team, some not filled in.
    const template = '\uFEFFteam_no,score,ranked\r\nX-1,,\r\nX-2,160,3\r\nX-3,,\r\n';
    const preview = await importCsv(template, true);
    expect(preview.body).toMatchObject({ valid: 1, invalid: 0 });
    expect(preview.body.rows).toEqual([
      {
        line: 3,
        team_no: 'X-2',
        score: '160',
        ranked: '3',
        team_id: expect.any(String),
        team_name: 'X-2',
        competition: 'Mission',
        error: null,
      },
    ]);
    expect((await importCsv(template, false)).body.message).toBe('Results saved for one team.');
    const rows = await t.database.db.select().from(teams);
    expect(rows.map((r) => [r.teamNo, r.score, r.ranked]).sort()).toEqual([
      ['X-1', '175.25', 2],
      ['X-2', '160.00', 3],
      ['X-3', null, null],
    ]);
    // A file of blank rows only saves nothing and says so.
    const blank = await importCsv('team_no,score,ranked\nX-1,,\n', false);
    expect(blank.status).toBe(400);
  });
});
