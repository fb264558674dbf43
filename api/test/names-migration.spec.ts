import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { memberUser } from '../src/auth/user.view';
import { planView } from '../src/payments/plan.view';
import * as schema from '../src/db/schema';
import { emptyDatabase, migrations, migrationsBefore, type Opened } from './migrations';

/**
 * Migration 0021 renames the old contract's misspelled columns (issue 15, "Names"): rows written
 * under the old names are read back, unchanged, under the correct ones, and the API's answers
 * still carry the contract's field names.
 */
const TAG = '0021_correct_names';

const columnsOf = async (d: Opened, table: string) =>
  (
    await d.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name`, [
      table,
    ])
  ).map((r) => r.column_name as string);

describe('migration 0021: correct column names, every row kept', () => {
  let d: Opened;
  let before: string;
  beforeAll(async () => {
    d = await emptyDatabase();
    before = migrationsBefore(TAG);
  });
  afterAll(async () => {
    await d?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('renames the columns and keeps what the old ones held', async () => {
    await d.migrate(before);
    expect(await columnsOf(d, 'users')).toEqual(
      expect.arrayContaining(['subcription', 'steb_user_id', 'refree_judge']),
    );

    // Rows written the way the API wrote them before: under the old, misspelled columns.
    const [coach] = await d.query(
      `INSERT INTO users (name, password_hash, type, subcription, start_date, end_date, steb_user_id, refree_judge, apply_as)
       VALUES ('Khalid Coach', 'x', 1, true, '2026-01-01', '2099-12-31', 'ext-42', true, 'Refree') RETURNING id`,
    );
    await d.query(`INSERT INTO users (name, password_hash, type, subcription) VALUES ('Lina Student', 'x', 0, false)`);
    const [plan] = await d.query(
      `INSERT INTO plans (name, name_en, orignal_pirce, price, duration, duration_type, type)
       VALUES ('خطة', 'Plan', 500.50, 400, 1, 'year', 'coach') RETURNING id`,
    );
    await d.query(
      `INSERT INTO settings (site_name, site_copy_right, privacy, privacy_en, tearm_condition, tearm_condition_en)
       VALUES ('WRO', '© WRO', 'خصوصية', 'Privacy', '<p>الشروط</p>', '<p>Terms</p>')`,
    );
    const cvs = [{ path: 'private/cv/a.pdf', name: 'cv.pdf', size: 1234 }];
    await d.query(
      `INSERT INTO judge_applications (user_id, organization_name, city, apply_as, pexperince, certifcates)
       VALUES ($1, 'Robotics Club', 'Riyadh', 'Refree', 'yes', $2::jsonb)`,
      [coach.id, JSON.stringify(cvs)],
    );

    await d.migrate(migrations);

    expect(await columnsOf(d, 'users')).toEqual(
      expect.arrayContaining(['subscription', 'external_user_id', 'referee_judge']),
    );
    for (const [table, old] of [
      ['users', ['subcription', 'steb_user_id', 'refree_judge']],
      ['plans', ['orignal_pirce']],
      ['settings', ['site_copy_right', 'tearm_condition', 'tearm_condition_en']],
      ['judge_applications', ['pexperince', 'certifcates']],
    ] as const) {
      const columns = await columnsOf(d, table);
      for (const name of old) expect(columns).not.toContain(name);
    }

    // Read back through the schema under the new names: the same values, no row lost.
    const people = await d.db.select().from(schema.users).orderBy(schema.users.name);
    expect(people.map((u) => [u.name, u.subscription, u.externalUserId, u.refereeJudge, u.applyAs])).toEqual([
      ['Khalid Coach', true, 'ext-42', true, 'Refree'],
      ['Lina Student', false, null, false, 'None'],
    ]);
    const [p] = await d.db
      .select()
      .from(schema.plans)
      .where(eq(schema.plans.id, plan.id as string));
    expect(p.originalPrice).toBe('500.50');
    const [s] = await d.db.select().from(schema.settings);
    expect(s).toMatchObject({
      siteCopyright: '© WRO',
      termsConditions: '<p>الشروط</p>',
      termsConditionsEn: '<p>Terms</p>',
      privacyEn: 'Privacy',
    });
    const [application] = await d.db.select().from(schema.judgeApplications);
    expect(application).toMatchObject({ applyAs: 'Refree', previousExperience: 'yes', certificates: cvs });

    // The boundary keeps the contract's spellings: the member user and the plan as the pages read them.
    const shown = memberUser(people[0]);
    expect(shown).toMatchObject({ subcription: true, steb_user_id: 'ext-42', refree_judge: true, apply_as: 'Refree' });
    expect(shown).not.toHaveProperty('subscription');
    expect(planView(p)).toMatchObject({ orignal_pirce: '500.50' });
  });
});
