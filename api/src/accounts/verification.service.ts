import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Lang } from '../common/messages';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG, DB } from '../db/db.module';
import { users, type User } from '../db/schema';
import { hashPassword } from '../auth/password';
import { SessionService } from '../auth/session.service';
import { OutboxService } from '../messages/outbox.service';
import { templates } from '../messages/templates';
import { CodesService, maskDestination } from './codes.service';
import { isEmail, normalizePhone } from './reference';
import { isUuid } from '../common/ids';

interface ResetClaims {
  purpose: 'reset';
  sub: string;
  /** A fingerprint of the password hash at issue time: the token dies once the password changes. */
  pwd: string;
}

const fingerprint = (hash: string) => createHash('sha256').update(hash).digest('base64url').slice(0, 16);

/** Phone verification and password reset by one-time code (spec §4 and §7). */
@Injectable()
export class VerificationService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly codes: CodesService,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionService,
    private readonly jwt: JwtService,
  ) {}

  private async member(userId: string | undefined): Promise<User> {
    if (!isUuid(userId)) throw new AppError(404, 'otp.user_not_found');
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.type, [0, 1, 2])))
      .limit(1);
    if (!user) throw new AppError(404, 'otp.user_not_found');
    return user;
  }

  async sendVerifyCode(userId: string | undefined, rawPhone: string | undefined, lang: Lang) {
    const phone = normalizePhone(rawPhone);
    if (!phone) throw new AppError(400, 'signup.phone');
    const user = await this.member(userId);
    if (user.isVerified) throw new AppError(400, 'otp.already_verified');
    if (!(await this.codes.maySend(user.id, 'verify'))) throw new AppError(429, 'request.too_many');
    await this.db.transaction(async (tx) => {
      const code = await this.codes.issue(tx as unknown as Db, user.id, 'verify', phone);
      const text = templates.verifyCode(lang, { code, minutes: this.config.otp.ttlMinutes });
      await this.outbox.enqueue({ channel: 'whatsapp', to: phone, ...text }, tx as unknown as Db);
    });
    return { destination: maskDestination(phone), length: this.config.otp.length };
  }

  async verify(userId: string | undefined, code: string | undefined) {
    const user = await this.member(userId);
    if (user.isVerified) throw new AppError(400, 'otp.already_verified');
    await this.codes.consume(user.id, 'verify', code ?? '', async (tx, phone) => {
      await tx
        .update(users)
        .set({ isVerified: true, phoneNumber: phone, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    });
  }

  /**
   * Sends a reset code by e-mail. The answer is the same whether or not the account exists: an
   * unknown address gets a stable made-up id, whose codes never match.
   */
  async sendResetCode(rawEmail: string | undefined, lang: Lang): Promise<{ userId: string; destination: string }> {
    const email = rawEmail?.trim().toLowerCase();
    if (!email) throw new AppError(400, 'reset.email_required');
    if (!isEmail(email)) throw new AppError(400, 'signup.email');
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user || !user.isActive) return { userId: this.madeUpId(email), destination: maskDestination(email) };
    if (await this.codes.maySend(user.id, 'reset')) {
      await this.db.transaction(async (tx) => {
        const code = await this.codes.issue(tx as unknown as Db, user.id, 'reset', email);
        const text = templates.resetCode(lang, { name: user.name, code, minutes: this.config.otp.ttlMinutes });
        await this.outbox.enqueue({ channel: 'email', to: user.email!, ...text }, tx as unknown as Db);
      });
    }
    return { userId: user.id, destination: maskDestination(email) };
  }

  private madeUpId(email: string): string {
    const h = createHmac('sha256', this.config.jwtSecret).update(`no-account:${email}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Checks a reset code and returns a short-lived reset token (rs_token). */
  async checkResetCode(userId: string | undefined, code: string | undefined): Promise<string> {
    if (!isUuid(userId)) throw new AppError(400, 'otp.incorrect');
    const user = await this.db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user) {
      // A made-up id (unknown e-mail): the same answer as a wrong code.
      throw new AppError(400, 'otp.incorrect');
    }
    await this.codes.consume(user.id, 'reset', code ?? '', async () => undefined);
    const claims: ResetClaims = { purpose: 'reset', sub: user.id, pwd: fingerprint(user.passwordHash) };
    return this.jwt.signAsync(claims, { expiresIn: '15m' });
  }

  /** Sets a new password with a reset token; ends every session of the account. Returns the account type. */
  async resetPassword(
    token: string | undefined,
    password: string | undefined,
    confirm: string | undefined,
  ): Promise<number> {
    let claims: ResetClaims | undefined;
    try {
      claims = token ? await this.jwt.verifyAsync<ResetClaims>(token) : undefined;
    } catch {
      claims = undefined;
    }
    if (!claims || claims.purpose !== 'reset' || !isUuid(claims.sub)) throw new AppError(401, 'reset.link_expired');
    if (!password) throw new AppError(400, 'signup.fields_empty');
    if (password.length < 8) throw new AppError(400, 'signup.password_weak');
    if (confirm !== undefined && confirm !== password) throw new AppError(400, 'signup.password_mismatch');
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, claims!.sub)).for('update').limit(1);
      // Single use: once the password changed, the token's fingerprint no longer matches.
      if (!user || fingerprint(user.passwordHash) !== claims!.pwd) throw new AppError(401, 'reset.link_expired');
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await this.sessions.revokeAll(user.id, tx as unknown as Db);
      return user.type;
    });
  }
}
