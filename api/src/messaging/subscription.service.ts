import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { memberUser } from '../auth/user.view';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { users, type User } from '../db/schema';
import { readUnsubscribeToken } from '../outbox/unsubscribe-token';

/**
 * A member's choice to receive announcements and reminders (the `marketing` messages) or not: turned
 * off by an unsubscribe link (the member-site page, or the mail client's one-click POST) and on or off
 * in the account settings. Broadcasts leave unsubscribed members out and the outbox worker skips
 * their queued announcements; codes and notices (authentication, utility) always go out.
 */
@Injectable()
export class SubscriptionService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private accountOf(token: unknown): string {
    const id = readUnsubscribeToken(this.config.jwtSecret, token);
    if (!id) throw new AppError(400, 'unsubscribe.invalid', {}, 'token');
    return id;
  }

  /** Sets the choice of the account a link's token names; answers the account's language (for its page). */
  async byLink(token: unknown, on: boolean): Promise<{ language: 'ar' | 'en' }> {
    const [row] = await this.db
      .update(users)
      // Kept as first chosen when it is chosen again (a second click, or the mail client and the page).
      .set({ unsubscribedAt: on ? null : sql`coalesce(${users.unsubscribedAt}, now())` })
      .where(eq(users.id, this.accountOf(token)))
      .returning({ language: users.language });
    if (!row) throw new AppError(400, 'unsubscribe.invalid', {}, 'token');
    return { language: row.language === 'ar' ? 'ar' : 'en' };
  }

  /** The language of the account a token names (null when the token is not valid), for a redirect. */
  async languageOf(token: unknown): Promise<'ar' | 'en' | null> {
    const id = readUnsubscribeToken(this.config.jwtSecret, token);
    if (!id) return null;
    const [row] = await this.db.select({ language: users.language }).from(users).where(eq(users.id, id));
    return row ? (row.language === 'ar' ? 'ar' : 'en') : null;
  }

  /** The signed-in member's own choice (account settings). */
  async setOwn(user: User, on: boolean) {
    const [row] = await this.db
      .update(users)
      .set({ unsubscribedAt: on ? null : sql`coalesce(${users.unsubscribedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return memberUser(row);
  }
}
