import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type * as Jose from 'jose' with { 'resolution-mode': 'import' };
import Papa from 'papaparse';
import type request from 'supertest';
import sharp from 'sharp';
import { CertificateIssueService } from '../src/certificates/issue.service';
import { UploadStore } from '../src/media/upload-store';
import { auditLog, certificates, competitions, outbox, rateLimits, seasons, teamPeople, teams } from '../src/db/schema';
import { adminToken, createUser, signIn, startTestApp, type TestApp } from './harness';
import { pdfText, qrOfPdf } from './pdf-text';
import { downloadCsv } from './spreadsheet';

// jose is an ES module (jest compiles it to CommonJS: jest.config.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createLocalJWKSet, jwtVerify } = require('jose') as typeof Jose;
const PLAN = { subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' };

/** supertest's parser that keeps a body as bytes. */
const binary = (res: request.Response, done: (err: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

let t: TestApp;
let admin: string;
let issuing: CertificateIssueService;
const ids = { season: '', comp: '', other: '', teamA: '', teamB: '' };
type Person = Awaited<ReturnType<typeof createUser>>;
let sara: Person; // Arabic-speaking student, team A (ranked 1)
let omar: Person; // English-speaking student, team A
let coach: Person; // coach of team A and team B
let lina: Person; // team B (no rank)
let rami: Person; // team B
let waiting: Person; // only in a submitted (not approved) team
let declined: Person; // declined team A's invitation
let judge: Person;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  issuing = t.app.get(CertificateIssueService);
  const db = t.database.db;
  const [season] = await db.insert(seasons).values({ name: 'موسم ٢٠٢٦', nameEn: 'Season 2026' }).returning();
  const [comp, other] = await db
    .insert(competitions)
    .values([
      { name: 'المهمة الآلية', nameEn: 'RoboMission' },
      { name: 'المستقبل', nameEn: 'Future Innovators' },
    ])
    .returning();
  Object.assign(ids, { season: season.id, comp: comp.id, other: other.id });
  sara = await createUser(t, { name: 'سارة عبدالله القحطاني', language: 'ar', phoneNumber: '+966500000101' });
  omar = await createUser(t, { name: 'Omar Haddad', language: 'en', phoneNumber: '+966500000102' });
  coach = await createUser(t, { name: 'Coach Fahad', type: 1, ...PLAN, language: 'en', phoneNumber: '+966500000103' });
  lina = await createUser(t, { name: 'لينا', language: 'ar', phoneNumber: '+966500000104' });
  rami = await createUser(t, { name: 'Rami', language: 'en', phoneNumber: '+966500000105' });
  waiting = await createUser(t, { name: 'Waiting', language: 'en', phoneNumber: '+966500000106' });
  declined = await createUser(t, { name: 'Declined', language: 'en', phoneNumber: '+966500000107' });
  judge = await createUser(t, { name: 'Judge Noura', language: 'en', phoneNumber: '+966500000108' });
  const team = async (no: string, state: 'approved' | 'submitted', ranked: number | null, competitionId = comp.id) => {
    const [row] = await db
      .insert(teams)
      .values({
        teamNo: no,
        name: `Team ${no}`,
        seasonId: season.id,
        competitionId,
        state,
        ranked,
        score: ranked ? '90' : null,
      })
      .returning();
    return row.id;
  };
  ids.teamA = await team('A-1', 'approved', 1);
  ids.teamB = await team('B-2', 'approved', null);
  const teamC = await team('C-3', 'submitted', 2);
  const teamD = await team('D-4', 'approved', 1, other.id);
  const person = (
    teamId: string,
    userId: string,
    role: 'member' | 'coach',
    state: 'accepted' | 'declined' = 'accepted',
  ) => ({
    teamId,
    userId,
    role,
    state,
    seasonId: season.id,
    competitionId: teamId === teamD ? other.id : comp.id,
  });
  await db
    .insert(teamPeople)
    .values([
      person(ids.teamA, sara.id, 'member'),
      person(ids.teamA, omar.id, 'member'),
      person(ids.teamA, coach.id, 'coach'),
      person(ids.teamA, declined.id, 'member', 'declined'),
      person(ids.teamB, lina.id, 'member'),
      person(ids.teamB, rami.id, 'member'),
      person(ids.teamB, coach.id, 'coach'),
      person(teamC, waiting.id, 'member'),
      person(teamD, waiting.id, 'member'),
    ]);
});
afterAll(() => t.close());

const mine = (userId: string) => t.database.db.select().from(certificates).where(eq(certificates.userId, userId));

describe('certificates (issue 33)', () => {
  it("bulk issue: participation for every member and coach of the competition's approved teams, ranks from `ranked`, in batches, once", async () => {
    const started = await t.http
      .post('/api/admin/certificates/issue')
      .set('Authorization', admin)
      .send({ season_id: ids.season, competition_id: ids.comp });
    expect(started.status).toBe(202);
    // Team A: 3 people + 3 first-place certificates; team B: 3 people (the coach is in both teams).
    expect(started.body).toMatchObject({ state: 'running', total: 9, done: 0, issued: 0, message: expect.any(String) });
    // Batches of 2 people: the progress moves step by step.
    expect(await issuing.runStep(2)).toBeGreaterThan(0);
    const half = await t.http.get(`/api/admin/certificates/runs/${started.body.id}`).set('Authorization', admin);
    expect(half.body).toMatchObject({ state: 'running', total: 9 });
    expect(half.body.done).toBeGreaterThan(0);
    expect(half.body.done).toBeLessThan(9);
    await issuing.runDue(2);
    const finished = await t.http.get(`/api/admin/certificates/runs/${started.body.id}`).set('Authorization', admin);
    // The coach's participation counts once: the second team finds it issued.
    expect(finished.body).toMatchObject({
      state: 'done',
      total: 9,
      done: 9,
      issued: 8,
      finished_at: expect.any(String),
    });

    expect((await mine(sara.id)).map((c) => c.kind).sort()).toEqual(['participation', 'rank1']);
    expect((await mine(omar.id)).map((c) => c.kind).sort()).toEqual(['participation', 'rank1']);
    expect((await mine(coach.id)).map((c) => c.kind).sort()).toEqual(['participation', 'rank1']);
    expect((await mine(lina.id)).map((c) => c.kind)).toEqual(['participation']);
    expect((await mine(rami.id)).map((c) => c.kind)).toEqual(['participation']);
    expect(await mine(waiting.id)).toEqual([]);
    expect(await mine(declined.id)).toEqual([]);
    const [saraRank] = (await mine(sara.id)).filter((c) => c.kind === 'rank1');
    expect(saraRank).toMatchObject({
      name: 'المركز الأول — المهمة الآلية',
      nameEn: 'First Place — RoboMission',
      seasonId: ids.season,
      competitionId: ids.comp,
      teamId: ids.teamA,
      state: 'valid',
      issuedByName: expect.any(String),
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/),
    });
    // Each holder is told in their language, through the outbox, in the issuing transaction.
    const notices = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'certificate_ready'));
    expect(notices).toHaveLength(8);
    const toSara = notices.filter((n) => n.userId === sara.id);
    expect(toSara.every((n) => n.lang === 'ar')).toBe(true);
    // The run is audited.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'issue'), eq(auditLog.recordId, started.body.id)));
    expect(entry).toMatchObject({ resource: 'certificates', after: { total: 9 } });

    // Issued twice: nothing new, no new notice.
    const again = await t.http
      .post('/api/admin/certificates/issue')
      .set('Authorization', admin)
      .send({ season_id: ids.season, competition_id: ids.comp });
    expect(again.status).toBe(202);
    expect(await issuing.runDue()).toBe(0);
    const second = await t.http.get(`/api/admin/certificates/runs/${again.body.id}`).set('Authorization', admin);
    expect(second.body).toMatchObject({ state: 'done', issued: 0, done: 9 });
    const all = await t.database.db.select().from(certificates).where(eq(certificates.competitionId, ids.comp));
    expect(all).toHaveLength(8);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'certificate_ready'))).toHaveLength(8);
  });

  it('refuses a bulk issue with a clear message: no competition, a competition without approved teams, a sub-admin', async () => {
    const none = await t.http
      .post('/api/admin/certificates/issue')
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ season_id: ids.season });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('اختر الموسم والمسابقة.');
    const [empty] = await t.database.db.insert(competitions).values({ name: 'فارغة', nameEn: 'Empty' }).returning();
    const nothing = await t.http
      .post('/api/admin/certificates/issue')
      .set('Authorization', admin)
      .send({ season_id: ids.season, competition_id: empty.id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('This competition has no approved team in this season.');
    const sub = await createUser(t, { type: 5, email: 'sub.certs@test.example', password: 'Admin-pass-123' });
    const subToken = await adminToken(t, sub.email!, 'Admin-pass-123');
    const refused = await t.http
      .post('/api/admin/certificates/issue')
      .set('Authorization', subToken)
      .send({ season_id: ids.season, competition_id: ids.comp });
    expect(refused.status).toBe(403);
  });

  it('verification: valid, with the public facts only; codes typed in lower case or with a dash; unknown is a 404', async () => {
    const [c] = (await mine(sara.id)).filter((x) => x.kind === 'rank1');
    const res = await t.http.get(`/api/certificates/verify/${c.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      revoked: false,
      revoked_reason: null,
      code: c.code,
      holder: 'سارة عبدالله القحطاني',
      title: 'المركز الأول — المهمة الآلية',
      title_en: 'First Place — RoboMission',
      competition: { name: 'المهمة الآلية', name_en: 'RoboMission' },
      season: { name: 'موسم ٢٠٢٦', name_en: 'Season 2026' },
      issued_on: c.issuedOn,
      issuer: { name: t.config.certificates.issuer.name, name_en: t.config.certificates.issuer.nameEn },
    });
    expect(JSON.stringify(res.body)).not.toContain(sara.nationalId!);
    const typed = `${c.code!.slice(0, 5).toLowerCase()}-${c.code!.slice(5)}`;
    expect((await t.http.get(`/api/certificates/verify/${typed}`)).body.code).toBe(c.code);
    const unknown = await t.http.get('/api/certificates/verify/ZZZZZZZZZZ').set('Accept-Language', 'en');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No certificate has this code. Check the code printed on the certificate.');
    expect((await t.http.get('/api/certificates/verify/not-a-code')).status).toBe(404);
  });

  it("the PDF: holder and staff only, in the holder's language by default, Arabic joined, the QR leading to the verification page", async () => {
    const [c] = (await mine(sara.id)).filter((x) => x.kind === 'rank1');
    const saraToken = await signIn(t, sara);
    const ar = await t.http
      .get(`/api/certificates/${c.id}/pdf`)
      .set('Authorization', saraToken)
      .buffer(true)
      .parse(binary);
    expect(ar.status).toBe(200);
    expect(ar.headers['content-type']).toBe('application/pdf');
    expect(ar.headers['content-disposition']).toContain(`certificate-${c.code}-ar.pdf`);
    // pdftotext gives Arabic in reading order; a lam-alef ligature comes back split oddly, so words without one.
    const arText = (await pdfText(ar.body as Buffer))
      .normalize('NFKC')
      .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
    for (const word of ['سارة', 'القحطاني', 'المركز', 'موسم', '٢٠٢٦', 'Team A-1']) expect(arText).toContain(word);
    expect(arText).not.toContain('٦٢٠٢'); // Arabic-Indic digits in their order
    expect(arText).toContain(`${c.code!.slice(0, 5)}-${c.code!.slice(5)}`);
    const keep = process.env.CERTIFICATE_PNG_DIR;
    expect(await qrOfPdf(ar.body as Buffer, { dpi: 110, keep: keep && join(keep, 'certificate-ar.png') })).toBe(
      `${t.config.memberUrl}/verify/${c.code}`,
    );
    const en = await t.http
      .get(`/api/certificates/${c.id}/pdf?lang=en`)
      .set('Authorization', saraToken)
      .buffer(true)
      .parse(binary);
    expect(en.status).toBe(200);
    const enText = await pdfText(en.body as Buffer);
    expect(enText).toContain('First Place');
    expect(enText).toContain('This certificate is presented to');
    expect(await qrOfPdf(en.body as Buffer, { dpi: 110, keep: keep && join(keep, 'certificate-en.png') })).toBe(
      `${t.config.memberUrl}/verify/${c.code}`,
    );
    // Another member: as if it did not exist.
    const omarToken = await signIn(t, omar);
    const other = await t.http.get(`/api/certificates/${c.id}/pdf`).set('Authorization', omarToken);
    expect(other.status).toBe(404);
    // No one signed in: refused.
    expect((await t.http.get(`/api/certificates/${c.id}/pdf`)).status).toBe(401);
    // Staff: yes.
    const staff = await t.http
      .get(`/api/certificates/${c.id}/pdf`)
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary);
    expect(staff.status).toBe(200);
    // The member's list offers the download and the code.
    const list = await t.http.get('/api/certificates').set('Authorization', saraToken);
    expect(list.body.certificates).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: c.id, code: c.code, state: 'valid', download: true })]),
    );
  });

  it('the Open Badges 3.0 credential is signed with the key published as JWKS, and says the same facts', async () => {
    const [c] = (await mine(omar.id)).filter((x) => x.kind === 'participation');
    const jwks = await t.http.get('/api/certificates/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toEqual([
      expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String) }),
    ]);
    expect(jwks.body.keys[0].d).toBeUndefined();
    const res = await t.http.get(`/api/certificates/verify/${c.code}/credential`);
    expect(res.status).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(res.body.jwt, createLocalJWKSet(jwks.body), {
      issuer: `${t.config.publicUrl}/api/certificates/issuer`,
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: jwks.body.keys[0].kid });
    expect(payload).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: `${t.config.memberUrl}/verify/${c.code}`,
      jti: `${t.config.memberUrl}/verify/${c.code}`,
      name: 'Certificate of Participation — RoboMission',
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityHash: 'Omar Haddad', identityType: 'name', hashed: false }],
        achievement: { type: ['Achievement'], name: 'Certificate of Participation — RoboMission' },
      },
    });
    expect(res.body.credential).toEqual(expect.objectContaining({ id: payload.id, validFrom: payload.validFrom }));
    // A token changed by one character no longer checks.
    const [h, p, s] = (res.body.jwt as string).split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, name: 'First Place' })).toString('base64url')}.${s}`;
    expect(p).not.toBe(forged.split('.')[1]);
    await expect(jwtVerify(forged, createLocalJWKSet(jwks.body))).rejects.toThrow();
  });

  it('revoke: a reason is required, it stays listed as revoked, the verification says so, audited', async () => {
    const [c] = (await mine(omar.id)).filter((x) => x.kind === 'rank1');
    const bare = await t.http
      .post(`/api/admin/certificates/${c.id}/revoke`)
      .set('Authorization', admin)
      .send({ reason: '  ' });
    expect(bare.status).toBe(400);
    const done = await t.http
      .post(`/api/admin/certificates/${c.id}/revoke`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ reason: 'Result corrected' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      message: 'تم إلغاء الشهادة.',
      record: { state: 'revoked', revoked_reason: 'Result corrected' },
    });
    const verify = await t.http.get(`/api/certificates/verify/${c.code}`);
    expect(verify.body).toMatchObject({
      valid: false,
      revoked: true,
      revoked_reason: 'Result corrected',
      holder: 'Omar Haddad',
    });
    const twice = await t.http
      .post(`/api/admin/certificates/${c.id}/revoke`)
      .set('Authorization', admin)
      .send({ reason: 'again' });
    expect(twice.status).toBe(409);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'revoke'), eq(auditLog.recordId, c.id)));
    expect(entry).toMatchObject({ resource: 'certificates', after: { state: 'revoked', reason: 'Result corrected' } });
    // Still in the staff list, filtered by state.
    const list = await t.http
      .get('/api/admin/certificates')
      .query({ filter: JSON.stringify({ state: 'revoked', competition: ids.comp }) })
      .set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });

  it('one by one: a judge, once; a special award needs its name in both languages', async () => {
    const body = { user_id: judge.id, kind: 'judge', season_id: ids.season, competition_id: ids.comp };
    const first = await t.http.post('/api/admin/certificates/single').set('Authorization', admin).send(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'judge',
      name_en: 'Certificate of Appreciation: Judge — RoboMission',
      state: 'valid',
    });
    // Without a team, the built-in wording does not name one.
    const judgePdf = await t.http
      .get(`/api/certificates/${first.body.id}/pdf?lang=en`)
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary);
    expect((await pdfText(judgePdf.body as Buffer)).replace(/\s+/g, ' ')).toContain(
      'In recognition of contributing to RoboMission in Season 2026: Certificate of Appreciation: Judge.',
    );
    const twice = await t.http.post('/api/admin/certificates/single').set('Authorization', admin).send(body);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This member already has this certificate for this competition.');
    const noName = await t.http
      .post('/api/admin/certificates/single')
      .set('Authorization', admin)
      .send({ ...body, user_id: lina.id, kind: 'award', award: 'أفضل تصميم' });
    expect(noName.status).toBe(400);
    const award = await t.http
      .post('/api/admin/certificates/single')
      .set('Authorization', admin)
      .send({
        ...body,
        user_id: lina.id,
        kind: 'award',
        award: 'أفضل تصميم',
        award_en: 'Best Design',
        team_id: ids.teamB,
      });
    expect(award.status).toBe(201);
    expect(award.body).toMatchObject({
      name: 'أفضل تصميم — المهمة الآلية',
      name_en: 'Best Design — RoboMission',
      team_id: ids.teamB,
    });
    // A competition certificates name cannot be deleted: a clear 409, not a database error.
    const [judged] = await t.database.db
      .insert(competitions)
      .values({ name: 'تحكيم', nameEn: 'Judging only' })
      .returning();
    await t.http
      .post('/api/admin/certificates/single')
      .set('Authorization', admin)
      .send({ ...body, competition_id: judged.id })
      .expect(201);
    const removed = await t.http.delete(`/api/admin/competitions/${judged.id}`).set('Authorization', admin);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('Certificates were issued for it: it cannot be deleted.');
    const badKind = await t.http
      .post('/api/admin/certificates/single')
      .set('Authorization', admin)
      .send({ ...body, kind: 'legacy' });
    expect(badKind.status).toBe(400);
  });

  it('the staff list exports as CSV with its filters, in both languages', async () => {
    const csv = await downloadCsv(
      t,
      admin,
      '/api/admin/certificates/export',
      { competition: ids.comp, kind: 'rank1' },
      'ar',
    );
    expect(csv.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((csv.body as string).slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual([
      'الرمز',
      'صاحب الشهادة',
      'الشهادة',
      'النوع',
      'الحالة',
      'سبب الإلغاء',
      'تاريخ الإصدار',
      'أصدرها',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[4]).sort()).toEqual(['سارية', 'سارية', 'ملغاة']);
  });

  it('templates: one per competition or the default, pictures only from the media library; a preview PDF with sample data', async () => {
    const made = await t.http
      .post('/api/admin/certificate-templates')
      .set('Authorization', admin)
      .send({
        competition_id: null,
        wording_ar: 'تشهد {season} بأن {name} من فريق {team} نال {award} في {competition}.',
        wording_en: '{name} of team {team} earned {award} in {competition}, {season}.',
        signatures: [{ name: 'د. خالد', name_en: 'Dr Khalid', role: 'رئيس الاتحاد', role_en: 'President' }],
      });
    expect(made.status).toBe(201);
    const dup = await t.http
      .post('/api/admin/certificate-templates')
      .set('Authorization', admin)
      .send({ wording_ar: 'x', wording_en: 'y' });
    expect(dup.status).toBe(409);
    const badPicture = await t.http
      .post('/api/admin/certificate-templates')
      .set('Authorization', admin)
      .send({ competition_id: ids.other, wording_ar: 'x', wording_en: 'y', background: 'https://evil.example/x.png' });
    expect(badPicture.status).toBe(400);
    // The certificates now read the default template's wording.
    const [c] = (await mine(lina.id)).filter((x) => x.kind === 'participation');
    const pdf = await t.http
      .get(`/api/certificates/${c.id}/pdf?lang=en`)
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain('of team Team B-2 earned Certificate of Participation in RoboMission, Season 2026.');
    expect(text).toContain('Dr Khalid');
    const preview = await t.http
      .post('/api/admin/certificate-templates/preview')
      .set('Authorization', admin)
      .send({ lang: 'ar', wording_ar: 'نص {name}', wording_en: 'Text {name}' })
      .buffer(true)
      .parse(binary);
    expect(preview.status).toBe(200);
    expect(await pdfText(preview.body as Buffer)).toContain('نص سارة');
  });

  it("a competition's own template: its background and signature pictures from the library are drawn, the QR still reads", async () => {
    const uploads = t.app.get(UploadStore);
    // A pale background with a border, and a signature: pictures as staff put them in the media library.
    const border =
      '<svg width="1400" height="990"><rect x="30" y="30" width="1340" height="930" fill="none" stroke="#9a7b2f" stroke-width="24"/></svg>';
    const background = await sharp({ create: { width: 1400, height: 990, channels: 3, background: '#f3ead2' } })
      .composite([{ input: Buffer.from(border) }])
      .png()
      .toBuffer();
    const stroke =
      '<svg width="300" height="120"><path d="M10 90 C 80 10, 120 110, 290 30" stroke="#1b2a6b" stroke-width="6" fill="none"/></svg>';
    const signature = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: Buffer.from(stroke) }])
      .png()
      .toBuffer();
    const bg = await uploads.save('imgvgallery', '.png', background);
    const sig = await uploads.save('imgvgallery', '.png', signature);
    const made = await t.http
      .post('/api/admin/certificate-templates')
      .set('Authorization', admin)
      .send({
        competition_id: ids.comp,
        background: bg,
        wording_ar: 'تشهد اللجنة بأن {name} من فريق {team} حصل على {award} في {competition}، {season}.',
        wording_en: 'The committee certifies that {name} of team {team} won {award} in {competition}, {season}.',
        signatures: [
          {
            image: sig,
            name: 'د. خالد الحربي',
            name_en: 'Dr Khalid Alharbi',
            role: 'رئيس الاتحاد',
            role_en: 'President',
          },
          { name: 'م. نورة السبيعي', name_en: 'Eng. Noura Alsubaie', role: 'رئيسة الحكام', role_en: 'Head Judge' },
        ],
      });
    expect(made.status).toBe(201);
    const [c] = (await mine(sara.id)).filter((x) => x.kind === 'participation');
    const keep = process.env.CERTIFICATE_PNG_DIR;
    for (const lang of ['ar', 'en'] as const) {
      const pdf = await t.http
        .get(`/api/certificates/${c.id}/pdf?lang=${lang}`)
        .set('Authorization', admin)
        .buffer(true)
        .parse(binary);
      expect(pdf.status).toBe(200);
      const text = (await pdfText(pdf.body as Buffer)).replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
      expect(text).toContain(lang === 'ar' ? 'تشهد' : 'The committee certifies that');
      expect(text).toContain(lang === 'ar' ? 'رئيسة الحكام' : 'Head Judge');
      expect(
        await qrOfPdf(pdf.body as Buffer, { dpi: 110, keep: keep && join(keep, `certificate-template-${lang}.png`) }),
      ).toBe(`${t.config.memberUrl}/verify/${c.code}`);
    }
  });

  it("verification is rate limited per address: 60 a minute, then a 429 in the asker's language", async () => {
    // The count starts here (the counters of the earlier tests removed), so no clock decides the outcome.
    await t.database.db.delete(rateLimits);
    const [c] = await mine(rami.id);
    for (let i = 0; i < 60; i++) expect((await t.http.get(`/api/certificates/verify/${c.code}`)).status).toBe(200);
    const refused = await t.http.get(`/api/certificates/verify/${c.code}`).set('Accept-Language', 'ar');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.');
    await t.database.db.delete(rateLimits);
  });
});
