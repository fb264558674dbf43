import { Writable } from 'node:stream';
import { startTestApp, type TestApp } from './harness';

/** The app's log lines (JSON), as written. */
const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logDestination: destination });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const linesOf = (id: string) => lines.filter((l) => l.reqId === id || (l.req as { id?: string })?.id === id);

describe('request ids and access lines', () => {
  it.each(['/api/posts', '/api/nowhere', '/admin/', '/uploads/users/none.jpg'])(
    '%s: a new UUID returned to the client and on its access line; a sensible given id kept',
    async (path) => {
      const fresh = await t.http.get(path);
      const id = fresh.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      const given = `lb-${Date.now()}-abcdef`;
      const kept = await t.http.get(path).set('X-Request-Id', given);
      expect(kept.headers['x-request-id']).toBe(given);
      // Not a header to inject into the log: anything odd is replaced.
      const odd = await t.http.get(path).set('X-Request-Id', 'a b {"level":60} c');
      expect(odd.headers['x-request-id']).toMatch(UUID);
      const [line] = linesOf(given);
      expect(line).toMatchObject({ res: { statusCode: kept.status } });
      expect((line.req as { url: string }).url).toBe(path);
    },
  );

  it('two processes never give the same id (UUIDs, not per-process counters)', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await t.http.get('/api/regions')).headers['x-request-id'] as string);
    expect(ids.size).toBe(20);
  });

  it('keeps the health checks out of the info log', async () => {
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready']) {
      const id = `health-${path.replace(/\W/g, '')}-0001`;
      expect((await t.http.get(path).set('X-Request-Id', id)).status).toBe(200);
      expect(linesOf(id)).toEqual([]);
    }
  });
});
