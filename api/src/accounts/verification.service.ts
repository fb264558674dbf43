import { LIMITS, MEMBER_TYPES } from '@platform/contract';
import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { users, type User } from '../db/schema';
import { hashPassword } from '../auth/password';
import { SessionService } from '../auth/session.service';
import { OutboxService } from '../outbox/outbox.service';
import { templates } from '../outbox/templates';
import { CodesService, maskDestination } from './codes.service';
import { isEmail, normalizeMobile } from './reference';
import { TicketService } from './tickets';
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
    private readonly tickets: TicketService,
  ) {}

  /** The member a verification ticket (issued at sign-up or at an unverified sign-in) stands for. */
  private async member(ticket: string | undefined): Promise<User> {
    const userId = this.tickets.open('verify', ticket);
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.type, [...MEMBER_TYPES])))
      .limit(1);
    if (!user) throw new AppError(400, 'ticket.invalid');
    return user;
  }

  async sendVerifyCode(ticket: string | undefined, rawPhone: string | undefined, lang: Lang) {
    const mobile = normalizeMobile(rawPhone);
    if (mobile.error !== null) throw new AppError(400, mobile.error, {}, 'phone_number');
    const phone = mobile.phone;
    const user = await this.member(ticket);
    if (user.isVerified) throw new AppError(400, 'otp.already_verified');
    return this.sendPhoneCode(user.id, 'verify', phone, lang);
  }

  /** Sends a code by WhatsApp to a phone that becomes the account's once the code comes back. */
  private async sendPhoneCode(userId: string, purpose: 'verify' | 'phone', phone: string, lang: Lang) {
    if (!(await this.codes.maySend(userId, purpose))) throw new AppError(429, 'request.too_many');
    await this.db.transaction(async (tx) => {
      const code = await this.codes.issue(tx as unknown as Db, userId, purpose, phone);
      const text = templates.verifyCode(lang, { code, minutes: this.config.otp.ttlMinutes });
      await this.outbox.enqueue({ channel: 'whatsapp', to: phone, userId, ...text }, tx as unknown as Db);
    });
    return { destination: maskDestination(phone), length: this.config.otp.length };
  }

  /**
   * A verified member asks for a new phone number: a code goes to it and the old number stays until
   * the code comes back (confirmPhoneChange). Asking again for the same number while its code is
   * live sends nothing new.
   */
  async requestPhoneChange(user: User, phone: string, lang: Lang) {
    if ((await this.codes.liveTarget(user.id, 'phone')) === phone)
      return { destination: maskDestination(phone), length: this.config.otp.length };
    return this.sendPhoneCode(user.id, 'phone', phone, lang);
  }

  /** The code sent to the new number: the number replaces the old one. */
  async confirmPhoneChange(user: User, code: string | undefined): Promise<User> {
    return this.codes.consume(user.id, 'phone', code ?? '', async (tx, phone) => {
      const [updated] = await tx
        .update(users)
        .set({ phoneNumber: phone, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return updated;
    });
  }

  /**
   * The code that went to the phone: the account becomes verified and is signed in (the ticket came
   * from a sign-up or a sign-in with the password, and the code proves the phone), so the member goes
   * on without typing everything again. Answers the new session's token.
   */
  async verify(ticket: string | undefined, code: string | undefined, meta: { ip?: string; userAgent?: string }) {
    const user = await this.member(ticket);
    if (user.isVerified) throw new AppError(400, 'otp.already_verified');
    const verified = await this.codes.consume(user.id, 'verify', code ?? '', async (tx, phone) => {
      const [row] = await tx
        .update(users)
        .set({ isVerified: true, phoneNumber: phone, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row;
    });
    if (!verified.isActive) return { token: undefined };
    return { token: (await this.sessions.create(verified, meta)).token };
  }

  /**
   * Sends a reset code by e-mail. The answer is the same whether or not the account exists: a reset
   * ticket either way (an unknown address's ticket names a made-up account, whose codes never match).
   */
  async sendResetCode(rawEmail: string | undefined, lang: Lang): Promise<{ ticket: string; destination: string }> {
    const email = rawEmail?.trim().toLowerCase();
    if (!email) throw new AppError(400, 'reset.email_required');
    if (!isEmail(email)) throw new AppError(400, 'signup.email');
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    const destination = maskDestination(email);
    if (!user || !user.isActive) return { ticket: this.tickets.issue('reset', randomUUID()), destination };
    if (await this.codes.maySend(user.id, 'reset')) {
      await this.db.transaction(async (tx) => {
        const code = await this.codes.issue(tx as unknown as Db, user.id, 'reset', email);
        const text = templates.resetCode(lang, { name: user.name, code, minutes: this.config.otp.ttlMinutes });
        await this.outbox.enqueue({ channel: 'email', to: user.email!, userId: user.id, ...text }, tx as unknown as Db);
      });
    }
    return { ticket: this.tickets.issue('reset', user.id), destination };
  }

  /** Checks a reset code against the account of a reset ticket and returns a short-lived reset token (rs_token). */
  async checkResetCode(ticket: string | undefined, code: string | undefined): Promise<string> {
    const userId = this.tickets.open('reset', ticket);
    const user = await this.db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user) {
      // A made-up account (unknown e-mail): the same answer as a wrong code.
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
    if (password.length < LIMITS.passwordMin) throw new AppError(400, 'signup.password_weak');
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
