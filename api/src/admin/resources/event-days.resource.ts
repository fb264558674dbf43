import type { EventDayRecord } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { competitions, eventDays, seasons } from '../../db/schema';
import { Day, Ids, Link, Required, RequiredId, Text } from '../../common/dto';
import { AppError } from '../../common/app-error';
import { competitionRules, setUpEventDay } from '../../event-day/event-day.service';
import { defined, defineResource } from '../resource';

/** An event day as the back-office form sends it; `team_ids` only on create (none: every approved team). */
class EventDayDto {
  @RequiredId() season_id?: string;
  @RequiredId() competition_id?: string;
  @Required() @Day() event_date?: string | null;
  @Required() @Text(150) venue_name?: string;
  @Text(150) venue_name_en?: string;
  @Required() @Text(100) venue_city?: string;
  @Link(500, { webOnly: true, clear: true }) map_url?: string | null;
  @Ids(500) team_ids?: string[];
}

/** Only where and when change after creation: the season, competition, teams and rules stay. */
class EventDayUpdateDto {
  @Day() event_date?: string | null;
  @Text(150) venue_name?: string;
  @Text(150) venue_name_en?: string;
  @Text(100) venue_city?: string;
  @Link(500, { webOnly: true, clear: true }) map_url?: string | null;
}

type Row = {
  event_days: typeof eventDays.$inferSelect;
  seasons: typeof seasons.$inferSelect | null;
  competitions: typeof competitions.$inferSelect | null;
};

/**
 * Event days (issue 32): a competition's day in a season, its venue, its teams and rounds (set up
 * from the competition's ranking rules when it is created). Judges, locks, results and awards have
 * their own routes (event-day/event-admin.controller.ts).
 */
export const eventDaysResource = defineResource<Row, EventDayDto & EventDayUpdateDto>({
  name: 'event-days',
  shapes: { record: 'EventDayRecord' },
  table: eventDays,
  id: eventDays.id,
  joins: [
    [seasons, eq(seasons.id, eventDays.seasonId)],
    [competitions, eq(competitions.id, eventDays.competitionId)],
  ],
  roles: { read: ['admin'], create: ['admin'], update: ['admin'] },
  search: [eventDays.venueName, eventDays.venueNameEn, eventDays.venueCity, competitions.name, competitions.nameEn],
  sort: { event_date: eventDays.eventDate, venue_name: eventDays.venueName, created_at: eventDays.createdAt },
  defaultSort: ['event_date', 'DESC'],
  filters: {
    season_id: { column: eventDays.seasonId, type: 'uuid' },
    competition_id: { column: eventDays.competitionId, type: 'uuid' },
  },
  input: { create: EventDayDto, update: EventDayUpdateDto },
  async create(input, ctx) {
    const [season] = await ctx.tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, input.season_id!));
    if (!season) throw new AppError(400, 'request.invalid_field', { field: 'season_id' }, 'season_id');
    return {
      seasonId: input.season_id,
      competitionId: input.competition_id,
      eventDate: input.event_date,
      venueName: input.venue_name,
      venueNameEn: input.venue_name_en?.trim() || null,
      venueCity: input.venue_city,
      mapUrl: input.map_url || null,
      rules: await competitionRules(ctx.tx, input.competition_id!),
    };
  },
  async update(input) {
    return defined({
      eventDate: input.event_date ?? undefined,
      venueName: input.venue_name,
      venueNameEn: input.venue_name_en === undefined ? undefined : input.venue_name_en.trim() || null,
      venueCity: input.venue_city,
      mapUrl: input.map_url === undefined ? undefined : input.map_url || null,
    });
  },
  async afterWrite(action, row, ctx) {
    if (action === 'create') await setUpEventDay(ctx.tx, row.event_days, (ctx.body as EventDayDto).team_ids);
  },
  toRecord: ({ event_days: d, seasons: s, competitions: c }): EventDayRecord => ({
    id: d.id,
    season_id: d.seasonId,
    season: s?.name ?? null,
    season_en: s?.nameEn ?? null,
    competition_id: d.competitionId,
    competition: c?.name ?? null,
    competition_en: c?.nameEn ?? null,
    event_date: d.eventDate,
    venue_name: d.venueName,
    venue_name_en: d.venueNameEn,
    venue_city: d.venueCity,
    map_url: d.mapUrl,
    rules: d.rules,
    published_at: d.publishedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  }),
});
