import { rmSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import { guessLanguage } from '../src/accounts/language';
import { users } from '../src/db/schema';
import { emptyDatabase, migrations, migrationsBefore, migrationTag, type Opened } from './migrations';

/**
 * The member_language migration (issue 30): accounts from before the language was asked, which all
 * said 'en' because nothing set it, get a guessed language (docs/decisions/015-member-language.md),
 * the same guess the API makes for an account staff create without one; an account already in
 * Arabic was set by hand and is kept as chosen.
 */
describe('migration member_language: a language for the accounts nobody asked', () => {
  let d: Opened;
  let before: string;
  beforeAll(async () => {
    d = await emptyDatabase();
    before = migrationsBefore(migrationTag('member_language'));
  });
  afterAll(async () => {
    await d?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('guesses from the nationality, then the Saudi phone; keeps a language set by hand', async () => {
    await d.migrate(before);
    // Accounts as the API wrote them before: language left at its default, 'en'.
    const old: [name: string, nationality: string | null, phone: string | null, guardian: string | null][] = [
      ['1 Saudi student', 'SA', '+966501234567', '+966509876543'],
      ['2 Egyptian coach abroad', 'EG', '+201001234567', null],
      ['3 Indian coach in Riyadh', 'IN', '+966501112222', null],
      ['4 British entity', 'GB', '+966112345678', null],
      ['5 No nationality, Saudi phone', null, '+966503334444', null],
      ['6 No nationality, only a guardian’s Saudi phone', '', null, '+966505556666'],
      ['7 No nationality, a foreign phone', null, '+447700900123', '+966505556666'],
      ['8 Nothing known (an old staff account)', null, null, null],
      ['9 Lower-case nationality', 'jo', null, null],
    ];
    for (const [name, nationality, phone, guardian] of old)
      await d.query(
        `INSERT INTO users (name, password_hash, nationality, phone_number, guardian_phone) VALUES ($1, 'x', $2, $3, $4)`,
        [name, nationality, phone, guardian],
      );
    // One someone set to Arabic by hand, and one with a value the platform never knew.
    await d.query(
      `INSERT INTO users (name, password_hash, nationality, language) VALUES ('10 Set by hand', 'x', 'IN', 'ar')`,
    );
    await d.query(
      `INSERT INTO users (name, password_hash, nationality, language) VALUES ('11 Unknown value', 'x', 'IN', 'fr')`,
    );

    await d.migrate(migrations);

    const rows = await d.db.select().from(users).orderBy(asc(users.name));
    expect(rows.map((u) => [u.name.split(' ')[0], u.language, u.languageChosen])).toEqual([
      ['1', 'ar', false],
      ['10', 'ar', true],
      ['11', 'en', false],
      ['2', 'ar', false],
      ['3', 'en', false],
      ['4', 'en', false],
      ['5', 'ar', false],
      ['6', 'ar', false],
      ['7', 'en', false],
      ['8', 'en', false],
      ['9', 'ar', false],
    ]);
    // The migration's SQL and the API's guess (accounts/language.ts) agree on every guessed row.
    for (const u of rows.filter((r) => !r.languageChosen))
      expect([u.name, guessLanguage(u)]).toEqual([u.name, u.language]);
  });
});
