import type { PlanView } from '@platform/contract';
import type { plans } from '../db/schema';

/** An activation plan as members read it; the back-office's record adds its state to it. */
export const planView = (p: typeof plans.$inferSelect): PlanView => ({
  _id: p.id,
  name: p.name,
  name_en: p.nameEn,
  description: p.description,
  description_en: p.descriptionEn,
  orignal_pirce: p.originalPrice,
  price: p.price,
  currency: p.currency,
  duration: p.duration,
  duration_type: p.durationType,
  type: p.type,
  subtype: p.subtype,
});
