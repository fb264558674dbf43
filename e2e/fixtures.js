// Opens the journeys' database with the API's own code (migrations included) and adds the accounts
// the UI cannot create yet. Usage: node fixtures.js <postgres-url | pglite-folder>
const { join } = require('node:path');
const dist = join(__dirname, '..', 'api', 'dist');
const { openDatabase } = require(join(dist, 'core', 'database.js'));
const { hashPassword } = require(join(dist, 'auth', 'password.js'));
const { users } = require(join(dist, 'db', 'schema.js'));

async function main() {
  const database = await openDatabase(process.argv[2]);
  await database.db
    .insert(users)
    .values({
      name: 'Sami SubAdmin',
      email: 'sub@e2e.example',
      type: 5,
      isVerified: true,
      passwordHash: await hashPassword('Sub-admin-pass-1'),
    })
    .onConflictDoNothing();
  await database.close();
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
