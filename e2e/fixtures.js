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
  // Minor students who read Arabic and English, with their guardians' phones (the broadcast journey:
  // each guardian is told in the child's language; the certificates journey has the third to itself,
  // as files run side by side). Accounts the sign-up cannot make yet with a language of their own.
  const studentHash = await hashPassword('Member-pass-1');
  const student = (n, name, language) => ({
    name,
    nationalId: `100000030${n}`,
    email: `student${n}@e2e.example`,
    phoneNumber: `+96650000030${n}`,
    guardianName: `Guardian ${n}`,
    guardianPhone: `+96650000031${n}`,
    dob: '2012-04-01',
    education: { school_name: 'Riyadh School', education_admin: '', level: 'Jonior', grade: '7' },
    type: 0,
    language,
    subscription: true,
    isVerified: true,
    termsAcceptedAt: new Date(),
    guardianConsentAt: new Date(),
    passwordHash: studentHash,
  });
  await database.db
    .insert(users)
    .values([student(1, 'ريم العتيبي', 'ar'), student(2, 'Noah Harris', 'en'), student(3, 'هند الشمري', 'ar')])
    .onConflictDoNothing();
  await database.close();
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
