import { PassThrough } from 'node:stream';
import { Pool } from 'pg';
import { CopyOut } from '../src/core/copy-out';

/** One backend message: its code, a 4-byte length (itself included) and its body. */
const message = (code: string, body: Buffer | string = '') => {
  const bytes = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([head, bytes]);
};

const rows = Array.from({ length: 40 }, (_, i) => `${i},"name ${i}",سارة ${'x'.repeat(i % 7)}\n`);
const copyOutResponse = message('H', Buffer.from([0, 0, 3, 0, 0, 0, 0, 0, 0]));
const afterCopy = Buffer.concat([message('C', 'COPY 40\0'), message('Z', 'I')]);

/**
 * Feeds `bytes` to a CopyOut through a stand-in for node-postgres' connection, in chunks of `size`
 * bytes; returns what the copy streamed and what node-postgres received back after it.
 */
async function run(bytes: Buffer, size: number) {
  const socket = new PassThrough();
  const handedBack: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => handedBack.push(chunk));
  const copy = new CopyOut('COPY (select 1) TO STDOUT');
  const sent: string[] = [];
  copy.submit({ stream: socket, query: (text) => sent.push(text) });
  for (let at = 0; at < bytes.length; at += size) socket.write(bytes.subarray(at, at + size));
  const out: Buffer[] = [];
  let error: Error | null = null;
  try {
    for await (const chunk of copy) out.push(chunk as Buffer);
  } catch (e) {
    error = e as Error;
  }
  await new Promise((resolve) => setImmediate(resolve));
  const sizes = out.map((chunk) => chunk.length);
  return { sent, out: Buffer.concat(out).toString(), sizes, rest: Buffer.concat(handedBack), error };
}

describe('CopyOut, the COPY TO STDOUT reader', () => {
  const whole = Buffer.concat([
    copyOutResponse,
    ...rows.slice(0, 20).map((r) => message('d', r)),
    message('N', 'SNOTICE\0Mslow\0\0'), // a notice between rows is skipped
    ...rows.slice(20).map((r) => message('d', r)),
    message('c'),
    afterCopy,
  ]);

  it.each([1, 2, 3, 4, 5, 6, 7, 13, 64, 1000, whole.length])(
    'streams every row and hands the rest back, in chunks of %i bytes',
    async (size) => {
      const { sent, out, rest, error } = await run(whole, size);
      expect(sent).toEqual(['COPY (select 1) TO STDOUT']);
      expect(error).toBeNull();
      expect(out).toBe(rows.join(''));
      expect(rest.equals(afterCopy)).toBe(true);
    },
  );

  it('passes the rows on in 256 kB buffers, whatever the size of the socket chunks, a row longer than one included', async () => {
    const many = Array.from({ length: 30_000 }, (_, i) => `${i},"member ${i}",+9665${i}\n`);
    const long = `${'y'.repeat(600 * 1024)}\n`;
    const bytes = Buffer.concat([
      copyOutResponse,
      ...many.slice(0, 15_000).map((r) => message('d', r)),
      message('d', long),
      ...many.slice(15_000).map((r) => message('d', r)),
      message('c'),
      afterCopy,
    ]);
    // PostgreSQL sends 8 kB at a time.
    const { out, sizes, rest } = await run(bytes, 8192);
    expect(out).toBe(many.slice(0, 15_000).join('') + long + many.slice(15_000).join(''));
    expect(sizes.slice(0, -1).every((size) => size === 256 * 1024)).toBe(true);
    expect(sizes.length).toBe(Math.ceil(Buffer.byteLength(out) / (256 * 1024)));
    expect(rest.equals(afterCopy)).toBe(true);
  });

  it.each([1, 5, 64, 100_000])(
    'stops at an error and hands it to node-postgres, in chunks of %i bytes',
    async (size) => {
      const error = Buffer.concat([message('E', 'SERROR\0C22012\0Mdivision by zero\0\0'), message('Z', 'I')]);
      const bytes = Buffer.concat([copyOutResponse, ...rows.slice(0, 3).map((r) => message('d', r)), error]);
      const socket = new PassThrough();
      const handedBack: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => handedBack.push(chunk));
      const copy = new CopyOut('COPY (select 1) TO STDOUT');
      copy.submit({ stream: socket, query: () => undefined });
      const out: Buffer[] = [];
      copy.on('data', (chunk: Buffer) => out.push(chunk));
      for (let at = 0; at < bytes.length; at += size) socket.write(bytes.subarray(at, at + size));
      await new Promise((resolve) => setImmediate(resolve));
      // The rows before the error, and node-postgres gets the error's bytes to read (it calls handleError).
      expect(Buffer.concat(out).toString()).toBe(rows.slice(0, 3).join(''));
      expect(Buffer.concat(handedBack).equals(error)).toBe(true);
    },
  );

  const url = process.env.TEST_DATABASE_URL;
  (url ? it : it.skip)('on PostgreSQL: a copy that fails mid-way errors, and its connection works after', async () => {
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      const client = await pool.connect();
      const copy = client.query(
        new CopyOut(
          `COPY (select case when i = 50000 then 1 / (i - i) else i end from generate_series(1, 100000) i) TO STDOUT`,
        ) as CopyOut & import('pg').Submittable,
      );
      let lines = 0;
      const failure = await (async () => {
        try {
          for await (const chunk of copy) for (const byte of chunk as Buffer) if (byte === 10) lines++;
          return null;
        } catch (e) {
          return e as Error;
        }
      })();
      expect(failure?.message).toBe('division by zero');
      expect(lines).toBeGreaterThan(0);
      expect(lines).toBeLessThan(50000);
      // The same connection answers the next query.
      expect((await client.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
      // And a whole copy reads every row.
      const whole = client.query(
        new CopyOut(`COPY (select i, 'سارة' from generate_series(1, 30000) i) TO STDOUT WITH (FORMAT csv)`) as CopyOut &
          import('pg').Submittable,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of whole) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString();
      expect(text.split('\n').length).toBe(30001);
      expect(text.endsWith('30000,سارة\n')).toBe(true);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      client.release();
    } finally {
      await pool.end();
    }
  });
});
