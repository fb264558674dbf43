import { STAFF_TYPES } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { sessions, users, type Session, type User } from '../db/schema';
import { isUuid } from '../common/ids';

export interface Auth {
  user: User;
  session: Session;
  token: string;
}

/** Admins and sub-admins: their sessions end after minutes idle, members' after days. */
const STAFF = new Set<number>(STAFF_TYPES);

/** What a session token says: the session row (`sid`) and its account (`sub`). */
export interface Claims {
  sid: string;
  sub: string;
}

/** Sessions are rows; a JWT only names its row, so revoking the row ends the session at once. */
@Injectable()
export class SessionService {
  /**
   * Every signed-in request reads its session: the statement is built once and prepared once per
   * connection (building it took drizzle 0.2 ms of CPU per request, and PostgreSQL parsed and planned it).
   */
  private readonly liveRow;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
  ) {
    this.liveRow = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sid')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_live');
  }

  async create(user: User, meta: { ip?: string; userAgent?: string }): Promise<{ token: string; sessionId: string }> {
    // Both times on the API's clock, as the idle check reads them (not the database server's now()).
    const lastSeenAt = new Date();
    const expiresAt = new Date(lastSeenAt.getTime() + this.config.sessionTtlDays * 86_400_000);
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: user.id,
        expiresAt,
        lastSeenAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    const token = await this.jwt.signAsync({ sid: row.id, sub: user.id } satisfies Claims, {
      expiresIn: `${this.config.sessionTtlDays}d`,
    });
    return { token, sessionId: row.id };
  }

  /** The live session and account a token names, or null (bad signature, expired, revoked, account disabled). */
  async resolve(token: string): Promise<Auth | null> {
    let claims: Claims;
    try {
      claims = await this.jwt.verifyAsync<Claims>(token);
    } catch {
      return null;
    }
    return this.live(claims, token);
  }

  /** The live session and account that verified claims name, or null (revoked, expired, idle, account disabled or another). */
  async live(claims: Claims, token: string): Promise<Auth | null> {
    if (typeof claims.sid !== 'string' || !isUuid(claims.sid)) return null;
    const [row] = await this.liveRow.execute({ sid: claims.sid, now: new Date() });
    if (!row || !row.user.isActive || row.user.id !== claims.sub) return null;
    const staff = STAFF.has(row.user.type);
    const idleMs = staff ? this.config.staffIdleMinutes * 60_000 : this.config.memberIdleDays * 86_400_000;
    if (!(await this.stillActive(row.session, idleMs, staff ? 60_000 : 3_600_000))) return null;
    return { ...row, token };
  }

  /**
   * A session unused for its idle limit (staff: STAFF_IDLE_MINUTES; members: MEMBER_IDLE_DAYS) ends
   * (the row is revoked); otherwise this call extends it. The last-seen time is written at most once
   * per `every` ms (a minute for staff, an hour for members) or a quarter of the idle time.
   */
  private async stillActive(session: Session, idleMs: number, every: number): Promise<boolean> {
    const now = Date.now();
    const since = now - session.lastSeenAt.getTime();
    if (since > idleMs) {
      await this.revoke(session.id);
      return false;
    }
    if (since > Math.min(every, idleMs / 4)) {
      const lastSeenAt = new Date(now);
      await this.db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, session.id));
      session.lastSeenAt = lastSeenAt;
    }
    return true;
  }

  /** Ends every session of an account but one (a staff member's password change keeps the page it was made on). */
  async revokeOthers(userId: string, keep: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep)));
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of an account (sign out everywhere, password change, account disabled). */
  async revokeAll(userId: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}

/** The token of a request: `Authorization: <jwt>` or `Authorization: Bearer <jwt>`. */
export function tokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
