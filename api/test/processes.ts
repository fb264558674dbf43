import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until a server a test started answers `url` with a 2xx. Bounded by the test's own timeout,
 * never by a count of tries (a loaded machine starts it late, and a test must not fail by timing);
 * fails at once when the process has exited instead.
 */
export async function untilServing(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server for ${url} exited (${child.exitCode ?? child.signalCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
}

/** Stops a process a test started and waits for it to exit, so everything it wrote has been read. */
export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.kill('SIGTERM');
  await closed;
}
