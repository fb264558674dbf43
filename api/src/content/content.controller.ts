import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { and, asc, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { Public } from '../auth/roles';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { announcements, categories, events, plans, posts, settings } from '../db/schema';

type PostRow = { posts: typeof posts.$inferSelect; categories: typeof categories.$inferSelect | null };

/** A post as the member site shows it, both languages; the body only when asked (one article). */
function postView({ posts: p, categories: c }: PostRow, withBody: boolean) {
  return {
    _id: p.id,
    name: p.name,
    name_en: p.nameEn,
    slug: p.slug,
    type: p.type,
    category: c ? { _id: c.id, name: c.name, name_en: c.nameEn } : null,
    short_desc: p.shortDesc,
    short_desc_en: p.shortDescEn,
    image: p.image,
    created_at: p.createdAt,
    ...(withBody
      ? { description: p.description, description_en: p.descriptionEn, galleries: p.galleries, videos: p.videos }
      : {}),
  };
}

const eventView = (e: typeof events.$inferSelect) => ({
  _id: e.id,
  name: e.name,
  name_en: e.nameEn,
  description: e.description,
  description_en: e.descriptionEn,
  link: e.link,
  type: e.type,
  event_date: e.eventDate,
  home_status: e.homeStatus,
  countdownStarted: e.countdownStarted,
});

const int = (v: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/**
 * The reads every home page makes, built once as prepared statements: building a Drizzle query
 * costs more than running it on a small table (bench/api-reads.mjs measured it).
 */
function prepareHomeReads(db: Db) {
  const visible = and(eq(posts.status, true), or(isNull(posts.categoryId), eq(categories.status, true)));
  return {
    posts: db
      .select()
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(visible)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('content_posts'),
    postsTotal: db
      .select({ total: count() })
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(visible)
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
@ApiTags('content')
@Controller()
@Public()
export class ContentController {
  private readonly prepared: ReturnType<typeof prepareHomeReads>;
  constructor(@Inject(DB) private readonly db: Db) {
    this.prepared = prepareHomeReads(db);
  }

  @Get('settings')
  @ApiOperation({ summary: "A site's privacy policy and terms, both languages (site_name defaults to WRO)" })
  async settings(@Query('site_name') siteName?: string) {
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
        site_copy_right: row.siteCopyRight,
        privacy: row.privacy,
        privacy_en: row.privacyEn,
        tearm_condition: row.tearmCondition,
        tearm_condition_en: row.tearmConditionEn,
        updated_at: row.updatedAt,
      },
    };
  }

  @Get('posts')
  @ApiOperation({
    summary:
      'Active posts, newest first: home=true&limit=4 for the dashboard, or page (zero-based), limit and category',
  })
  async posts(@Query() query: Record<string, string | undefined>) {
    const limit = int(query.limit, query.home === 'true' ? 4 : 9, 1, 50);
    const page = int(query.page, 0, 0, 10_000);
    let rows: PostRow[];
    let total: number;
    if (query.category) {
      if (!isUuid(query.category)) throw new AppError(400, 'request.bad_query', { param: 'category' });
      // A post of a switched-off category is hidden with it.
      const where = and(
        eq(posts.status, true),
        or(isNull(posts.categoryId), eq(categories.status, true)),
        eq(posts.categoryId, query.category),
      );
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

  @Get('posts/:slug')
  @ApiOperation({ summary: 'One active post by its slug, with its sanitized bodies, gallery and videos' })
  async post(@Param('slug') slug: string) {
    const [row] = await this.db
      .select()
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(
        and(
          eq(posts.slug, slug.slice(0, 200)),
          eq(posts.status, true),
          or(isNull(posts.categoryId), eq(categories.status, true)),
        ),
      )
      .limit(1);
    if (!row) throw new AppError(404, 'request.not_found');
    return { success: true, post: postView(row, true) };
  }

  @Get('categories')
  @ApiOperation({ summary: 'Active categories, for the articles filter' })
  async categories() {
    const rows = await this.db
      .select()
      .from(categories)
      .where(eq(categories.status, true))
      .orderBy(asc(categories.nameEn));
    return { success: true, categories: rows.map((c) => ({ _id: c.id, name: c.name, name_en: c.nameEn })) };
  }

  @Get('announcements')
  @ApiOperation({
    summary:
      'Active announcements; active upcoming events (soonest first); `event`: the next one shown on the home page with its countdown',
  })
  async announcements() {
    const now = new Date();
    const [list, upcoming] = await Promise.all([
      this.prepared.announcements.execute(),
      this.prepared.upcoming.execute({ now }),
    ]);
    const next = upcoming.find((e) => e.homeStatus && e.countdownStarted) ?? null;
    return {
      success: true,
      announcements: list.map((a) => ({
        _id: a.id,
        name: a.name,
        name_en: a.nameEn,
        link: a.link,
        created_at: a.createdAt,
      })),
      event: next && eventView(next),
      events: upcoming.map(eventView),
    };
  }

  @Get('events')
  @ApiOperation({
    summary: 'The competitions page: active events to come (soonest first) and past ones (latest first), 50 of each',
  })
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

  @Get('plans')
  @ApiOperation({ summary: 'Active activation plans of a membership type (type=coach or entity), cheapest first' })
  async plans(@Query('type') type?: string) {
    if (type !== 'coach' && type !== 'entity') throw new AppError(400, 'request.bad_query', { param: 'type' });
    const rows = await this.db
      .select()
      .from(plans)
      .where(and(eq(plans.type, type), eq(plans.status, true), isNull(plans.archivedAt)))
      .orderBy(asc(plans.price));
    return {
      success: true,
      plan: rows.map((p) => ({
        _id: p.id,
        name: p.name,
        name_en: p.nameEn,
        description: p.description,
        description_en: p.descriptionEn,
        orignal_pirce: p.orignalPirce,
        price: p.price,
        currency: p.currency,
        duration: p.duration,
        duration_type: p.durationType,
        type: p.type,
        subtype: p.subtype,
      })),
    };
  }
}
