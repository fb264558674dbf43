import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig, ConfigError } from '../src/core/config';
import { research } from '../src/db/schema';
import { copyUploads } from '../src/media/copy-uploads';
import { FileStore, LocalFileStore, S3FileStore } from '../src/media/file-store';
import { adminToken, createUser, signIn, startTestApp, storedFiles, type TestApp } from './harness';
import { startS3Server } from './s3-server';

const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};
const keys = async (store: FileStore, prefix: string) => {
  const out: string[] = [];
  for await (const { key } of store.list(prefix)) out.push(key);
  return out.sort();
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml<Types/>'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('word/document.xml<w:document/>'),
]);

describe('S3 settings', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'uploads',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  const dir = mkdtempSync(join(tmpdir(), 'storage-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', ...env });

  it('uses the local disk without them, the bucket with all five, and names what is missing or wrong', () => {
    expect(load({}).storage.s3).toBeUndefined();
    expect(load({ ...s3, S3_FORCE_PATH_STYLE: '1' }).storage.s3).toMatchObject({
      bucket: 'uploads',
      forcePathStyle: true,
    });
    expect(() => load({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_ENDPOINT is given'),
    );
    expect(() => load({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => load({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(() => load({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe.each(['local', 's3'] as const)('the file store on %s', (kind) => {
  let dir: string;
  let store: FileStore;
  let close = async () => {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storage-'));
    if (kind === 'local') store = new LocalFileStore(dir);
    else {
      const s3 = await startS3Server(join(dir, 's3'));
      store = new S3FileStore(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', ...s3.env }).storage.s3!);
      close = s3.close;
    }
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts bytes and files, streams them back with size and type, lists, deletes', async () => {
    await store.put('uploads/users/a.jpg', Buffer.from('picture'));
    const temp = join(dir, 'upload.tmp');
    writeFileSync(temp, 'a research paper');
    await store.put('private/research/b.pdf', { file: temp });
    expect(() => readFileSync(temp)).toThrow(); // taken over
    writeFileSync(temp, 'kept');
    await store.put('uploads/docs/c.txt', { file: temp, keep: true });
    expect(readFileSync(temp, 'utf8')).toBe('kept');

    const a = (await store.get('uploads/users/a.jpg'))!;
    expect(a).toMatchObject({ size: 7, type: 'image/jpeg' });
    expect(await text(a.body)).toBe('picture');
    const b = (await store.get('private/research/b.pdf'))!;
    expect(b).toMatchObject({ size: 16, type: 'application/pdf' });
    expect(await text(b.body)).toBe('a research paper');
    const part = (await store.get('private/research/b.pdf', 'bytes=2-9'))!;
    expect(part.range).toBe('bytes 2-9/16');
    expect(await text(part.body)).toBe('research');

    expect(await store.exists('uploads/users/a.jpg')).toBe(true);
    expect(await store.size('uploads/docs/c.txt')).toBe(4);
    expect(await store.get('uploads/users/none.jpg')).toBeNull();
    expect(await store.size('uploads/users/none.jpg')).toBeNull();
    expect(await keys(store, 'uploads/')).toEqual(['uploads/docs/c.txt', 'uploads/users/a.jpg']);
    expect(await keys(store, 'private/')).toEqual(['private/research/b.pdf']);

    await store.delete('uploads/users/a.jpg');
    await store.delete('uploads/users/a.jpg'); // missing: not an error
    expect(await store.exists('uploads/users/a.jpg')).toBe(false);
    await expect(store.put('uploads/../secrets.json', Buffer.from('x'))).rejects.toThrow(/not a storage key/);
  });
});

describe.each(['local', 's3'] as const)('files through the API on %s', (storage) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({}, { storage });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, name: string) =>
    t.http.post('/api/gallery/upload?type=all').set('Authorization', admin).attach('files', bytes, name);

  it('serves the media library with the same headers: pictures inline, documents as attachments, ranges, 404s', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const [picture] = (await upload(png, 'صورة.png').expect(201)).body.files;
    const [doc] = (await upload(PDF, 'تقرير.pdf').expect(201)).body.files;
    const [drawing] = (await upload(svg, 'logo.svg').expect(201)).body.files;

    const image = await t.http.get(picture.path).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.headers['cache-control']).toBe('public, max-age=604800');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    expect((await t.http.get(picture.thumb).expect(200)).headers['content-type']).toBe('image/jpeg');

    const pdf = await t.http.get(doc.path).expect(200);
    expect(pdf.headers['content-disposition']).toBe('attachment');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const part = await t.http.get(doc.path).set('Range', 'bytes=0-4').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${PDF.length}`);
    expect(Buffer.from(part.body as Buffer).toString('latin1')).toBe('%PDF-');
    expect((await t.http.head(doc.path).expect(200)).headers['content-length']).toBe(String(PDF.length));

    const svgServed = await t.http.get(drawing.path).expect(200);
    expect(svgServed.headers['content-disposition']).toBe('attachment');
    expect(svgServed.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const missing = await t.http.get('/uploads/imgvgallery/not-there.png').set('Accept-Language', 'ar');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    expect((await t.http.get('/uploads/../secrets.json')).status).toBe(404);
  });

  it('keeps private files out of /uploads: a research file only through its owner, streamed', async () => {
    const owner = await createUser(t, { type: 0 });
    const token = await signIn(t, owner);
    await t.http
      .post('/api/research')
      .set('Authorization', token)
      .field('title', 'Sorting robot')
      .attach('file', DOCX, 'paper.docx')
      .expect(200);
    const [row] = await t.database.db.select().from(research).where(eq(research.userId, owner.id));
    expect(await storedFiles(t, 'private/research')).toContain(row.file.path.split('/').pop());
    expect((await t.http.get(row.file.path)).status).toBe(404);
    const file = await t.http
      .get(`/api/research/${row.id}/file`)
      .set('Authorization', token)
      .responseType('blob')
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, DOCX)).toBe(0);
    expect(file.headers['content-type']).toContain('wordprocessingml');
    expect(file.headers['content-length']).toBe(String(DOCX.length));
  });
});

describe('copying local uploads into a bucket (npm run storage:copy -w api)', () => {
  it('copies every file of both areas under the same keys, and skips what is already there on a second run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storage-copy-'));
    const s3 = await startS3Server(join(dir, 's3'));
    try {
      const local = new LocalFileStore(join(dir, 'data'));
      await local.put('uploads/users/a.jpg', Buffer.from('a'));
      await local.put('uploads/imgvgallery/thumbs/b.jpg', Buffer.from('bb'));
      await local.put('private/cv/c.pdf', PDF);
      const bucket = new S3FileStore(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', ...s3.env }).storage.s3!);
      expect(await copyUploads(local, bucket)).toEqual({ copied: 3, skipped: 0, bytes: 3 + PDF.length });
      expect([...(await keys(bucket, 'uploads/')), ...(await keys(bucket, 'private/'))]).toEqual([
        'uploads/imgvgallery/thumbs/b.jpg',
        'uploads/users/a.jpg',
        'private/cv/c.pdf',
      ]);
      expect(await text((await bucket.get('private/cv/c.pdf'))!.body)).toBe(PDF.toString());
      expect(await local.exists('private/cv/c.pdf')).toBe(true);
      await local.put('uploads/users/d.jpg', Buffer.from('d'));
      expect(await copyUploads(local, bucket)).toEqual({ copied: 1, skipped: 3, bytes: 1 });
    } finally {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
