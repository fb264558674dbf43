import * as argon2 from 'argon2';
import { ConcurrencyLimit } from '../common/concurrency';

/**
 * Argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane): about 50 ms of one core per
 * check, so a 2-core server checks some 20 passwords a second when a season opens, where the
 * library's default (64 MiB, 3 passes, 4 lanes) managed 4. Hashes made with other settings still
 * verify and are upgraded at the next sign-in.
 */
export const PASSWORD_COSTS = {
  owasp: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  // Test runs only (PASSWORD_HASH_COST=test, refused outside NODE_ENV=test): the same argon2id, at a
  // cost small enough that the API tests and journeys do not spend their time hashing (about 40 ms of
  // CPU a hash at OWASP's cost, some hundreds of hashes a test file).
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
let OPTIONS: (typeof PASSWORD_COSTS)[keyof typeof PASSWORD_COSTS] = PASSWORD_COSTS.owasp;
let dummyHash: Promise<string> | undefined;

/** The cost of the hashes made from now on (PASSWORD_HASH_COST, set at start). */
export function setPasswordHashCost(cost: keyof typeof PASSWORD_COSTS): void {
  if (OPTIONS === PASSWORD_COSTS[cost]) return;
  OPTIONS = PASSWORD_COSTS[cost];
  dummyHash = undefined;
}

/**
 * Hashes and checks computed at once (PASSWORD_HASH_CONCURRENCY, set at start); the rest queue. Each
 * takes a thread of libuv's pool (4 by default), which files, DNS and image work need too.
 */
export const passwordWork = new ConcurrencyLimit(2);

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => argon2.hash(password, OPTIONS));
}

/** Verifies a password; with no stored hash it still spends the same time, so timing tells nothing. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    const dummy = await dummyHash;
    await passwordWork.run(() => argon2.verify(dummy, password)).catch(() => false);
    return false;
  }
  return passwordWork.run(() => argon2.verify(hash, password)).catch(() => false);
}

/** True when a stored hash was made with other settings than today's (to re-hash after a good check). */
export function hashIsOutdated(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
}
