import { sql } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { events, settings } from '../../db/schema';
import { FormReader, defined } from '../form';
import { defineResource, type Body, type WriteContext } from '../resource';

function readEvent(body: Body, creating: boolean) {
  const f = new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
  const values = {
    name: f.text('name', 200),
    nameEn: f.text('name_en', 200),
    description: f.long('description', 5000),
    descriptionEn: f.long('description_en', 5000),
    link: f.link('link'),
    type: f.text('type', 40),
    resultsUrl: body.results_url === null || body.results_url === '' ? null : f.link('results_url'),
    eventDate: f.timestamp('event_date'),
    status: f.bool('status'),
    homeStatus: f.bool('home_status'),
    countdownStarted: f.bool('countdownStarted'),
  };
  if (creating) {
    values.type ||= 'wro';
    f.need(values.name, values.nameEn, values.description, values.descriptionEn, values.link, values.eventDate);
  } else {
    for (const key of ['name', 'nameEn', 'description', 'descriptionEn', 'link', 'type'] as const)
      if (values[key] === '') f.need('');
    if (values.eventDate === null) f.need(null);
  }
  if (values.resultsUrl && !/^https?:\/\//i.test(values.resultsUrl))
    throw new AppError(400, 'request.invalid_field', { field: 'results_url' });
  return defined(values);
}

/**
 * An event's type names the site whose teams and results it shows (`/api/{type}/get-teams`): one of
 * the sites the platform knows (a settings row each, `WRO` → `wro`).
 */
async function checkSite(values: { type?: string }, ctx: WriteContext) {
  if (values.type === undefined) return values;
  const known = (await ctx.tx.select({ site: sql<string>`lower(${settings.siteName})` }).from(settings))
    .map((r) => r.site)
    .sort();
  if (!known.includes(values.type.toLowerCase()))
    throw new AppError(400, 'admin.unknown_site', { sites: known.join(', ') }, 'type');
  return { ...values, type: values.type.toLowerCase() };
}

/** Events: the dashboard's countdown follows an active event with home display and countdown on. */
export const eventsResource = defineResource<typeof events.$inferSelect>({
  name: 'events',
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
  create: async (body, ctx) => checkSite(readEvent(body, true), ctx),
  update: async (body, _before, ctx) => checkSite(readEvent(body, false), ctx),
  toRecord: (e) => ({
    id: e.id,
    _id: e.id,
    name: e.name,
    name_en: e.nameEn,
    description: e.description,
    description_en: e.descriptionEn,
    link: e.link,
    type: e.type,
    results_url: e.resultsUrl,
    event_date: e.eventDate,
    status: e.status,
    home_status: e.homeStatus,
    countdownStarted: e.countdownStarted,
    created_at: e.createdAt,
  }),
});
