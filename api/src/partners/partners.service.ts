import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { memberUser, subscriptionValid } from '../accounts/user.view';
import { AuthService, type ClientMeta } from '../auth/auth.service';
import { verifyPassword } from '../auth/password';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { partners } from '../db/schema';

/** Registered partner sites (back-office resource "partners"): their client id, hashed key and origins. */
@Injectable()
export class PartnersService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly auth: AuthService,
  ) {}

  /**
   * The embedded sign-in on a partner page (client_id, key, national_id or an entity's e-mail,
   * password): only a verified member with standing access gets a session.
   */
  async signin(body: Record<string, unknown>, meta: ClientMeta) {
    const partner = await this.check(body?.client_id, body?.key);
    if (!partner) throw new AppError(404, 'embed.unknown_partner');
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const { token, user } = await this.auth.signinEmbedded(
      str(body.national_id),
      str(body.password),
      meta,
      (member) => {
        if (!member.isVerified) throw new AppError(403, 'embed.unverified');
        // Students need their standing access; coaches and entities a plan whose start is not after its end, not expired.
        if (!subscriptionValid(member)) throw new AppError(403, 'embed.not_subscribed');
      },
    );
    return { token, user: memberUser(user) };
  }

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
