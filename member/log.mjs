// The member server's log: JSON lines to standard output (pino, as the API), LOG_LEVEL as the API reads it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInfo } from '@platform/contract/node';
import pino from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const level = LEVELS.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL : 'info';

export const log = pino({ level, base: { pid: process.pid, process: 'member' } });

/** The release this server runs (the repository's version; APP_COMMIT, build-info.json or git for the commit). */
export const release = buildInfo(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** The first line of each process: its release and runtime. */
export function logRelease(what) {
  log.info(
    { version: release.version, commit: release.commit, node: process.versions.node },
    `${what} ${release.version} (${release.commit}) on Node.js ${process.versions.node}`,
  );
}
