import { STAFF_TYPES } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { users, type User } from '../db/schema';
import { hashIsOutdated, hashPassword, verifyPassword } from './password';
import { SessionService } from './session.service';
import { StaffSecurityService } from './staff-security.service';
import { AuditService } from '../audit/audit.service';

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

/** A staff sign-in's outcome: a session, or the challenge of the two-factor code step. */
export type StaffSignin = { token: string; sessionId: string; user: User } | { challenge: string };

@Injectable()
export class AuthService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly staff: StaffSecurityService,
    private readonly audits: AuditService,
  ) {}

  /** Member sign-in: national ID for students and coaches, e-mail for entities. Returns a session token. */
  async signinMember(id: string | undefined, password: string | undefined, type: 0 | 1 | 2, meta: ClientMeta) {
    const login = id?.trim();
    if (!login || !password) throw new AppError(400, 'auth.fields_empty');
    const where =
      type === 2
        ? and(eq(sql`lower(${users.email})`, login.toLowerCase()), eq(users.type, 2))
        : and(eq(users.nationalId, login), eq(users.type, type));
    return this.signin(where, password, meta);
  }

  /**
   * Back-office sign-in by e-mail, for admins and sub-admins: a session, or, when two-factor sign-in is
   * on, the challenge that the code step (signinStaffCode) takes. Every attempt on a staff account,
   * failed or not, is in the audit log with the client's address.
   */
  async signinStaff(email: string | undefined, password: string | undefined, meta: ClientMeta): Promise<StaffSignin> {
    const login = email?.trim().toLowerCase();
    if (!login || !password) throw new AppError(400, 'auth.admin_fields_empty');
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, login), inArray(users.type, [...STAFF_TYPES])))
      .limit(1);
    if (!(await verifyPassword(user?.passwordHash, password))) {
      if (user) await this.recordStaffSignin(user, meta, { failed: 'password' });
      throw new AppError(401, 'auth.invalid_credentials');
    }
    if (!user.isActive) {
      await this.recordStaffSignin(user, meta, { failed: 'disabled' });
      throw new AppError(403, 'auth.account_disabled');
    }
    await this.upgradeHash(user, password);
    if (user.twoFactorEnabledAt) return { challenge: await this.staff.challenge(user) };
    return this.openStaffSession(user, meta, false);
  }

  /** The code step of a staff sign-in with two-factor on: the challenge of the password step and a code. */
  async signinStaffCode(challenge: unknown, code: unknown, meta: ClientMeta) {
    const user = await this.staff.challenged(challenge);
    if (!(await this.staff.signinCode(user, code))) {
      await this.recordStaffSignin(user, meta, { failed: 'code' });
      throw new AppError(401, 'auth.two_factor_invalid');
    }
    return this.openStaffSession(user, meta, true);
  }

  private async openStaffSession(user: User, meta: ClientMeta, twoFactor: boolean) {
    const { token, sessionId } = await this.sessions.create(user, meta);
    await this.recordStaffSignin(user, meta, { twoFactor });
    return { token, sessionId, user };
  }

  /** An audit entry for a staff sign-in: by the person for a success, by nobody known for a failure. */
  private recordStaffSignin(user: User, meta: ClientMeta, what: { failed?: string; twoFactor?: boolean }) {
    const where = { ip: meta.ip ?? null, user_agent: meta.userAgent?.slice(0, 200) ?? null };
    return this.audits.record(this.db, {
      actor: what.failed ? { id: null, name: meta.ip ?? '' } : user,
      action: what.failed ? 'signin_failed' : 'signin',
      resource: 'admins',
      recordId: user.id,
      after: what.failed
        ? { ...where, reason: what.failed }
        : { ...where, ...(what.twoFactor ? { two_factor: true } : {}) },
    });
  }

  /**
   * A password hash made with older settings is made again while the password is at hand (and kept
   * on `user`, whose hash a two-factor challenge is bound to).
   */
  private async upgradeHash(user: User, password: string) {
    if (!hashIsOutdated(user.passwordHash)) return;
    const passwordHash = await hashPassword(password);
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    user.passwordHash = passwordHash;
  }

  /**
   * The member a partner's embedded page signs in: a student or coach by national ID, an entity by
   * e-mail; `admit` may still refuse the member (an inactive subscription). No session is opened: the
   * partner gets a token of its own (PartnersService), never a member session (issue 31, finding 6).
   */
  async checkEmbedded(
    login: string | undefined,
    password: string | undefined,
    admit: (user: User) => void,
  ): Promise<User> {
    const id = login?.trim();
    if (!id || !password) throw new AppError(400, 'auth.fields_empty');
    const where = id.includes('@')
      ? and(eq(sql`lower(${users.email})`, id.toLowerCase()), eq(users.type, 2))
      : and(eq(users.nationalId, id), inArray(users.type, [0, 1]));
    return this.checkPassword(where, password, admit);
  }

  private async signin(
    where: ReturnType<typeof and>,
    password: string,
    meta: ClientMeta,
    admit?: (user: User) => void,
  ) {
    const user = await this.checkPassword(where, password, admit);
    const { token, sessionId } = await this.sessions.create(user, meta);
    return { token, sessionId, user };
  }

  /** The account `where` names when `password` is its password and `admit` lets it in; refused alike otherwise. */
  private async checkPassword(where: ReturnType<typeof and>, password: string, admit?: (user: User) => void) {
    const [user] = await this.db.select().from(users).where(where).limit(1);
    // Unknown account and wrong password answer alike, in the same time.
    if (!(await verifyPassword(user?.passwordHash, password))) throw new AppError(401, 'auth.invalid_credentials');
    if (!user.isActive) throw new AppError(403, 'auth.account_disabled');
    admit?.(user);
    await this.upgradeHash(user, password);
    return user as User;
  }
}
