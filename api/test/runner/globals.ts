// jest's setupFilesAfterEnv under jest-light-runner: what jest's own runner gave the API tests and this
// runner does not. Loaded once per test process, before its first test file.
import { appendFileSync } from 'node:fs';
import Module from 'node:module';
import { basename } from 'node:path';
import { ModernFakeTimers } from '@jest/fake-timers';
import { bind } from 'jest-each';

/**
 * A guard against a hang, not a measure of speed (the runner has none): a test or hook that has not
 * settled after its own limit, or three minutes, fails with a message naming it. A test file's set-up
 * (an app booted, a database copied) on a loaded 2-core machine took more than 30 s once; nothing
 * here may pass or fail by timing.
 */
const HANG_GUARD_MS = 180_000;

type Callback = (...args: unknown[]) => unknown;

function guarded(what: string, fn: Callback | undefined, limit = HANG_GUARD_MS): Callback | undefined {
  if (typeof fn !== 'function') return fn;
  // jest-each and the runner tell a test taking `done` by its length: kept.
  if (fn.length > 0) return fn;
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${limit / 1000} s`)), limit);
      timer.unref();
    });
    return Promise.race([Promise.resolve().then(() => fn()), hang]).finally(() => clearTimeout(timer));
  };
}

type TestFn = ((name: string, fn?: Callback, timeout?: number) => unknown) & Record<string, unknown>;

/** `it`/`test` (and `.only`, `.each`, `.only.each`) with the guard; `.skip` and `.todo` as they were. */
function guardTests(original: TestFn): TestFn {
  const wrap = (base: TestFn) =>
    ((name: string, fn?: Callback, timeout?: number) =>
      base(name, guarded(`the test "${name}"`, fn, timeout), timeout)) as TestFn;
  const test = Object.assign(wrap(original), original);
  test.each = bind(test as never);
  const only = Object.assign(wrap(original.only as TestFn), original.only as TestFn);
  only.each = bind(only as never);
  test.only = only;
  return test;
}

const globals = globalThis as unknown as Record<string, unknown>;
globals.it = guardTests(globals.it as TestFn);
globals.test = guardTests(globals.test as TestFn);
globals.fit = (globals.it as TestFn).only;
for (const hook of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach']) {
  const original = globals[hook] as (fn: Callback, timeout?: number) => unknown;
  globals[hook] = (fn: Callback, timeout?: number) => original(guarded(hook, fn, timeout)!, timeout);
}

/**
 * `jest.useFakeTimers(config)` with its config (the runner's ignores it): registration-times.spec.ts
 * fakes the clock (Date) and nothing else.
 */
const timers = new ModernFakeTimers({ config: { fakeTimers: {} } as never, global: globalThis as never });
const jestObject = globals.jest as Record<string, unknown>;
Object.assign(jestObject, {
  useFakeTimers(config?: Parameters<ModernFakeTimers['useFakeTimers']>[0]) {
    timers.useFakeTimers(config);
    return jestObject;
  },
  useRealTimers() {
    timers.useRealTimers();
    return jestObject;
  },
  setSystemTime(now?: number | Date) {
    timers.setSystemTime(now);
    return jestObject;
  },
  advanceTimersByTime(ms: number) {
    timers.advanceTimersByTime(ms);
    return jestObject;
  },
});

/**
 * With TEST_CPU_LOG=<file>, one line per API test file: its name, the CPU time its process spent on it
 * (its tests, its apps booted, and the modules it was first to load) and the clock time. The process
 * runs one file at a time, so a file's share ends where the next file is loaded, or the process ends.
 * CPU time is what to compare on a machine shared with other work, where the clock is not
 * (docs/testing.md, "Test time"). `node scripts/test-cpu.mjs <file>` sums and sorts the lines.
 */
const log = process.env.TEST_CPU_LOG;
if (log) {
  let current: { file: string; cpu: NodeJS.CpuUsage; wall: number } | undefined;
  const flush = () => {
    if (!current) return;
    const used = process.cpuUsage(current.cpu);
    const line = {
      file: current.file,
      cpuMs: Math.round((used.user + used.system) / 1000),
      wallMs: Date.now() - current.wall,
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
    current = undefined;
  };
  const extensions = (Module as unknown as { _extensions: Record<string, (module: unknown, file: string) => void> })
    ._extensions;
  const loadTs = extensions['.ts'];
  extensions['.ts'] = (module, file) => {
    if (file.endsWith('.spec.ts')) {
      flush();
      current = { file: basename(file), cpu: process.cpuUsage(), wall: Date.now() };
    }
    loadTs(module, file);
  };
  // The pool ends its processes with SIGTERM, which would end this one without its 'exit' event.
  process.once('SIGTERM', () => {
    flush();
    process.exit(0);
  });
  process.on('exit', flush);
}
