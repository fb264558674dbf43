import { eq } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { research, sandboxPayments } from '../src/db/schema';
import { ConcurrencyLimit } from '../src/common/concurrency';
import { imageQueue } from '../src/media/images';
import { isPlainSvg } from '../src/media/svg';
import { adminToken, createUser, signIn, startTestApp, storedFiles, type TestApp } from './harness';
import { createPlan } from './builders';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Five uploads a minute and 1 MB kept per member, so that floods and the quota show in a few calls.
  t = await startTestApp({ RATE_LIMIT_UPLOADS: '5', UPLOAD_QUOTA_MB: '1', IMAGE_MAX_MEGAPIXELS: '25' });
  admin = await adminToken(t);
});
afterAll(() => t.close());

/** Files in DATA_DIR's temporary folder (always the local disk). */
const files = (...dir: string[]) => {
  const path = join(t.config.dataDir, ...dir);
  return existsSync(path) ? readdirSync(path, { withFileTypes: true }).filter((f) => f.isFile()) : [];
};
/** Files kept in a folder of the store (the local disk or the bucket). */
const stored = (...dir: string[]) => storedFiles(t, dir.join('/'));
const member = async () => signIn(t, await createUser(t, { type: 0, dob: '1990-01-01' }));
/** Another admin, so that each test has its own five uploads a minute. */
const anotherAdmin = async () => {
  const { email, password } = await createUser(t, { type: 4 });
  return adminToken(t, email!, password);
};

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

/** A PNG whose header is valid and whose pixel data is broken. */
async function brokenPng() {
  const png = await noise(64, 64);
  const idat = png.indexOf('IDAT');
  png.fill(0xa5, idat + 20, idat + 400);
  return png;
}

/** The same picture sent to every picture route: the member's (in English and Arabic), the back-office's, the library's. */
async function everyPictureRoute(bytes: Buffer, staff: string) {
  const token = await member();
  const mine = (lang: string) =>
    t.http
      .post('/api/profile/uploads/')
      .set('Authorization', token)
      .set('Accept-Language', lang)
      .attach('file', bytes, 'me.png');
  const answers = [
    await mine('en'),
    await mine('ar'),
    await t.http.post('/api/admin/uploads/picture').set('Authorization', staff).attach('file', bytes, 'a.png'),
    await t.http.post('/api/gallery/upload?type=image').set('Authorization', staff).attach('files', bytes, 'a.png'),
  ];
  return answers.map((a) => [a.status, a.body.message as string]);
}

describe('a broken picture (valid header, broken pixel data)', () => {
  it('answers 400 with a message on the member picture, the back-office picture and the media library', async () => {
    const png = await brokenPng();
    expect((await sharp(png).metadata()).width).toBe(64); // the header reads fine
    const unreadable = 'The picture could not be read: the file may be damaged. Please choose another one.';
    expect(await everyPictureRoute(png, admin)).toEqual([
      [400, unreadable],
      [400, 'تعذّرت قراءة الصورة، فقد يكون الملف تالفًا. يرجى اختيار صورة أخرى.'],
      [400, unreadable],
      [400, unreadable],
    ]);
    // Nothing stays behind: no picture, no thumbnail, no temporary file.
    expect(await stored('uploads', 'users')).toHaveLength(0);
    expect(await stored('uploads', 'imgvgallery')).toHaveLength(0);
    expect(files('tmp')).toHaveLength(0);
  });
});

describe('picture dimensions', () => {
  it('refuses a small file of 6300×6300 pixels with a 400 before decoding it, on every picture route', async () => {
    const huge = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#3366aa' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const tooLarge = 'The picture is too large: it may have at most 25 megapixels.';
    expect(await everyPictureRoute(huge, await anotherAdmin())).toEqual([
      [400, tooLarge],
      [400, 'أبعاد الصورة كبيرة جدًا: الحد الأقصى 25 ميغابكسل.'],
      [400, tooLarge],
      [400, tooLarge],
    ]);
    expect(files('tmp')).toHaveLength(0);
  }, 30_000);
});

describe('the image queue', () => {
  it('runs jobs one at a time, in the order they came, and goes on after a failure', async () => {
    const queue = new ConcurrencyLimit(1);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((ok) => setImmediate(ok));
      order.push(n);
      running -= 1;
      if (n === 2) throw new Error('broken');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => queue.run(job(n))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(1);
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 0, waiting: 0 });
  });
});

describe('upload floods', () => {
  it('16 pictures at once from one member: 5 are taken, 11 refused with 429 and a message; nothing left in tmp', async () => {
    const picture = await noise(300, 200);
    const token = await member();
    // While they run, no more than one picture is ever being decoded.
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, imageQueue.active)), 1);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.http.post('/api/profile/uploads/').set('Authorization', token).attach('file', picture, 'me.png'),
      ),
    );
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(1);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe('Too many uploads. Please wait a minute and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // One picture is kept (each replaced the one before), with its thumbnail.
    expect(await stored('uploads', 'users')).toHaveLength(1);
    expect(await stored('uploads', 'users', 'thumbs')).toHaveLength(1);
    expect(files('tmp')).toHaveLength(0);
    // Another member is not affected.
    const other = await member();
    expect(
      (await t.http.post('/api/profile/uploads/').set('Authorization', other).attach('file', picture, 'me.png')).status,
    ).toBe(200);
  }, 60_000);

  it('every upload route counts towards the same limit (research, CV, back-office picture, library)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const token = await member();
    const research = () =>
      t.http.post('/api/research').set('Authorization', token).field('title', 'T').attach('file', pdf, 'a.pdf');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await research()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const cv = await t.http
      .post('/api/invest/registration')
      .set('Authorization', token)
      .field('organization_name', 'Club')
      .field('city', 'Riyadh')
      .field('apply_as', 'Judge')
      .field('pexperince', 'yes')
      .attach('file_0', pdf, 'cv.pdf');
    expect(cv.status).toBe(429);

    const staff = await anotherAdmin();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const library = [];
    for (let i = 0; i < 6; i += 1) {
      library.push(
        (
          await t.http
            .post(i % 2 ? '/api/gallery/upload?type=image' : '/api/admin/uploads/picture')
            .set('Authorization', staff)
            .attach(i % 2 ? 'files' : 'file', gif, 'a.gif')
        ).status,
      );
    }
    expect(library).toEqual([201, 201, 201, 201, 201, 429]);
    expect(files('tmp')).toHaveLength(0);
  }, 30_000);
});

describe("each member's storage quota (UPLOAD_QUOTA_MB)", () => {
  it('counts research, CVs and the picture; refuses past it with 413 and a message, even when uploads race', async () => {
    const user = await createUser(t, { type: 0, dob: '1990-01-01' });
    const token = await signIn(t, user);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400 * 1024, 0x20)]);
    // Five at once (within the rate limit): only two fit in 1 MB.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.http
          .post('/api/research')
          .set('Authorization', token)
          .field('title', `T${i}`)
          .attach('file', pdf, `paper${i}.pdf`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 413, 413, 413]);
    const full = answers.find((a) => a.status === 413)!;
    expect(full.body.message).toBe(
      'Your storage space (1 MB) is full. Please delete some files before uploading more.',
    );
    expect(await t.database.db.select().from(research).where(eq(research.userId, user.id))).toHaveLength(2);
    // No file without its entry.
    expect(await stored('private', 'research')).toHaveLength((await t.database.db.select().from(research)).length);
    expect(files('tmp')).toHaveLength(0);

    // The next minute's uploads are refused by the quota too: a CV counts against the same space.
    await t.database.query(`DELETE FROM rate_limits`);
    const cv = await t.http
      .post('/api/invest/registration')
      .set('Authorization', token)
      .set('Accept-Language', 'ar')
      .field('organization_name', 'Club')
      .field('city', 'Riyadh')
      .field('apply_as', 'Judge')
      .field('pexperince', 'yes')
      .attach('file_0', pdf, 'cv.pdf');
    expect([cv.status, cv.body.message]).toEqual([
      413,
      'امتلأت مساحة التخزين المخصصة لك (1 ميغابايت). يرجى حذف بعض الملفات قبل رفع المزيد.',
    ]);
    expect(await stored('private', 'cv')).toHaveLength(0);

    // Deleting an entry frees its space.
    const [first] = (await t.http.get('/api/research').set('Authorization', token)).body.research;
    expect((await t.http.delete(`/api/research/${first._id}`).set('Authorization', token)).status).toBe(200);
    const again = await t.http
      .post('/api/research')
      .set('Authorization', token)
      .field('title', 'again')
      .attach('file', pdf, 'again.pdf');
    expect(again.status).toBe(200);
  }, 30_000);
});

describe('SVG in the media library', () => {
  const svg = (body: string) =>
    Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`,
    );

  it.each([
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)"><rect width="9" height="9"/></a>'],
    ['a hex-entity javascript: in xlink:href', '<use xlink:href="&#x6A;&#x61;vascript&#x3A;alert(1)"/>'],
    ['a named-entity colon', '<a href="javascript&colon;alert(1)"><text>x</text></a>'],
    ['a tab inside the scheme', '<use href="java&#9;script:alert(1)"/>'],
    ['javascript: in CSS', '<rect style="fill:url(&#106;avascript:alert(1))" width="9" height="9"/>'],
    ['a script element', '<script>alert(1)</script>'],
    ['an event handler', '<rect width="9" height="9" onload="alert(1)"/>'],
    ['an upper-case event handler', '<rect width="9" height="9" ONCLICK="alert(1)"/>'],
    ['foreignObject', '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'],
    ['an external link', '<use href="https://evil.example/x.svg#a"/>'],
    ['an entity declaration', ''],
    // Issue 31: a quoted ">" ended the old filter's view of the tag, and the handler after it went through.
    [
      'a handler after a quoted ">"',
      '<svg xmlns="http://www.w3.org/2000/svg" data-x=">" onload="alert(1)"><rect/></svg>',
    ],
    ['a handler after a quoted ">" on an inner element', '<rect title=">" onclick="alert(1)" width="9" height="9"/>'],
    ['an outside picture in CSS', '<style>rect { fill: url(https://evil.example/a.png) }</style><rect/>'],
    ['an outside style sheet', '<style>@import "https://evil.example/a.css";</style><rect/>'],
  ])('refuses %s', async (_name, body) => {
    const bytes =
      body === ''
        ? Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]><svg xmlns="http://www.w3.org/2000/svg"><a href="&x;"><rect/></a></svg>',
          )
        : body.startsWith('<svg')
          ? Buffer.from(body)
          : svg(body);
    expect(isPlainSvg(bytes.toString('utf8'))).toBe(false);
  });

  it('answers 400 naming the file for a script-capable SVG, and keeps a plain drawing', async () => {
    const staff = await anotherAdmin();
    const bad = await t.http
      .post('/api/gallery/upload?type=image')
      .set('Authorization', staff)
      .attach('files', svg('<a href="&#106;avascript:alert(1)"><rect width="9" height="9"/></a>'), 'logo.svg');
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'The SVG "logo.svg" contains scripts or links and was refused.',
    ]);
    const bypass = await t.http
      .post('/api/gallery/upload?type=image')
      .set('Authorization', staff)
      .attach(
        'files',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" data-x=">" onload="alert(1)"><rect/></svg>'),
        'bypass.svg',
      );
    expect([bypass.status, bypass.body.message]).toEqual([
      400,
      'The SVG "bypass.svg" contains scripts or links and was refused.',
    ]);
    const plain = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"' +
        ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<g fill="url(#g)" inkscape:label="Layer 1"><rect width="10" height="10" style="stroke:#000"/><use href="#g"/>' +
        '<use xlink:href="#g"/><text>Data: 5 &amp; 6&#160;%</text></g></svg>',
    );
    expect(isPlainSvg(plain.toString('utf8'))).toBe(true);
    const ok = await t.http
      .post('/api/gallery/upload?type=image')
      .set('Authorization', staff)
      .attach('files', plain, 'plain.svg');
    expect(ok.status).toBe(201);
    // What is stored and served is the sanitizer's output: well-formed XML with the drawing whole, an
    // editor's own attribute dropped.
    const served = await t.http
      .get(ok.body.files[0].path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const stored = (served.body as Buffer).toString('utf8');
    expect(stored).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<g fill="url(#g)"><rect width="10" height="10" style="stroke:#000"/><use href="#g"/>' +
        '<use xlink:href="#g"/><text>Data: 5 &amp; 6\u00a0%</text></g></svg>',
    );
  });
});

describe('the sandbox payment page with a prototype key as its action', () => {
  it('answers 404 and leaves the payment open', async () => {
    const plan = await createPlan(t, { price: '10' });
    const token = await signIn(t, await createUser(t, { type: 1 }));
    const order = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: plan.id });
    const path = new URL(order.body.response.order.url as string).pathname;
    for (const action of ['constructor', '__proto__', 'toString']) {
      expect((await t.http.post(path).type('form').send({ action })).status).toBe(404);
    }
    const [payment] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.ref, order.body.response.order.ref as string));
    expect(payment.code).toBe(1);
  });
});

describe('admin lists and exports with prototype keys', () => {
  it.each([
    ['list', 'users', { sort: '["__proto__","ASC"]' }, 'sort'],
    ['list', 'users', { sort: '["constructor","DESC"]' }, 'sort'],
    ['list', 'users', { filter: '{"constructor":1}' }, 'filter.constructor'],
    ['list', 'users', { filter: '{"__proto__":1}' }, 'filter.__proto__'],
    ['list', 'users', { filter: '{"hasOwnProperty":"x"}' }, 'filter.hasOwnProperty'],
    ['export', 'users/export', { sort: '["toString","DESC"]' }, 'sort'],
    ['export', 'users/export', { filter: '{"valueOf":true}' }, 'filter.valueOf'],
  ])('%s %s %j answers 400 naming the parameter', async (_kind, path, query, param) => {
    const res = await t.http.get(`/api/admin/${path}`).query(query).set('Authorization', admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The list parameter "${param}" is invalid.`);
    const ar = await t.http
      .get(`/api/admin/${path}`)
      .query(query)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar');
    expect([ar.status, ar.body.message]).toEqual([400, `معامل القائمة "${param}" غير صالح.`]);
  });
});

describe('broken and unexpected upload bodies', () => {
  it('answers a cut, boundless or misnamed multipart body 400 with a message, never a 500, and leaves nothing in tmp', async () => {
    const token = await member();
    const post = () => t.http.post('/api/profile/uploads/').set('Authorization', token).set('Accept-Language', 'ar');
    const bad = 'الطلب غير صالح.';
    const cut = await post()
      .set('Content-Type', 'multipart/form-data; boundary=XyZ')
      .send(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      );
    expect([cut.status, cut.body.message]).toEqual([400, bad]);
    const boundless = await post().set('Content-Type', 'multipart/form-data').send('--x\r\n\r\n');
    expect([boundless.status, boundless.body.message]).toEqual([400, bad]);
    const misnamed = await post().attach('picture', await noise(8, 8), 'a.png');
    expect([misnamed.status, misnamed.body.message]).toEqual([400, bad]);
    const two = await post()
      .attach('file', await noise(8, 8), 'a.png')
      .attach('file', await noise(8, 8), 'b.png');
    expect([two.status, two.body.message]).toEqual([400, bad]);
    expect(files('tmp')).toHaveLength(0);
  });

  it('reads no body of a type it does not take, and a multipart body on a JSON route is no body', async () => {
    const token = await member();
    const text = await t.http
      .post('/api/adduser-steb')
      .set('Content-Type', 'text/plain')
      .send('national_id=1&password=x');
    expect(text.status).toBe(400);
    expect(text.body.success).toBe(false);
    const form = await t.http.post('/api/profile').set('Authorization', token).field('name', 'x');
    expect(form.status).toBeLessThan(500);
    expect(form.body.success).toBe(false);
  });
});
