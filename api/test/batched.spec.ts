import { Readable } from 'node:stream';
import { batched } from '../src/core/batched';
import { Client } from 'pg';
import { openDatabase } from '../src/core/database';

describe('batched, the stream that joins the CSV copy into bigger pieces', () => {
  it('passes every byte on, in order, in pieces of at least the size but the last', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.from(`${i},"سارة ${'x'.repeat(i)}"\n`));
    const out: Buffer[] = [];
    for await (const piece of Readable.from(chunks).pipe(batched(100))) out.push(piece as Buffer);
    expect(Buffer.concat(out).equals(Buffer.concat(chunks))).toBe(true);
    for (const piece of out.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(100);
    expect(out.length).toBeLessThan(chunks.length);
  });

  it('an empty copy gives no piece', async () => {
    const out: Buffer[] = [];
    for await (const piece of Readable.from([]).pipe(batched(100))) out.push(piece as Buffer);
    expect(out).toEqual([]);
  });
});

describe('the CSV copy on PostgreSQL (pg-copy-streams, batched)', () => {
  const url = process.env.TEST_DATABASE_URL;
  (url ? it : it.skip)(
    'a copy that fails mid-way errors and the pool works after; a whole copy reads every row',
    async () => {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      const name = `t_copy_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const place = new URL(url!);
      place.pathname = `/${name}`;
      const database = await openDatabase(place.toString(), { migrate: false });
      try {
        const failing = await database.copyCsv(
          'select case when i = 50000 then 1 / (i - i) else i end from generate_series(1, 100000) i',
        );
        let lines = 0;
        const failure = await (async () => {
          try {
            for await (const chunk of failing) for (const byte of chunk as Buffer) if (byte === 10) lines++;
            return null;
          } catch (e) {
            return e as Error;
          }
        })();
        expect(failure?.message).toBe('division by zero');
        expect(lines).toBeLessThan(50000);
        // Every connection of the pool (10) still answers.
        const answers = await Promise.all(Array.from({ length: 12 }, () => database.query('select 41 + 1 as n')));
        expect(answers.every((rows) => rows[0].n === 42)).toBe(true);
        const chunks: Buffer[] = [];
        for await (const chunk of await database.copyCsv("select i, 'سارة' from generate_series(1, 30000) i"))
          chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString();
        expect(text.split('\n').length).toBe(30001);
        expect(text.endsWith('30000,سارة\n')).toBe(true);
        // Joined into pieces of 256 kB but the last.
        for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(256 * 1024);
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
