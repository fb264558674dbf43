import type { EventView } from '@platform/contract';
import type { events } from '../db/schema';

/** An event as members read it (home page, competitions); the back-office's record adds its state. */
export const eventView = (e: typeof events.$inferSelect): EventView => ({
  _id: e.id,
  name: e.name,
  name_en: e.nameEn,
  description: e.description,
  description_en: e.descriptionEn,
  link: e.link,
  type: e.type,
  event_date: e.eventDate?.toISOString() ?? null,
  home_status: e.homeStatus,
  countdownStarted: e.countdownStarted,
  place: e.place,
  place_en: e.placeEn,
  image: e.image,
});
