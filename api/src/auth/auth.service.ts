import { STAFF_TYPES } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { users, type User } from '../db/schema';
import { hashIsOutdated, hashPassword, verifyPassword } from './password';
import { SessionService } from './session.service';

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sessions: SessionService,
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

  /** Back-office sign-in by e-mail, for admins and sub-admins. */
  async signinStaff(email: string | undefined, password: string | undefined, meta: ClientMeta) {
    const login = email?.trim().toLowerCase();
    if (!login || !password) throw new AppError(400, 'auth.admin_fields_empty');
    return this.signin(
      and(eq(sql`lower(${users.email})`, login), inArray(users.type, [...STAFF_TYPES])),
      password,
      meta,
    );
  }

  /**
   * Sign-in on a partner's embedded page: a student or coach by national ID, an entity by e-mail;
   * `admit` may still refuse the member (an inactive subscription) before any session exists.
   */
  async signinEmbedded(
    login: string | undefined,
    password: string | undefined,
    meta: ClientMeta,
    admit: (user: User) => void,
  ) {
    const id = login?.trim();
    if (!id || !password) throw new AppError(400, 'auth.fields_empty');
    const where = id.includes('@')
      ? and(eq(sql`lower(${users.email})`, id.toLowerCase()), eq(users.type, 2))
      : and(eq(users.nationalId, id), inArray(users.type, [0, 1]));
    return this.signin(where, password, meta, admit);
  }

  private async signin(
    where: ReturnType<typeof and>,
    password: string,
    meta: ClientMeta,
    admit?: (user: User) => void,
  ) {
    const [user] = await this.db.select().from(users).where(where).limit(1);
    // Unknown account and wrong password answer alike, in the same time.
    if (!(await verifyPassword(user?.passwordHash, password))) throw new AppError(401, 'auth.invalid_credentials');
    if (!user.isActive) throw new AppError(403, 'auth.account_disabled');
    admit?.(user);
    if (hashIsOutdated(user.passwordHash)) {
      const passwordHash = await hashPassword(password);
      await this.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    }
    const { token, sessionId } = await this.sessions.create(user, meta);
    return { token, sessionId, user: user as User };
  }
}
