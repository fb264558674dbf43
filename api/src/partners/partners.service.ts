import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { verifyPassword } from '../auth/password';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { partners } from '../db/schema';

/** Registered partner sites (back-office resource "partners"): their client id, hashed key and origins. */
@Injectable()
export class PartnersService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The active partner whose client id and key match, or null (the same answer for an unknown id or a wrong key). */
  async check(clientId: unknown, key: unknown) {
    if (typeof clientId !== 'string' || typeof key !== 'string' || clientId.length > 64 || key.length > 200) {
      await verifyPassword(undefined, 'x');
      return null;
    }
    const [partner] = await this.db
      .select()
      .from(partners)
      .where(and(eq(partners.clientId, clientId), eq(partners.status, true)));
    if (!(await verifyPassword(partner?.keyHash, key))) return null;
    return { name: partner.name, client_id: partner.clientId, origins: partner.origins };
  }
}
