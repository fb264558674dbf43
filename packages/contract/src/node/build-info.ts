import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The release a process runs: the repository's semantic version and the git commit it was built from. */
export interface BuildInfo {
  version: string;
  commit: string;
}

/** Written into the repository root by `npm run release` (scripts/release.mjs); read before asking git. */
export const BUILD_INFO_FILE = 'build-info.json';

const known = new Map<string, BuildInfo>();

/**
 * The version (the root package.json's) and the commit: APP_COMMIT when set (a container build's
 * argument), else build-info.json written at build, else `git rev-parse` in a checkout, else "unknown".
 * Read once per root. Node only (`@platform/contract/node`).
 */
export function buildInfo(root: string, env: Record<string, string | undefined> = process.env): BuildInfo {
  const cached = known.get(root);
  if (cached && !env.APP_COMMIT) return cached;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  const file = join(root, BUILD_INFO_FILE);
  const written = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>) : {};
  const commit = env.APP_COMMIT || written.commit || gitCommit(root) || 'unknown';
  const info = { version: pkg.version ?? '0.0.0', commit };
  if (!env.APP_COMMIT) known.set(root, info);
  return info;
}

function gitCommit(root: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}
