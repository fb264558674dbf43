import type { AnnouncementView } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { announcements, categories, events, posts, settings } from '../db/schema';
import { postView, type PostRow } from './content.view';
import { eventView } from './event.view';

const int = (v: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** A post shows only when it is on and its category (if any) is on too. */
const visiblePost = () => and(eq(posts.status, true), or(isNull(posts.categoryId), eq(categories.status, true)));

/**
 * The reads every home page makes, built once as prepared statements: building a Drizzle query
 * costs more than running it on a small table (bench/api-reads.mjs measured it).
 */
function prepareHomeReads(db: Db) {
  return {
    posts: db
      .select()
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(visiblePost())
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('content_posts'),
    postsTotal: db
      .select({ total: count() })
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(visiblePost())
      .prepare('content_posts_total'),
    announcements: db
      .select()
      .from(announcements)
      .where(eq(announcements.status, true))
      .orderBy(desc(announcements.createdAt))
      .limit(20)
      .prepare('content_announcements'),
    upcoming: db
      .select()
      .from(events)
      .where(and(eq(events.status, true), gte(events.eventDate, sql.placeholder('now'))))
      .orderBy(asc(events.eventDate))
      .limit(20)
      .prepare('content_upcoming_events'),
  };
}

/** What the member site reads of the content staff write: only what is switched on reaches it. */
@Injectable()
export class ContentService {
  private readonly prepared: ReturnType<typeof prepareHomeReads>;
  constructor(@Inject(DB) private readonly db: Db) {
    this.prepared = prepareHomeReads(db);
  }

  async settings(siteName?: string) {
    const [row] = await this.db
      .select()
      .from(settings)
      .where(eq(settings.siteName, typeof siteName === 'string' && siteName ? siteName.slice(0, 40) : 'WRO'))
      .limit(1);
    if (!row) throw new AppError(404, 'request.not_found');
    return {
      success: true,
      setting: {
        site_name: row.siteName,
        site_copy_right: row.siteCopyright,
        privacy: row.privacy,
        privacy_en: row.privacyEn,
        tearm_condition: row.termsConditions,
        tearm_condition_en: row.termsConditionsEn,
        updated_at: row.updatedAt,
      },
    };
  }

  async posts(query: Record<string, string | undefined>) {
    const limit = int(query.limit, query.home === 'true' ? 4 : 9, 1, 50);
    const page = int(query.page, 0, 0, 10_000);
    let rows: PostRow[];
    let total: number;
    if (query.category) {
      if (!isUuid(query.category)) throw new AppError(400, 'request.bad_query', { param: 'category' });
      const where = and(visiblePost(), eq(posts.categoryId, query.category));
      [rows, [{ total }]] = await Promise.all([
        this.db
          .select()
          .from(posts)
          .leftJoin(categories, eq(categories.id, posts.categoryId))
          .where(where)
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(limit)
          .offset(page * limit),
        this.db
          .select({ total: count() })
          .from(posts)
          .leftJoin(categories, eq(categories.id, posts.categoryId))
          .where(where),
      ]);
    } else {
      [rows, [{ total }]] = await Promise.all([
        this.prepared.posts.execute({ limit, offset: page * limit }),
        this.prepared.postsTotal.execute(),
      ]);
    }
    return {
      success: true,
      posts: rows.map((r) => postView(r, false)),
      currentPage: page,
      totalPages: Math.ceil(total / limit),
    };
  }

  async post(slug: string) {
    const [row] = await this.db
      .select()
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(and(eq(posts.slug, slug.slice(0, 200)), visiblePost()))
      .limit(1);
    if (!row) throw new AppError(404, 'request.not_found');
    return { success: true, post: postView(row, true) };
  }

  async categories() {
    const rows = await this.db
      .select()
      .from(categories)
      .where(eq(categories.status, true))
      .orderBy(asc(categories.nameEn));
    return { success: true, categories: rows.map((c) => ({ _id: c.id, name: c.name, name_en: c.nameEn })) };
  }

  async announcements() {
    const now = new Date();
    const [list, upcoming] = await Promise.all([
      this.prepared.announcements.execute(),
      this.prepared.upcoming.execute({ now }),
    ]);
    const next = upcoming.find((e) => e.homeStatus && e.countdownStarted) ?? null;
    return {
      success: true,
      announcements: list.map((a): AnnouncementView => ({
        _id: a.id,
        name: a.name,
        name_en: a.nameEn,
        link: a.link,
        created_at: a.createdAt.toISOString(),
      })),
      event: next && eventView(next),
      events: upcoming.map(eventView),
    };
  }

  async events() {
    const now = new Date();
    const activeEvents = (when: SQL, order: SQL) =>
      this.db
        .select()
        .from(events)
        .where(and(eq(events.status, true), when))
        .orderBy(order)
        .limit(50);
    const [upcoming, past] = await Promise.all([
      activeEvents(gte(events.eventDate, now), asc(events.eventDate)),
      activeEvents(lt(events.eventDate, now), desc(events.eventDate)),
    ]);
    return { success: true, upcoming: upcoming.map(eventView), past: past.map(eventView) };
  }
}
