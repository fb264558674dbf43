import { announcements, categories, contactMessages, events, plans, posts } from '../src/db/schema';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [news, hidden] = await db
    .insert(categories)
    .values([
      { name: 'أخبار', nameEn: 'News' },
      { name: 'مخفي', nameEn: 'Hidden', status: false },
    ])
    .returning();
  const day = 86_400_000;
  await db.insert(posts).values([
    ...Array.from({ length: 11 }, (_, i) => ({
      name: `مقال ${i}`,
      nameEn: `Post ${i}`,
      slug: `post-${i}`,
      categoryId: news.id,
      description: '<p>body</p>',
      createdAt: new Date(Date.now() - (20 - i) * day),
    })),
    { name: 'مسودة', nameEn: 'Draft', slug: 'draft', status: false },
    { name: 'في تصنيف مخفي', nameEn: 'In hidden', slug: 'in-hidden', categoryId: hidden.id },
  ]);
  await db.insert(announcements).values([
    { name: 'إعلان', nameEn: 'Notice', link: '/blogs/' },
    { name: 'قديم', nameEn: 'Off', status: false },
  ]);
  await db.insert(events).values([
    { name: 'ماضية', nameEn: 'Past', eventDate: new Date(Date.now() - day), homeStatus: true, countdownStarted: true },
    { name: 'قريبة', nameEn: 'Soon', eventDate: new Date(Date.now() + 2 * day) },
    {
      name: 'النهائيات',
      nameEn: 'Finals',
      eventDate: new Date(Date.now() + 9 * day),
      homeStatus: true,
      countdownStarted: true,
    },
    {
      name: 'معطلة',
      nameEn: 'Disabled',
      eventDate: new Date(Date.now() + 3 * day),
      status: false,
      homeStatus: true,
      countdownStarted: true,
    },
  ]);
});
afterAll(() => t.close());

describe('public content', () => {
  it('lists the newest active posts for the home page, without bodies', async () => {
    const res = await t.http.get('/api/posts?home=true&limit=4');
    expect(res.body.posts.map((p: { slug: string }) => p.slug)).toEqual(['post-10', 'post-9', 'post-8', 'post-7']);
    expect(res.body.posts[0]).not.toHaveProperty('description');
    expect(res.body.posts[0].category).toMatchObject({ name_en: 'News' });
  });

  it('pages articles (zero-based) and filters by category; drafts and hidden categories never show', async () => {
    const first = await t.http.get('/api/posts?page=0&limit=5');
    expect(first.body).toMatchObject({ currentPage: 0, totalPages: 3 });
    const last = await t.http.get('/api/posts?page=2&limit=5');
    expect(last.body.posts.map((p: { slug: string }) => p.slug)).toEqual(['post-0']);
    const beyond = await t.http.get('/api/posts?page=9&limit=5');
    expect(beyond.body.posts).toEqual([]);
    const all = await t.http.get('/api/posts?limit=50');
    expect(all.body.posts.map((p: { slug: string }) => p.slug)).not.toContain('draft');
    expect(all.body.posts.map((p: { slug: string }) => p.slug)).not.toContain('in-hidden');
    expect((await t.http.get('/api/posts?category=nope')).status).toBe(400);
    const cats = await t.http.get('/api/categories');
    expect(cats.body.categories.map((c: { name_en: string }) => c.name_en)).toEqual(['News']);
  });

  it('serves one active article by slug with its body; a draft is not found', async () => {
    const res = await t.http.get('/api/posts/post-3');
    expect(res.body.post).toMatchObject({ slug: 'post-3', description: '<p>body</p>', galleries: [] });
    expect((await t.http.get('/api/posts/draft')).status).toBe(404);
    expect((await t.http.get('/api/posts/in-hidden')).status).toBe(404);
  });

  it('gives active announcements and upcoming events, the countdown event being the next shown on home', async () => {
    const res = await t.http.get('/api/announcements');
    expect(res.body.announcements.map((a: { name_en: string }) => a.name_en)).toEqual(['Notice']);
    expect(res.body.events.map((e: { name_en: string }) => e.name_en)).toEqual(['Soon', 'Finals']);
    expect(res.body.event).toMatchObject({ name_en: 'Finals', countdownStarted: true });
  });
  it('lists the competitions to come and the past ones, switched-off events left out', async () => {
    const res = await t.http.get('/api/events');
    expect(res.status).toBe(200);
    expect(res.body.upcoming.map((e: { name_en: string }) => e.name_en)).toEqual(['Soon', 'Finals']);
    expect(res.body.past.map((e: { name_en: string }) => e.name_en)).toEqual(['Past']);
    expect(res.body.past[0]).toMatchObject({ name: 'ماضية', event_date: expect.any(String) });
    expect(res.body.past[0]).not.toHaveProperty('results_url');
  });
});

describe('the public contact form', () => {
  it('stores a valid message for the back-office and refuses bad input with its message', async () => {
    const send = (body: object, lang = 'en') => t.http.post('/api/contactus').set('Accept-Language', lang).send(body);
    const empty = await send({ name: 'Huda' }, 'ar');
    expect([empty.status, empty.body.message]).toEqual([400, 'يرجى تعبئة جميع الحقول...']);
    expect((await send({ name: 'Huda', email: 'not-an-email', message: 'Hi' })).body.message).toBe(
      'Please enter a valid e-mail address.',
    );
    expect((await send({ name: 'Huda', email: 'h@example.com', phone: 'abc', message: 'Hi' })).status).toBe(400);
    expect((await send({ name: ['x'], email: 'h@example.com', message: 'Hi' })).status).toBe(400);
    const ok = await send({ name: 'Huda', email: 'H@Example.com', phone: '0551234567', message: 'When is the final?' });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Your message has been sent. We will answer you by e-mail.');
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({
      email: 'h@example.com',
      phone: '+966551234567',
      message: 'When is the final?',
      readAt: null,
    });
  });
});

describe('plans for members', () => {
  it('lists the active, unarchived plans of a type, cheapest first', async () => {
    const base = { duration: 1, durationType: 'year' as const, originalPrice: '500.00' };
    await t.database.db.insert(plans).values([
      { ...base, name: 'ب', nameEn: 'B', price: '400.00', type: 'coach' },
      { ...base, name: 'أ', nameEn: 'A', price: '300.00', type: 'coach' },
      { ...base, name: 'مؤرشف', nameEn: 'Archived', price: '1.00', type: 'coach', archivedAt: new Date() },
      { ...base, name: 'معطل', nameEn: 'Off', price: '2.00', type: 'coach', status: false },
      { ...base, name: 'جهة', nameEn: 'Entity', price: '900.00', type: 'entity' },
    ]);
    const res = await t.http.get('/api/plans?type=coach');
    expect(res.body.plan.map((p: { name_en: string }) => p.name_en)).toEqual(['A', 'B']);
    expect(res.body.plan[0]).toMatchObject({
      orignal_pirce: '500.00',
      price: '300.00',
      currency: 'SAR',
      duration_type: 'year',
    });
    expect((await t.http.get('/api/plans?type=student')).status).toBe(400);
  });
});
