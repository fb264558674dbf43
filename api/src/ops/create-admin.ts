import { LIMITS } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../app';
import { hashPassword } from '../auth/password';
import type { AppConfig } from '../core/config';
import { AuditService } from '../audit/audit.service';
import { users } from '../db/schema';

/**
 * `ops create-admin`: makes an admin account (a locked-out back-office, a second admin) with a
 * password the operator gives, which its owner must change at the first sign-in. Refuses an
 * address some account already has. Written to the audit log as the operator's action.
 */
export async function createAdmin(
  config: AppConfig,
  input: { email: string; password: string; name?: string },
  log: (line: string) => void,
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new OpsError(`not an e-mail address: "${input.email}"`);
  if (input.password.length < LIMITS.passwordMin)
    throw new OpsError(`the password must be at least ${LIMITS.passwordMin} characters long`);
  const database = await openConfiguredDatabase(config, false);
  try {
    const [taken] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (taken) throw new OpsError(`an account with ${email} already exists (id ${taken.id})`);
    const passwordHash = await hashPassword(input.password);
    const name = input.name || 'Administrator';
    const created = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ name, email, type: 4, isVerified: true, passwordHash, passwordMustChange: true })
        .returning({ id: users.id });
      // The audit log names the operator command: no staff member did it.
      await new AuditService().record(tx, {
        actor: { id: null, name: 'ops create-admin' },
        action: 'create',
        resource: 'admins',
        recordId: row.id,
        after: { name, email, type: 4 },
      });
      return row;
    });
    log(`Admin created: ${email} (id ${created.id}); the password must be changed at the first sign-in`);
    return created.id;
  } finally {
    await database.close();
  }
}

/** A refusal of the operator command: its message alone, exit code 1. */
export class OpsError extends Error {}
