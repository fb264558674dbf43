import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * With TEST_CPU_LOG=<file>, each API test file appends one line: its name, the CPU time its jest worker
 * spent on it (modules loaded, app booted, tests run; the worker runs one file at a time) and the clock
 * time. CPU time is what to compare on a machine shared with other work, where the clock is not
 * (docs/testing.md, "Test time"). `node scripts/test-cpu.mjs <file>` sums and sorts the lines.
 */
const log = process.env.TEST_CPU_LOG;
if (log) {
  const cpu = process.cpuUsage();
  const wall = Date.now();
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const file = basename(expect.getState().testPath ?? 'unknown');
    const line = { file, cpuMs: Math.round((used.user + used.system) / 1000), wallMs: Date.now() - wall };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
