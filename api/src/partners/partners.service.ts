import { PARTNER_TOKEN_MINUTES, type PartnerMember } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { and, eq } from 'drizzle-orm';
import { subscriptionValid } from '../auth/user.view';
import { AuthService } from '../auth/auth.service';
import { verifyPassword } from '../auth/password';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { partners, users, type User } from '../db/schema';
import { isUuid } from '../common/ids';
import type { EmbedSigninDto } from './embed.dto';

/** What a partner token says: a partner token (`typ`), for one partner (`aud`, its client id), about one member (`sub`). */
interface PartnerClaims {
  typ: 'partner';
  sub: string;
  aud: string;
}

const partnerMember = (user: User): PartnerMember => ({
  _id: user.id,
  name: user.name,
  type: user.type,
  subscriptionValid: subscriptionValid(user),
  end_date: user.endDate ?? null,
});

/** Registered partner sites (back-office resource "partners"): their client id, hashed key and origins. */
@Injectable()
export class PartnersService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly auth: AuthService,
    private readonly jwt: JwtService,
  ) {}

  /**
   * The embedded sign-in on a partner page (client_id, key, national_id or an entity's e-mail,
   * password): only a verified member with standing access is let in, and the partner gets a
   * short-lived token about that member alone, not a member session (issue 31, finding 6).
   */
  async signin(body: EmbedSigninDto) {
    const partner = await this.check(body.client_id, body.key);
    if (!partner) throw new AppError(404, 'embed.unknown_partner');
    const user = await this.auth.checkEmbedded(body.national_id, body.password, (member) => {
      if (!member.isVerified) throw new AppError(403, 'embed.unverified');
      // Students need their standing access; coaches and entities a plan whose start is not after its end, not expired.
      if (!subscriptionValid(member)) throw new AppError(403, 'embed.not_subscribed');
    });
    const claims: PartnerClaims = { typ: 'partner', sub: user.id, aud: partner.client_id };
    const token = await this.jwt.signAsync(claims, { expiresIn: `${PARTNER_TOKEN_MINUTES}m` });
    return { token, user: partnerMember(user) };
  }

  /**
   * The member a partner token names, read again now (a plan that ended since shows as such), for the
   * partner that token was given to while it is still active; null for anything else (a member
   * session's token, an expired or altered token, a disabled account or partner).
   */
  async member(token: string | undefined): Promise<PartnerMember | null> {
    if (!token) return null;
    let claims: PartnerClaims;
    try {
      claims = await this.jwt.verifyAsync<PartnerClaims>(token);
    } catch {
      return null;
    }
    if (claims.typ !== 'partner' || typeof claims.aud !== 'string' || !isUuid(claims.sub)) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(users)
      .innerJoin(partners, and(eq(partners.clientId, claims.aud), eq(partners.status, true)))
      .where(eq(users.id, claims.sub));
    if (!row || !row.user.isActive) return null;
    return partnerMember(row.user);
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
