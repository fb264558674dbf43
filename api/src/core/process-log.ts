import pino from 'pino';
import { buildInfo } from '@platform/contract/node';
import { repoRoot } from './config';

/**
 * The log of a process before (and around) the Nest app: JSON lines to standard output, as the app's
 * own log. Its first line names the release, so every process's log starts with what runs.
 */
export function processLogger(name: string, env: Record<string, string | undefined> = process.env) {
  const level = env.LOG_LEVEL && env.LOG_LEVEL !== 'silent' ? env.LOG_LEVEL : 'info';
  return pino({
    level: ['fatal', 'error', 'warn', 'info', 'debug', 'trace'].includes(level) ? level : 'info',
    base: { pid: process.pid, process: name },
  });
}

/** The first line of a process: its release, runtime and role. */
export function logRelease(log: pino.Logger, what: string): void {
  const { version, commit } = buildInfo(repoRoot());
  log.info(
    { version, commit, node: process.versions.node },
    `${what} ${version} (${commit}) on Node.js ${process.versions.node}`,
  );
}
