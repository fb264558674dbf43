import { weakSecret } from '@platform/contract/node';
import { ConfigError, ConfigErrors, loadConfig } from '../core/config';

type Env = Record<string, string | undefined>;

/** Which process's settings to check: the API's, the member server's, or both (one environment file for both). */
export type ConfigTarget = 'api' | 'member' | 'all';

/**
 * Every problem of an environment, in one pass: the API's own configuration (loadConfig, which
 * collects them all) and the member server's (member/app/utils/env.server.ts, checked the same way).
 * An empty list means the processes will start with it.
 */
export function checkConfig(env: Env, target: ConfigTarget = 'all'): string[] {
  const problems: string[] = [];
  if (target !== 'member') {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigErrors) problems.push(...err.errors.map((e) => e.message));
      else if (err instanceof ConfigError) problems.push(err.message);
      else throw err;
    }
  }
  if (target !== 'api') {
    for (const problem of checkMemberConfig(env)) if (!problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

/** The member server's settings, as its start checks them (env.server.ts and serve.mjs). */
export function checkMemberConfig(env: Env): string[] {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const say = (name: string, problem: string) => problems.push(`Configuration error: ${name} ${problem}`);
  for (const name of ['API_URL', 'ADMIN_URL']) {
    const value = env[name];
    if (!value) continue;
    try {
      new URL(value);
    } catch {
      say(name, `must be a URL, got "${value}"`);
    }
  }
  for (const name of ['SESSION_SECRET', 'MEMBER_PROXY_SECRET']) {
    const value = env[name];
    if (!value) {
      if (production) say(name, 'is required when NODE_ENV=production');
      continue;
    }
    const weakness = production
      ? weakSecret(value)
      : value.length < 32
        ? 'must be at least 32 characters long'
        : undefined;
    if (weakness) say(name, weakness);
  }
  for (const [name, min, max] of [
    ['PORT', 1, 65535],
    ['TRUST_PROXY_HOPS', 0, 10],
    ['WEB_CONCURRENCY', 1, 64],
  ] as const) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
      say(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return problems;
}
