import { eq } from 'drizzle-orm';
import { competitions, seasons, teamPeople, teams, users } from '../src/db/schema';
import { createUser, signIn, startTestApp, storedFiles, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the account page API', () => {
  it('reads and saves only the editable fields (no mass assignment)', async () => {
    const member = await createUser(t, {
      type: 0,
      education: { school_name: 'A', education_admin: 'Riyadh', level: 'Jonior', grade: '7' },
    });
    const token = await signIn(t, member);
    const me = await t.http.get('/api/accounts').set('Authorization', token);
    expect(me.body.user).toMatchObject({ _id: member.id, skilles: [] });

    const res = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({
        ...me.body.user,
        name: 'New Name',
        phone_number: '0551234567',
        gender: 'Female',
        // The grade sent back as it is (a new one is refused: corrections.spec.ts).
        education: { grade: '7', school_name: 'B', education_admin: 'None' },
        city: ' NONE ',
        type: 4,
        subcription: true,
        isVerified: false,
        end_date: '2099-01-01',
        email: 'other@example.com',
        national_id: '9999999999',
        _id: '00000000-0000-4000-8000-000000000000',
      });
    expect(res.status).toBe(200);
    // A new phone number waits for the code sent to it (security-accounts.spec.ts); the rest is saved.
    expect(res.body.message).toBe('A code was sent to the new phone number. Enter it to confirm the change.');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      name: 'New Name',
      phoneNumber: member.phoneNumber,
      gender: 'Female',
      type: 0,
      isVerified: true,
      email: member.email,
      nationalId: member.nationalId,
      endDate: null,
    });
    // The old contract's 'None' filler is taken as empty, never stored.
    expect(row.education).toEqual({ school_name: 'B', education_admin: '', level: 'Jonior', grade: '7' });
    expect(row.city).toBeNull();
  });

  it('refuses bad values with their messages', async () => {
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    const post = (body: object) => t.http.post('/api/accounts').set('Authorization', token).send(body);
    expect((await post({ phone_number: 'abc' })).body.message).toBe('Please enter a valid phone number');
    expect((await post({ gender: 'Robot' })).body.message).toBe('Please choose Male or Female.');
    expect((await post({ nationality: 'ZZ' })).body.message).toBe('Please choose a nationality from the list.');
    expect((await post({ name: '' })).status).toBe(400);
  });

  it('changes the password with the spec messages, then every session ends', async () => {
    const member = await createUser(t, { type: 1 });
    const token = await signIn(t, member);
    const change = (body: object) => t.http.post('/api/accounts/changepassword').set('Authorization', token).send(body);
    expect((await change({ npassword: 'a', cpassword: 'a' })).body.message).toBe('Please enter your current password.');
    expect(
      (await change({ password: member.password, npassword: 'New-pass-123', cpassword: 'New-pass-124' })).body.message,
    ).toBe('The passwords do not match.');
    expect(
      (await change({ password: 'wrong-one', npassword: 'New-pass-123', cpassword: 'New-pass-123' })).body.message,
    ).toBe('The current password is incorrect.');
    const ok = await change({ password: member.password, npassword: 'New-pass-123', cpassword: 'New-pass-123' });
    expect(ok.body).toEqual({ success: true, message: 'Password updated successfully!' });
    expect((await t.http.get('/api/accounts').set('Authorization', token)).status).toBe(401);
    await signIn(t, { ...member, password: 'New-pass-123' });
  });

  it('adds, renames and deletes skills; refuses empty names and a 31st skill; never touches another member', async () => {
    const a = await createUser(t, { type: 0 });
    const b = await createUser(t, { type: 0 });
    const ta = await signIn(t, a);
    const tb = await signIn(t, b);
    const added = await t.http.post('/api/skills/').set('Authorization', ta).send({ skillname: 'Python' });
    expect(added.body.skilles).toEqual([{ _id: expect.any(String), name: 'Python' }]);
    const id = added.body.skilles[0]._id;
    expect((await t.http.post('/api/skills/').set('Authorization', ta).send({ skillname: '  ' })).body.message).toBe(
      'Please enter a name.',
    );

    expect((await t.http.put('/api/skills/').set('Authorization', tb).send({ id, name: 'Hacked' })).status).toBe(404);
    expect((await t.http.delete('/api/skills/').query({ id }).set('Authorization', tb)).status).toBe(404);
    const renamed = await t.http.put('/api/skills/').set('Authorization', ta).send({ id, name: 'Robotics' });
    expect(renamed.body.skilles[0].name).toBe('Robotics');
    // A duplicate, whatever its case and spacing, is refused with a message; renaming to itself is not a duplicate.
    const twice = await t.http.post('/api/skills/').set('Authorization', ta).send({ skillname: '  ROBOTICS ' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('You already have a skill with this name.');
    const other = await t.http.post('/api/skills/').set('Authorization', ta).send({ skillname: 'Machine   learning' });
    expect(other.body.skilles.map((s: { name: string }) => s.name)).toEqual(['Robotics', 'Machine learning']);
    const clash = await t.http
      .put('/api/skills/')
      .set('Authorization', ta)
      .set('Accept-Language', 'ar')
      .send({ id: other.body.skilles[1]._id, name: 'robotics' });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('لديك مهارة بهذا الاسم بالفعل.');
    expect((await t.http.put('/api/skills/').set('Authorization', ta).send({ id, name: 'robotics' })).status).toBe(200);
    await t.http.delete('/api/skills/').query({ id: other.body.skilles[1]._id }).set('Authorization', ta);

    for (let i = 1; i < 30; i++)
      await t.http
        .post('/api/skills/')
        .set('Authorization', ta)
        .send({ skillname: `Skill ${i}` });
    const over = await t.http.post('/api/skills/').set('Authorization', ta).send({ skillname: 'One too many' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('You can add up to 30 skills.');

    const deleted = await t.http.delete('/api/skills/').query({ id }).set('Authorization', ta);
    expect(deleted.body.skilles).toHaveLength(29);
  });

  it('shows a public profile for students and coaches only', async () => {
    const coach = await createUser(t, { type: 1, name: 'Public Coach' });
    const entity = await createUser(t, { type: 2, nationalId: '0000000000' });
    const res = await t.http.post('/api/profile').send({ id: coach.id });
    expect(res.body.user).toEqual({ _id: coach.id, name: 'Public Coach', picture: null, type: 1, skilles: [] });
    expect((await t.http.post('/api/profile').send({ id: entity.id })).status).toBe(404);
    expect((await t.http.post('/api/profile').send({ id: 'nope' })).status).toBe(404);
  });

  it("answers 404 for a minor's public profile until the member turns it on, then shows only name, picture and achievements", async () => {
    const minor = await createUser(t, { type: 0, name: 'Young Member', dob: '2014-05-05' });
    const token = await signIn(t, minor);
    await t.http.post('/api/skills/').set('Authorization', token).send({ skillname: 'Robotics' });
    const [season] = await t.database.db.insert(seasons).values({ name: 'موسم', nameEn: 'Season' }).returning();
    const [comp] = await t.database.db.insert(competitions).values({ name: 'فئة', nameEn: 'Category' }).returning();
    const [team] = await t.database.db
      .insert(teams)
      .values({
        teamNo: `P-${minor.id.slice(0, 8)}`,
        seasonId: season.id,
        competitionId: comp.id,
        ranked: 2,
        score: '88',
      })
      .returning();
    await t.database.db.insert(teamPeople).values({ teamId: team.id, userId: minor.id, role: 'member' });

    const hidden = await t.http.post('/api/profile').send({ id: minor.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe((await t.http.post('/api/profile').send({ id: 'nope' })).body.message);
    const me = await t.http.get('/api/accounts').set('Authorization', token);
    expect(me.body.user).toMatchObject({ minor: true, public_profile: false });

    // The settings form posts the switch as a check box does.
    const on = await t.http.post('/api/accounts').set('Authorization', token).send({ public_profile: 'on' });
    expect(on.body.user).toMatchObject({ public_profile: true });
    const shown = await t.http.post('/api/profile').send({ id: minor.id });
    expect(shown.status).toBe(200);
    expect(shown.body.user).toEqual({
      _id: minor.id,
      name: 'Young Member',
      picture: null,
      achievements: [expect.objectContaining({ team_no: team.teamNo, ranked: 2, medal: 'Silver' })],
    });

    await t.http.post('/api/accounts').set('Authorization', token).send({ public_profile: false });
    expect((await t.http.post('/api/profile').send({ id: minor.id })).status).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, minor.id));
    expect(row.publicProfile).toBe(false);
  });

  it("shows an adult's public profile until the member turns it off", async () => {
    const adult = await createUser(t, { type: 0, name: 'Grown Member', dob: '1990-01-01' });
    expect((await t.http.post('/api/profile').send({ id: adult.id })).body.user).toEqual({
      _id: adult.id,
      name: 'Grown Member',
      picture: null,
      type: 0,
      skilles: [],
    });
    const token = await signIn(t, adult);
    const off = await t.http.post('/api/accounts').set('Authorization', token).send({ public_profile: 'false' });
    expect(off.body.user).toMatchObject({ minor: false, public_profile: false });
    expect((await t.http.post('/api/profile').send({ id: adult.id })).status).toBe(404);
    // A student whose birth date is unknown counts as a minor.
    const unknown = await createUser(t, { type: 0, dob: null });
    expect((await t.http.post('/api/profile').send({ id: unknown.id })).status).toBe(404);
  });

  it('keeps staff out of the member account routes', async () => {
    const sub = await createUser(t, { type: 5 });
    const res = await t.http.post('/api/admin-login').send({ national_id: sub.email, password: sub.password });
    expect((await t.http.get('/api/accounts').set('Authorization', res.headers.authorization)).status).toBe(403);
  });
});

describe('profile picture upload', () => {
  const png = () =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('sharp') as typeof import('sharp'))({
      create: { width: 800, height: 600, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();

  it('checks the bytes, re-encodes a square JPEG with a thumbnail, serves it, and removes the previous one', async () => {
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    const up = await t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .field('type', 'profile')
      .attach('file', await png(), 'me.jpeg');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'success', message: 'Profile picture updated successfully!' });
    const path: string = up.body.filename;
    expect(path).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.jpg$/);
    const name = path.split('/').pop()!;
    expect(await storedFiles(t, 'uploads/users')).toContain(name);
    expect(await storedFiles(t, 'uploads/users/thumbs')).toContain(name);
    const served = await t.http.get(path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row.picture).toBe(path);

    const again = await t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .attach('file', await png(), 'again.png');
    expect(again.status).toBe(200);
    expect(await storedFiles(t, 'uploads/users')).not.toContain(name);
    expect(await storedFiles(t, 'uploads/users/thumbs')).not.toContain(name);
  });

  it('refuses a text file named .png, an empty request and a file over 5 MB, leaving nothing behind', async () => {
    const member = await createUser(t, { type: 1 });
    const token = await signIn(t, member);
    const before = (await storedFiles(t, 'uploads/users')).length;
    const fake = await t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .attach('file', Buffer.from('<?php echo 1; ?>'), 'evil.png');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Please choose a JPG or PNG picture.');
    const none = await t.http.post('/api/profile/uploads/').set('Authorization', token).field('type', 'profile');
    expect(none.body.message).toBe('Please choose a file.');
    const big = await t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .attach('file', Buffer.alloc(6 * 1024 * 1024, 1), 'big.png');
    expect([big.status, big.body.message]).toEqual([413, 'The file is too large: the limit is 5 MB.']);
    const bigAr = await t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .attach('file', Buffer.alloc(6 * 1024 * 1024, 1), 'big.png');
    expect([bigAr.status, bigAr.body.message]).toEqual([413, 'الملف كبير جدًا: الحد الأقصى 5 ميغابايت.']);
    expect(await storedFiles(t, 'uploads/users')).toHaveLength(before);
    expect((await t.http.post('/api/profile/uploads/').attach('file', await png(), 'a.png')).status).toBe(401);
  });
});
