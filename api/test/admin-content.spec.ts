import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { slugify } from '../src/content/slug';
import { seed } from '../src/seed';
import { auditLog, galleryFiles, orders, plans, posts, settings } from '../src/db/schema';
import { adminToken, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const post = (resource: string, body: object, lang = 'en') =>
  t.http.post(`/api/admin/${resource}`).set('Authorization', admin).set('Accept-Language', lang).send(body);
const put = (resource: string, id: string, body: object) =>
  t.http.put(`/api/admin/${resource}/${id}`).set('Authorization', admin).send(body);
const del = (resource: string, id: string) => t.http.delete(`/api/admin/${resource}/${id}`).set('Authorization', admin);
const upload = (files: [Buffer, string][], type = 'all') => {
  let req = t.http.post(`/api/gallery/upload?type=${type}`).set('Authorization', admin);
  for (const [bytes, name] of files) req = req.attach('files', bytes, name);
  return req;
};
const tempFiles = () => readdirSync(join(t.config.dataDir, 'tmp'));

describe('slug rule', () => {
  it('lower-cases, keeps base letters of accents, turns separators and spaces into single hyphens', () => {
    expect(slugify('  Café Crème: Robots_&_AI!! ')).toBe('cafe-creme-robots-ai');
    expect(slugify('A -- B   C')).toBe('a-b-c');
    expect(slugify('Ünïcödé/Path.Name')).toBe('unicode-path-name');
    expect(slugify('---')).toBe('');
  });
});

describe('events', () => {
  it('creates with every field required and the type defaulting to wro; toggles; deletes', async () => {
    const missing = await post('events', { name: 'فعالية' });
    expect([missing.status, missing.body.message]).toEqual([400, 'Please fill in the form carefully!']);
    const body = {
      name: 'بطولة',
      name_en: 'Championship',
      description: 'وصف',
      description_en: 'About',
      link: 'https://wro.example/apply',
      event_date: '2027-03-01T09:00:00.000Z',
    };
    expect((await post('events', { ...body, link: 'javascript:alert(1)' })).status).toBe(400);
    const created = await post('events', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'wro', status: true, home_status: false, countdownStarted: false });
    const toggled = await put('events', created.body.id, { home_status: true });
    expect(toggled.body.home_status).toBe(true);
    const site = await put('events', created.body.id, { type: 'fll' });
    expect([site.status, site.body.message, site.body.field]).toEqual([
      400,
      'Please choose one of the sites the platform knows: wro.',
      'type',
    ]);
    expect((await put('events', created.body.id, { type: 'WRO' })).body.type).toBe('wro');
    const emptied = await put('events', created.body.id, { name: '' });
    expect(emptied.body.message).toBe('Please fill in the form!');
    expect((await del('events', created.body.id)).status).toBe(200);
  });

  it('keeps "show on home", "countdown", a place and a picture from the library as saved, and refuses a picture not in it (issue 37)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const uploaded = await upload([[png, 'event.png']], 'image');
    const picture = uploaded.body.files?.[0]?.path as string;
    expect(picture).toMatch(/^\/uploads\//);
    const body = {
      name: 'يوم البطولة',
      name_en: 'Finals day',
      description: 'وصف',
      description_en: 'About',
      link: 'https://wro.example/apply',
      event_date: '2027-03-01T09:00:00.000Z',
      home_status: true,
      countdownStarted: true,
      place: 'الرياض، قاعة ١',
      place_en: 'Riyadh, hall 1',
      image: picture,
    };
    const created = await post('events', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      home_status: true,
      countdownStarted: true,
      place: 'الرياض، قاعة ١',
      place_en: 'Riyadh, hall 1',
      image: picture,
    });
    // Saving the form again (every field sent) leaves them as they were.
    const saved = await put('events', created.body.id, { ...created.body, name: 'يوم النهائيات' });
    expect(saved.body).toMatchObject({
      home_status: true,
      countdownStarted: true,
      place: 'الرياض، قاعة ١',
      image: picture,
    });
    const read = await t.http.get(`/api/admin/events/${created.body.id}`).set('Authorization', admin);
    expect(read.body).toMatchObject({
      home_status: true,
      countdownStarted: true,
      place_en: 'Riyadh, hall 1',
      image: picture,
    });
    const cleared = await put('events', created.body.id, { place: '', image: '' });
    expect([cleared.body.place, cleared.body.image]).toEqual([null, null]);
    const foreign = await post('events', { ...body, image: '/uploads/imgvgallery/not-ours.png' }, 'ar');
    expect(foreign.status).toBe(400);
    expect((await del('events', created.body.id)).status).toBe(200);
  });
});

describe('announcements, categories and plans', () => {
  it('announcements need name, English name and link', async () => {
    expect((await post('announcements', { name: 'x', name_en: 'x' })).body.message).toBe(
      'Please fill in the form carefully!',
    );
    const ok = await post('announcements', { name: 'إعلان', name_en: 'Notice', link: '/blogs/' });
    expect(ok.body).toMatchObject({ link: '/blogs/', status: true });
  });

  it('a category used by posts is not deleted, and says why', async () => {
    const cat = await post('categories', { name: 'أخبار', name_en: 'News' });
    await t.database.db
      .insert(posts)
      .values({ name: 'p', nameEn: 'p', slug: `p-${Date.now()}`, categoryId: cat.body.id });
    const res = await del('categories', cat.body.id);
    expect([res.status, res.body.message]).toEqual([
      409,
      'This category is used by one post; move it to another category first.',
    ]);
    const free = await post('categories', { name: 'فارغ', name_en: 'Empty' });
    expect((await del('categories', free.body.id)).status).toBe(200);
  });

  it('plans: the discount price never exceeds the original; a plan with orders is archived, not deleted', async () => {
    const base = {
      name: 'باقة',
      name_en: 'Plan',
      orignal_pirce: '500',
      price: '350.5',
      duration: 1,
      duration_type: 'year',
      type: 'coach',
    };
    expect((await post('plans', { ...base, price: '600' })).status).toBe(400);
    expect((await post('plans', { ...base, duration_type: 'week' })).status).toBe(400);
    const plan = await post('plans', base);
    expect(plan.body).toMatchObject({ orignal_pirce: '500.00', price: '350.50', currency: 'SAR' });
    await t.database.db.insert(orders).values({ planId: plan.body.id, customerName: 'C', total: '350.50' });
    const archived = await del('plans', plan.body.id);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: plan.body.id, archived: true });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, plan.body.id));
    expect(row.archivedAt).not.toBeNull();
    expect(row.status).toBe(false);
    // Out of the list, behind the archived filter, and restored by a PUT of archived: false.
    const list = (filter: object) =>
      t.http
        .get('/api/admin/plans')
        .query({ filter: JSON.stringify(filter) })
        .set('Authorization', admin);
    expect((await list({})).body.map((p: { id: string }) => p.id)).not.toContain(plan.body.id);
    const behind = await list({ archived: true });
    expect(behind.body.map((p: { id: string }) => p.id)).toEqual([plan.body.id]);
    expect(behind.headers['content-range']).toMatch(/\/1$/);
    expect((await list({ archived: 'maybe' })).status).toBe(400);
    const one = await t.http.get(`/api/admin/plans/${plan.body.id}`).set('Authorization', admin);
    expect(one.body).toMatchObject({ archived: true, status: false });
    const restored = await put('plans', plan.body.id, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archived: false, archived_at: null, status: false });
    expect((await list({})).body.map((p: { id: string }) => p.id)).toContain(plan.body.id);
    expect((await list({ archived: true })).body).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, plan.body.id), eq(auditLog.action, 'restore')));
    expect(entry).toMatchObject({ resource: 'plans', before: { archived: true }, after: { archived: false } });
    // The member site still does not offer it until it is enabled again.
    expect((await put('plans', plan.body.id, { status: true })).body.status).toBe(true);
    const unused = await post('plans', base);
    const deleted = await del('plans', unused.body.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.archived).toBe(false);
    expect(await t.database.db.select().from(plans).where(eq(plans.id, unused.body.id))).toEqual([]);
  });
});

describe('the media library', () => {
  it('takes files by their bytes, makes thumbnails, refuses disguised files and leaves nothing behind', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const ok = await upload([
      [png, 'صورة.png'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'rules.pdf'],
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.files).toEqual([
      expect.objectContaining({
        name: 'صورة.png',
        type: 'image',
        ext: 'png',
        thumb: expect.stringMatching(/thumbs\/.+\.jpg$/),
      }),
      expect.objectContaining({ name: 'rules.pdf', type: 'file', thumb: null }),
    ]);
    expect((await t.http.get(ok.body.files[0].thumb)).headers['content-type']).toBe('image/jpeg');
    expect((await t.http.get(ok.body.files[1].path)).headers['content-disposition']).toBe('attachment');

    const before = (await t.database.db.select().from(galleryFiles)).length;
    const html = await upload([
      [png, 'fine.png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png'],
    ]);
    expect([html.status, html.body.message]).toEqual([400, 'The file "evil.png" is not of an allowed type.']);
    const svg = await upload([
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ]);
    expect([svg.status, svg.body.message]).toEqual([400, 'The SVG "x.svg" contains scripts or links and was refused.']);
    const onload = await upload([
      [Buffer.from('<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"/>'), 'y.svg'],
    ]);
    expect(onload.status).toBe(400);
    const pdfAsImage = await upload([[Buffer.from('%PDF-1.4\n'), 'rules.pdf']], 'image');
    expect(pdfAsImage.status).toBe(400);
    expect((await t.database.db.select().from(galleryFiles)).length).toBe(before);
    expect(tempFiles()).toEqual([]);
    const clean = await upload(
      [[Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'), 'dot.svg']],
      'image',
    );
    expect(clean.body.files[0]).toMatchObject({ type: 'image', ext: 'svg', thumb: null });
  });

  it('lists 20 a page, zero-based, filtered by type and name', async () => {
    const res = await t.http.get('/api/gallery?type=image&page=0&limit=20&s=صورة').set('Authorization', admin);
    expect(res.body).toMatchObject({ success: true, currentPage: 0, totalPages: 1 });
    expect(res.body.galleries.map((g: { name: string }) => g.name)).toEqual(['صورة.png']);
    const videos = await t.http.get('/api/gallery?type=video').set('Authorization', admin);
    expect(videos.body.galleries).toEqual([]);
  });
});

describe('blogs', () => {
  it('derives a unique slug, sanitizes rich text, and takes media only from the library', async () => {
    const [image] = (await t.http.get('/api/gallery?type=image&s=صورة').set('Authorization', admin)).body.galleries;
    const cat = await post('categories', { name: 'مقالات', name_en: 'Articles' });
    const body = {
      name: 'روبوتات',
      name_en: 'Robots & You: Café Edition',
      slug: 'ignored-from-the-form',
      type: 'post',
      category: cat.body.id,
      short_desc: 'قصير',
      short_desc_en: 'Short',
      description: '<p onclick="steal()">نص <script>alert(1)</script><a href="javascript:alert(1)">رابط</a></p>',
      description_en:
        '<p>Body <img src="x" onerror="alert(1)"><a href="https://wro.example" target="_blank">link</a></p>',
      image: image.path,
      galleries: [image.path],
    };
    expect((await post('blogs', { name: 'x' })).body.message).toBe('Please fill in the form carefully!');
    const first = await post('blogs', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      slug: 'robots-you-cafe-edition',
      category_name: { name_en: 'Articles' },
      image: image.path,
    });
    expect(first.body.description).toBe('<p>نص <a>رابط</a></p>');
    expect(first.body.description_en).toBe(
      '<p>Body <img src="x" /><a href="https://wro.example" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    const second = await post('blogs', body);
    expect(second.body.slug).toBe('robots-you-cafe-edition-2');

    expect((await post('blogs', { ...body, image: '/uploads/imgvgallery/not-there.png' })).body.message).toBe(
      'A chosen file is not in the media library.',
    );
    expect((await post('blogs', { ...body, galleries: Array(11).fill(image.path) })).body.message).toBe(
      'Too many files are selected.',
    );
    expect((await post('blogs', { ...body, videos: [image.path] })).status).toBe(400);
    // The old form's lists as JSON text; anything but a list of paths names its field.
    const asText = await post('blogs', { ...body, galleries: JSON.stringify([image.path, image.path]) });
    expect([asText.status, asText.body.galleries]).toEqual([201, [image.path]]);
    for (const [field, value, label] of [
      ['galleries', '[not json', 'Pictures'],
      ['galleries', [5], 'Pictures'],
      ['videos', { path: image.path }, 'Videos'],
      ['image', [image.path], 'Picture'],
    ] as const)
      expect((await post('blogs', { ...body, [field]: value })).body.message).toBe(
        `The field "${label}" is missing or invalid.`,
      );
    expect((await post('blogs', { ...body, category: '00000000-0000-4000-8000-000000000000' })).body.message).toBe(
      'Please choose an active category.',
    );

    const renamed = await put('blogs', second.body.id, { name_en: 'Something New' });
    expect(renamed.body.slug).toBe('something-new');
    expect((await put('blogs', second.body.id, { name: '' })).body.message).toBe('Please fill in the form!');
  });
});

describe('media library files', () => {
  it('sets alt text, says where a file is used, refuses to delete it then, and deletes it once unused', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const [file] = (await upload([[png, 'robot-arm.png']], 'image')).body.files;
    const alt = await t.http
      .put(`/api/gallery/${file._id}`)
      .set('Authorization', admin)
      .send({ alt: '  ذراع روبوت  ' });
    expect([alt.status, alt.body.alt]).toEqual([200, 'ذراع روبوت']);
    const long = await t.http
      .put(`/api/gallery/${file._id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar')
      .send({ alt: 'x'.repeat(301) });
    expect([long.status, long.body.message]).toEqual([400, 'النص البديل طويل جدًا (الحد الأقصى لعدد الأحرف: 300).']);
    expect((await t.http.put(`/api/gallery/${file._id}`).set('Authorization', admin).send({ alt: 5 })).status).toBe(
      400,
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'gallery'), eq(auditLog.recordId, file._id), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ action: 'update', after: { alt: 'ذراع روبوت' } });

    const cat = await post('categories', { name: 'أخبار الوسائط', name_en: 'Media news' });
    const article = await post('blogs', {
      name: 'مقال الذراع',
      name_en: 'The arm article',
      type: 'post',
      category: cat.body.id,
      short_desc: 'قصير',
      short_desc_en: 'Short',
      description: `<p>نص <img src="${file.path}" alt="ذراع روبوت"></p>`,
      description_en: '<p>Text</p>',
    });
    expect(article.status).toBe(201);
    const shown = await t.http.get(`/api/gallery/${file._id}`).set('Authorization', admin);
    expect(shown.body).toMatchObject({
      alt: 'ذراع روبوت',
      used_in: [{ section: 'blogs', name_en: 'The arm article' }],
    });

    const refused = await t.http.delete(`/api/gallery/${file._id}`).set('Authorization', admin);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'This file is in use and cannot be deleted: post “The arm article”.',
    ]);
    const refusedAr = await t.http
      .delete(`/api/gallery/${file._id}`)
      .set('Authorization', admin)
      .set('Accept-Language', 'ar');
    expect(refusedAr.body.message).toBe('هذا الملف مستخدم ولا يمكن حذفه: المقال «مقال الذراع».');
    expect((await t.http.get(file.path)).status).toBe(200);

    expect((await put('blogs', article.body.id, { description: '<p>نص بلا صورة</p>' })).status).toBe(200);
    const deleted = await t.http.delete(`/api/gallery/${file._id}`).set('Authorization', admin);
    expect([deleted.status, deleted.body.message]).toEqual([200, 'The file was deleted.']);
    expect(await t.database.db.select().from(galleryFiles).where(eq(galleryFiles.id, file._id))).toEqual([]);
    expect((await t.http.get(file.path)).status).toBe(404);
    expect((await t.http.get(file.thumb)).status).toBe(404);
    expect((await t.http.delete(`/api/gallery/${file._id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http.delete('/api/gallery/not-a-uuid').set('Authorization', admin)).status).toBe(400);
  });
});

describe('settings', () => {
  it('starts a fresh install with a privacy policy and terms in both languages, never written over', async () => {
    const first = (await t.http.get('/api/settings?site_name=WRO')).body.setting;
    expect(first.privacy_en).toContain("Children's data");
    expect(first.privacy_en).toContain('guardian');
    expect(first.privacy_en).toContain('href="/contact"');
    expect(first.privacy).toContain('بيانات الأطفال');
    expect(first.privacy).toContain('ولي الأمر');
    expect(first.tearm_condition_en).toContain('privacy policy');
    expect(first.tearm_condition).toContain('ولي أمره');
    // Staff's own text (even an emptied page) stays through the next start's seed.
    const [wro] = (await t.http.get('/api/admin/settings').set('Authorization', admin)).body;
    expect((await put('settings', wro.id, { privacy_en: '<p>Our own policy</p>', tearm_condition: '' })).status).toBe(
      200,
    );
    await seed(t.database.db, t.config, { info: () => undefined, warn: () => undefined });
    const [row] = await t.database.db.select().from(settings).where(eq(settings.id, wro.id));
    expect(row).toMatchObject({ privacyEn: '<p>Our own policy</p>', termsConditions: '', privacy: first.privacy });
  });

  it('saves the policies sanitized and serves them to the member site', async () => {
    const list = await t.http.get('/api/admin/settings').set('Authorization', admin);
    const [wro] = list.body;
    expect(wro.site_name).toBe('WRO');
    const res = await put('settings', wro.id, {
      privacy: '<h2>الخصوصية</h2><p>نحمي بياناتك<script>x()</script></p>',
      privacy_en: '<p>We protect your data</p>',
    });
    expect(res.body.privacy).toBe('<h2>الخصوصية</h2><p>نحمي بياناتك</p>');
    const [row] = await t.database.db.select().from(settings).where(eq(settings.id, wro.id));
    expect(row.privacyEn).toBe('<p>We protect your data</p>');
    const pub = await t.http.get('/api/settings?site_name=WRO');
    expect(pub.body.setting).toMatchObject({ privacy: '<h2>الخصوصية</h2><p>نحمي بياناتك</p>' });
    expect((await post('settings', {})).status).toBe(404);
  });
});
