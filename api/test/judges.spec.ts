import { eq } from 'drizzle-orm';
import { judgeApplications, users } from '../src/db/schema';
import { createUser, signIn, startTestApp, storedFiles, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const count = async () => (await storedFiles(t, 'private/cv')).length;

const apply = (token: string) =>
  t.http
    .post('/api/invest/registration')
    .set('Authorization', token)
    .field('organization_name', 'Riyadh Robotics Club')
    .field('city', 'Riyadh')
    .field('apply_as', 'Judge')
    .field('pexperince', 'yes')
    .field('total_files', '2');

describe('judge and referee applications (POST /api/invest/registration)', () => {
  it('saves the application with its PDF CVs, outside the public uploads, and refuses a second while pending', async () => {
    const member = await createUser(t, { type: 1, dob: '1985-06-01' });
    const token = await signIn(t, member);
    const res = await apply(token).attach('file_0', pdf, 'cv.pdf').attach('file_1', pdf, 'cv2.pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, msg: 'Registration request submitted successfully!' });
    const [app] = await t.database.db.select().from(judgeApplications).where(eq(judgeApplications.userId, member.id));
    expect(app).toMatchObject({
      organizationName: 'Riyadh Robotics Club',
      applyAs: 'Judge',
      previousExperience: 'yes',
      status: 'pending',
    });
    expect(app.certificates).toHaveLength(2);
    expect(app.certificates[0].path).toMatch(/^\/uploads\/cv\/.+\.pdf$/);
    expect((await t.http.get(app.certificates[0].path)).status).toBe(404);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(user.applyAs).toBe('Judge');

    const again = await apply(token).attach('file_0', pdf, 'cv.pdf');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your application is already under review.');
  });

  it('refuses a PNG renamed .pdf, missing fields and missing files, and leaves no file behind', async () => {
    const member = await createUser(t, { type: 0, dob: '2001-02-03' });
    const token = await signIn(t, member);
    const before = await count();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const fake = await apply(token).attach('file_0', pdf, 'ok.pdf').attach('file_1', png, 'cv.pdf');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('CV files must be PDF documents.');
    const missing = await t.http
      .post('/api/invest/registration')
      .set('Authorization', token)
      .field('city', 'Riyadh')
      .attach('file_0', pdf, 'cv.pdf');
    expect(missing.body.message).toBe('Please fill in the form.');
    const noFiles = await apply(token);
    expect(noFiles.body.message).toBe('Please choose a file.');
    expect(await count()).toBe(before);
    expect(
      await t.database.db.select().from(judgeApplications).where(eq(judgeApplications.userId, member.id)),
    ).toHaveLength(0);
  });

  it('refuses entities, minors and members without a birth date (403, nothing kept) and says so in the user view', async () => {
    const before = await count();
    const adult = await createUser(t, { type: 0, dob: '1999-01-01' });
    const minor = await createUser(t, { type: 0, dob: `${new Date().getUTCFullYear() - 15}-01-01` });
    const entity = await createUser(t, { type: 2, nationalId: '0000000000' });
    const unknown = await createUser(t, { type: 1 });
    for (const member of [minor, entity, unknown]) {
      const token = await signIn(t, member);
      const me = await t.http.post('/api/getuser').set('Authorization', token);
      expect(me.body.user.canApplyAsJudge).toBe(false);
      const res = await apply(token).set('Accept-Language', 'ar').attach('file_0', pdf, 'cv.pdf');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('التقدّم للتحكيم متاح للأعضاء البالغين (18 عامًا فأكثر) فقط.');
      const [user] = await t.database.db.select().from(users).where(eq(users.id, member.id));
      expect(user.applyAs).not.toBe('Judge');
    }
    const english = await apply(await signIn(t, minor)).attach('file_0', pdf, 'cv.pdf');
    expect(english.body.message).toBe('Only adult members (18 or older) may apply as a judge or referee.');
    const me = await t.http.post('/api/getuser').set('Authorization', await signIn(t, adult));
    expect(me.body.user.canApplyAsJudge).toBe(true);
    expect(await count()).toBe(before);
    expect(await t.database.db.select().from(judgeApplications)).toHaveLength(1);
  });
});
