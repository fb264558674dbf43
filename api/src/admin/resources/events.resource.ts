import { events } from '../../db/schema';
import { defineResource } from '../resource';

export const eventsResource = defineResource<typeof events.$inferSelect>({
  name: 'events',
  table: events,
  id: events.id,
  roles: { read: ['admin'], write: ['admin'] },
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
  toRecord: (e) => ({
    id: e.id,
    _id: e.id,
    name: e.name,
    name_en: e.nameEn,
    description: e.description,
    description_en: e.descriptionEn,
    link: e.link,
    type: e.type,
    event_date: e.eventDate,
    status: e.status,
    home_status: e.homeStatus,
    countdownStarted: e.countdownStarted,
    created_at: e.createdAt,
  }),
});
