import type { AnnouncementRecord, CategoryRecord, PlanRecord, SettingsRecord } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { announcements, categories, orders, plans, posts, settings } from '../../db/schema';
import { sanitizeRichText } from '../../content/rich-text';
import { planView } from '../../payments/plan.view';
import { defined, defineResource } from '../resource';
import { AnnouncementDto, CategoryDto, PlanDto, SettingsDto } from './content.dto';

export const announcementsResource = defineResource<typeof announcements.$inferSelect, AnnouncementDto>({
  name: 'announcements',
  shapes: { record: 'AnnouncementRecord' },
  table: announcements,
  id: announcements.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [announcements.name, announcements.nameEn, announcements.link],
  sort: { name: announcements.name, name_en: announcements.nameEn, created_at: announcements.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: announcements.status, type: 'bool' } },
  toggles: ['status'],
  input: { create: AnnouncementDto },
  create: async (a) => defined({ name: a.name, nameEn: a.name_en, link: a.link, status: a.status }),
  update: async (a) => defined({ name: a.name, nameEn: a.name_en, link: a.link, status: a.status }),
  toRecord: (a): AnnouncementRecord => ({
    id: a.id,
    _id: a.id,
    name: a.name,
    name_en: a.nameEn,
    link: a.link,
    status: a.status,
    created_at: a.createdAt.toISOString(),
  }),
});

export const categoriesResource = defineResource<typeof categories.$inferSelect, CategoryDto>({
  name: 'categories',
  shapes: { record: 'CategoryRecord' },
  table: categories,
  id: categories.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [categories.name, categories.nameEn],
  sort: { name: categories.name, name_en: categories.nameEn, created_at: categories.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: categories.status, type: 'bool' } },
  toggles: ['status'],
  input: { create: CategoryDto },
  create: async (c) => defined({ name: c.name, nameEn: c.name_en, status: c.status }),
  update: async (c) => defined({ name: c.name, nameEn: c.name_en, status: c.status }),
  /** A category in use is not deleted behind its posts' backs: the admin is told how many use it. */
  async remove(row, ctx) {
    const [{ n }] = await ctx.tx.select({ n: count() }).from(posts).where(eq(posts.categoryId, row.id));
    if (n > 0) throw new AppError(409, 'content.category_in_use', { count: n });
    return 'deleted';
  },
  toRecord: (c): CategoryRecord => ({
    id: c.id,
    _id: c.id,
    name: c.name,
    name_en: c.nameEn,
    status: c.status,
    created_at: c.createdAt.toISOString(),
  }),
});

function planValues(p: PlanDto) {
  return defined({
    name: p.name,
    nameEn: p.name_en,
    description: p.description,
    descriptionEn: p.description_en,
    originalPrice: p.orignal_pirce,
    price: p.price,
    duration: p.duration,
    durationType: p.duration_type,
    type: p.type,
    subtype: p.subtype,
    status: p.status,
  });
}

/**
 * Membership plans. Prices in SAR; `price` is what is charged (the discount price), never above the
 * original. A plan that has orders is archived (hidden, inactive) rather than deleted, so its
 * transactions keep their plan.
 */
export const plansResource = defineResource<typeof plans.$inferSelect, PlanDto>({
  name: 'plans',
  shapes: { record: 'PlanRecord' },
  table: plans,
  id: plans.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [plans.name, plans.nameEn, plans.subtype],
  sort: {
    name_en: plans.nameEn,
    price: plans.price,
    orignal_pirce: plans.originalPrice,
    duration: plans.duration,
    type: plans.type,
    created_at: plans.createdAt,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: plans.status, type: 'bool' }, type: { column: plans.type, type: 'text' } },
  archive: plans.archivedAt,
  toggles: ['status'],
  input: { create: PlanDto },
  async create(input) {
    const v = planValues(input);
    if (Number(v.price) > Number(v.originalPrice)) throw new AppError(400, 'request.invalid_field', { field: 'price' });
    return v;
  },
  async update(input, row) {
    const v = planValues(input);
    if (Number(v.price ?? row.price) > Number(v.originalPrice ?? row.originalPrice))
      throw new AppError(400, 'request.invalid_field', { field: 'price' });
    return v;
  },
  async remove(row, ctx) {
    const [{ n }] = await ctx.tx.select({ n: count() }).from(orders).where(eq(orders.planId, row.id));
    if (n === 0) return 'deleted';
    await ctx.tx.update(plans).set({ archivedAt: new Date(), status: false }).where(eq(plans.id, row.id));
    return 'kept';
  },
  toRecord: (p): PlanRecord => ({
    id: p.id,
    ...planView(p),
    status: p.status,
    archived: p.archivedAt !== null,
    archived_at: p.archivedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  }),
});

/** Site settings (one row per site, WRO): privacy policy and terms, rich text in both languages. */
export const settingsResource = defineResource<typeof settings.$inferSelect, SettingsDto>({
  name: 'settings',
  shapes: { record: 'SettingsRecord' },
  table: settings,
  id: settings.id,
  roles: { read: ['admin'], update: ['admin'] },
  search: [settings.siteName],
  sort: { site_name: settings.siteName },
  defaultSort: ['site_name', 'ASC'],
  filters: { site_name: { column: settings.siteName, type: 'text' } },
  input: { update: SettingsDto },
  async update(s) {
    const rich = (v: string | undefined) => (v === undefined ? undefined : sanitizeRichText(v));
    return defined({
      siteCopyright: s.site_copy_right,
      privacy: rich(s.privacy),
      privacyEn: rich(s.privacy_en),
      termsConditions: rich(s.tearm_condition),
      termsConditionsEn: rich(s.tearm_condition_en),
      updatedAt: new Date(),
    });
  },
  toRecord: (s): SettingsRecord => ({
    id: s.id,
    _id: s.id,
    site_name: s.siteName,
    site_copy_right: s.siteCopyright,
    privacy: s.privacy,
    privacy_en: s.privacyEn,
    tearm_condition: s.termsConditions,
    tearm_condition_en: s.termsConditionsEn,
    updated_at: s.updatedAt.toISOString(),
  }),
});
