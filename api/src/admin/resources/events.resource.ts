import { sql } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { events, settings } from '../../db/schema';
import { LIMITS, type EventRecord } from '@platform/contract';
import { Bool, FormText, Link, Moment, OptionalText, Required } from '../../common/dto';
import { libraryPaths } from './blogs.resource';
import { defined, defineResource, type WriteContext } from '../resource';
import { eventView } from '../../content/event.view';

/** An event as the back-office form sends it. */
class EventDto {
  @Required() @FormText(LIMITS.titleMax) name?: string;
  @Required() @FormText(LIMITS.titleMax) name_en?: string;
  @Required() @FormText(LIMITS.descriptionMax) description?: string;
  @Required() @FormText(LIMITS.descriptionMax) description_en?: string;
  @Required() @Link() link?: string;
  /** The site whose teams and results it shows; 'wro' when left out on create. */
  @FormText(40) type?: string;
  /** Where its results are published: an http(s) address; '' or null for none. */
  @Link(500, { webOnly: true, clear: true }) results_url?: string | null;
  @Required() @Moment() event_date?: Date | null;
  @Bool() status?: boolean;
  @Bool() home_status?: boolean;
  @Bool() countdownStarted?: boolean;
  /** Where it takes place, in each language ('' or null for not said). */
  @OptionalText(LIMITS.titleMax) place?: string | null;
  @OptionalText(LIMITS.titleMax) place_en?: string | null;
  /** Its picture: one of the media library's images ('' or null for none). */
  @OptionalText(500) image?: string | null;
}

function readEvent(e: EventDto, creating: boolean) {
  const values = defined({
    name: e.name,
    nameEn: e.name_en,
    description: e.description,
    descriptionEn: e.description_en,
    link: e.link,
    type: e.type,
    resultsUrl: e.results_url,
    eventDate: e.event_date ?? undefined,
    status: e.status,
    homeStatus: e.home_status,
    countdownStarted: e.countdownStarted,
    place: e.place === undefined ? undefined : e.place?.trim() || null,
    placeEn: e.place_en === undefined ? undefined : e.place_en?.trim() || null,
    image: e.image === undefined ? undefined : e.image || null,
  });
  if (creating) values.type ||= 'wro';
  else if (values.type === '') throw new AppError(400, 'admin.fill_form_edit');
  return values;
}

/**
 * An event's type names the site whose teams and results it shows (`/api/{type}/get-teams`): one of
 * the sites the platform knows (a settings row each, `WRO` → `wro`).
 */
async function checkSite<T extends { type?: string; image?: string | null }>(values: T, ctx: WriteContext) {
  if (values.image) await libraryPaths(ctx.tx, [values.image], 'image');
  if (values.type === undefined) return values;
  const known = (await ctx.tx.select({ site: sql<string>`lower(${settings.siteName})` }).from(settings))
    .map((r) => r.site)
    .sort();
  if (!known.includes(values.type.toLowerCase()))
    throw new AppError(400, 'admin.unknown_site', { sites: known.join(', ') }, 'type');
  return { ...values, type: values.type.toLowerCase() };
}

/** Events: the dashboard's countdown follows an active event with home display and countdown on. */
export const eventsResource = defineResource<typeof events.$inferSelect, EventDto>({
  name: 'events',
  shapes: { record: 'EventRecord' },
  table: events,
  id: events.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [events.name, events.nameEn, events.type],
  sort: {
    name: events.name,
    name_en: events.nameEn,
    type: events.type,
    event_date: events.eventDate,
    created_at: events.createdAt,
  },
  defaultSort: ['event_date', 'DESC'],
  filters: {
    status: { column: events.status, type: 'bool' },
    type: { column: events.type, type: 'text' },
  },
  toggles: ['status', 'home_status', 'countdownStarted'],
  input: { create: EventDto },
  create: async (input, ctx) => checkSite(readEvent(input, true), ctx),
  update: async (input, _before, ctx) => checkSite(readEvent(input, false), ctx),
  toRecord: (e): EventRecord => ({
    id: e.id,
    ...eventView(e),
    results_url: e.resultsUrl,
    status: e.status,
    created_at: e.createdAt.toISOString(),
  }),
});
