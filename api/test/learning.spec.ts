import { createServer, type Server } from 'node:http';
import { OdooCourses } from '../src/learning/odoo-courses';
import { startTestApp } from './harness';

/** A local fake of Odoo's external JSON-RPC API: common.login and slide.channel search_read. */
let mode: 'ok' | 'error' | 'hang' | 'garbage' = 'ok';
const calls: { service: string; method: string }[] = [];
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (mode === 'hang') return;
      res.setHeader('Content-Type', 'application/json');
      if (mode === 'garbage') return res.end('<html>maintenance</html>');
      const { params, id } = JSON.parse(raw) as {
        params: { service: string; method: string; args: unknown[] };
        id: number;
      };
      calls.push({ service: params.service, method: params.method });
      if (mode === 'error') return res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { message: 'Access Denied' } }));
      if (params.service === 'common') {
        const [db, , key] = params.args as string[];
        return res.end(
          JSON.stringify({ jsonrpc: '2.0', id, result: db === 'wro' && key === 'secret-key' ? 7 : false }),
        );
      }
      const options = params.args[6] as { context: { lang: string } };
      const ar = options.context.lang === 'ar_001';
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: [
            {
              id: 3,
              name: ar ? 'أساسيات الروبوت' : 'Robotics basics',
              website_url: '/slides/robotics-3',
              description_short: '<p>Build <b>your</b> first robot</p>',
            },
            { id: 4, name: ar ? 'البرمجة' : 'Programming', website_url: false, description_short: false },
          ],
        }),
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
});
beforeEach(() => {
  mode = 'ok';
  calls.length = 0;
});

const make = (over: Partial<ConstructorParameters<typeof OdooCourses>[0]> = {}) =>
  new OdooCourses({ url, db: 'wro', apiKey: 'secret-key', login: 'api', ...over });

describe('courses from the learning provider (Odoo JSON-RPC)', () => {
  it('reads published courses in English and Arabic, logs in once, and caches', async () => {
    const odoo = make();
    const en = await odoo.list('en');
    expect(en).toEqual([
      {
        id: 3,
        name: 'Robotics basics',
        url: `${url}/slides/robotics-3`,
        image: `${url}/web/image/slide.channel/3/image_512`,
        description: 'Build your first robot',
      },
      {
        id: 4,
        name: 'Programming',
        url: `${url}/slides/4`,
        image: `${url}/web/image/slide.channel/4/image_512`,
        description: '',
      },
    ]);
    expect((await odoo.list('ar'))[0].name).toBe('أساسيات الروبوت');
    await odoo.list('en');
    expect(calls.map((c) => c.service)).toEqual(['common', 'object', 'object']);
  });

  it('shares one request between concurrent callers', async () => {
    const odoo = make();
    await Promise.all([odoo.list('en'), odoo.list('en'), odoo.list('en')]);
    expect(calls).toHaveLength(2);
  });

  it('gives an empty list for a wrong key, an Odoo error, garbage, or a site that hangs', async () => {
    expect(await make({ apiKey: 'wrong' }).list('en')).toEqual([]);
    mode = 'error';
    expect(await make().list('en')).toEqual([]);
    mode = 'garbage';
    expect(await make().list('en')).toEqual([]);
    // The site never answers: the list comes back at all only because the call gives up at its timeout.
    mode = 'hang';
    expect(await make({ timeoutMs: 200 }).list('en')).toEqual([]);
  });

  it('is served at GET /api/courses when configured, and answers configured:false otherwise', async () => {
    const off = await startTestApp();
    expect((await off.http.get('/api/courses')).body).toEqual({ success: true, configured: false, courses: [] });
    await off.close();
    const on = await startTestApp({ COURSES_URL: url, COURSES_DB: 'wro', COURSES_API_KEY: 'secret-key' });
    const res = await on.http.get('/api/courses?lang=ar');
    expect(res.body.configured).toBe(true);
    expect(res.body.courses[0].name).toBe('أساسيات الروبوت');
    await on.close();
  });
});
