import { eq } from 'drizzle-orm';
import { certificates, research } from '../src/db/schema';
import { sniff } from '../src/media/sniff';
import { createUser, signIn, startTestApp, storedFiles, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A minimal .docx: a zip whose first entry is [Content_Types].xml, then word/document.xml. */
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml<Types/>'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('word/document.xml<w:document/>'),
]);
const researchFiles = () => storedFiles(t, 'private/research');

describe('file types by their bytes', () => {
  it('accepts a file only when its bytes fit the extension it claims', () => {
    const allowed = ['pdf', 'docx', 'zip', 'png'];
    expect(sniff('paper.PDF', PDF, allowed)).toBe('pdf');
    expect(sniff('paper.docx', DOCX, allowed)).toBe('docx');
    expect(sniff('archive.zip', DOCX, allowed)).toBe('zip');
    expect(sniff('picture.pdf', PNG, allowed)).toBeNull();
    expect(sniff('page.png', Buffer.from('<html><script>alert(1)</script></html>'), allowed)).toBeNull();
    expect(sniff('paper.docx', PDF, allowed)).toBeNull();
    expect(sniff('paper.exe', PDF, allowed)).toBeNull();
    expect(sniff('noextension', PDF, allowed)).toBeNull();
  });
});

describe('research', () => {
  it('saves an entry with its file, lists it, downloads it for its owner only, deletes it', async () => {
    const owner = await createUser(t, { type: 0 });
    const other = await createUser(t, { type: 1 });
    const token = await signIn(t, owner);
    const otherToken = await signIn(t, other);

    const saved = await t.http
      .post('/api/research')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .field('title', 'روبوت يفرز النفايات')
      .field('desc', 'وصف البحث')
      .attach('file', DOCX, 'بحث.docx');
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('تم حفظ البحث بنجاح!');
    expect(saved.body.research).toMatchObject({
      title: 'روبوت يفرز النفايات',
      file: { name: 'بحث.docx', type: 'docx' },
    });
    const [row] = await t.database.db.select().from(research).where(eq(research.userId, owner.id));
    expect(row.file.path).toMatch(/^\/uploads\/research\/[0-9a-f-]+\.docx$/);
    expect(await researchFiles()).toHaveLength(1);

    const list = await t.http.get('/api/research').set('Authorization', token);
    expect(list.body.research).toHaveLength(1);
    expect((await t.http.get('/api/research').set('Authorization', otherToken)).body.research).toEqual([]);

    const id = saved.body.research._id;
    const file = await t.http.get(`/api/research/${id}/file`).set('Authorization', token).responseType('blob');
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(Buffer.compare(file.body as Buffer, DOCX)).toBe(0);
    // Member B can neither read nor delete member A's research; the file is not public either.
    expect((await t.http.get(`/api/research/${id}/file`).set('Authorization', otherToken)).status).toBe(404);
    expect((await t.http.delete(`/api/research/${id}`).set('Authorization', otherToken)).status).toBe(404);
    expect((await t.http.get(`/api/research/${id}/file`)).status).toBe(401);
    expect((await t.http.get(row.file.path)).status).toBe(404);

    const deleted = await t.http.delete(`/api/research/${id}`).set('Authorization', token);
    expect(deleted.body).toMatchObject({ success: true, message: 'Deleted successfully!' });
    expect(await t.database.db.select().from(research).where(eq(research.userId, owner.id))).toEqual([]);
    expect(await researchFiles()).toHaveLength(0);
  });

  it('refuses a missing title or file, a renamed file, an oversized file, and keeps nothing', async () => {
    const member = await createUser(t, { type: 0 });
    const token = await signIn(t, member);
    const post = () => t.http.post('/api/research').set('Authorization', token);
    const before = (await researchFiles()).length;

    const noTitle = await post().field('title', '  ').attach('file', PDF, 'a.pdf');
    expect([noTitle.status, noTitle.body.message]).toEqual([400, 'Please enter a title and choose a file.']);
    const noFile = await post().field('title', 'T');
    expect([noFile.status, noFile.body.message]).toEqual([400, 'Please choose a file.']);
    const renamed = await post().field('title', 'T').attach('file', PNG, 'paper.pdf');
    expect([renamed.status, renamed.body.message]).toEqual([
      400,
      'Please choose a PDF, Word, PowerPoint, Excel or ZIP file.',
    ]);
    const html = await post().field('title', 'T').attach('file', Buffer.from('<script>x</script>'), 'x.html');
    expect(html.status).toBe(400);
    const big = await post()
      .field('title', 'T')
      .attach('file', Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]), 'big.pdf');
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);

    expect(await t.database.db.select().from(research).where(eq(research.userId, member.id))).toEqual([]);
    expect((await researchFiles()).length).toBe(before);
    expect((await t.http.delete('/api/research/not-a-uuid').set('Authorization', token)).status).toBe(404);
  });
});

describe('certificates', () => {
  it("lists the member's own certificates only", async () => {
    const member = await createUser(t, { type: 0 });
    const other = await createUser(t, { type: 0 });
    await t.database.db.insert(certificates).values([
      { userId: member.id, name: 'شهادة', nameEn: 'Certificate', issuedOn: '2026-01-02' },
      { userId: other.id, name: 'أخرى', nameEn: 'Other', issuedOn: '2026-01-03' },
    ]);
    const res = await t.http.get('/api/certificates').set('Authorization', await signIn(t, member));
    expect(res.body).toEqual({
      success: true,
      certificates: [
        // A row from before issue 33 (no kind, no code): listed, valid, nothing to draw.
        {
          _id: expect.any(String),
          name: 'شهادة',
          name_en: 'Certificate',
          date: '2026-01-02',
          file: null,
          code: null,
          state: 'valid',
          download: false,
        },
      ],
    });
    expect((await t.http.get('/api/certificates')).status).toBe(401);
  });
});
