import { count, eq } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { announcements, categories, orders, plans, posts, settings } from '../../db/schema';
import { sanitizeRichText } from '../../content/rich-text';
import { FormReader, defined } from '../form';
import { defineResource, type Body } from '../resource';

const reader = (body: Body, creating: boolean) =>
  new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
/** On edit, a required field may be left out but not emptied. */
const keepFilled = (f: FormReader, values: Record<string, unknown>, keys: string[]) => {
  for (const k of keys) if (values[k] === '' || values[k] === null) f.need('');
};

export const announcementsResource = defineResource<typeof announcements.$inferSelect>({
  name: 'announcements',
  table: announcements,
  id: announcements.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [announcements.name, announcements.nameEn, announcements.link],
  sort: { name: announcements.name, name_en: announcements.nameEn, created_at: announcements.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: announcements.status, type: 'bool' } },
  toggles: ['status'],
  async create(body) {
    const f = reader(body, true);
    const v = { name: f.text('name'), nameEn: f.text('name_en'), link: f.link('link'), status: f.bool('status') };
    f.need(v.name, v.nameEn, v.link);
    return defined(v);
  },
  async update(body) {
    const f = reader(body, false);
    const v = { name: f.text('name'), nameEn: f.text('name_en'), link: f.link('link'), status: f.bool('status') };
    keepFilled(f, v, ['name', 'nameEn', 'link']);
    return defined(v);
  },
  toRecord: (a) => ({
    id: a.id,
    _id: a.id,
    name: a.name,
    name_en: a.nameEn,
    link: a.link,
    status: a.status,
    created_at: a.createdAt,
  }),
});

export const categoriesResource = defineResource<typeof categories.$inferSelect>({
  name: 'categories',
  table: categories,
  id: categories.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [categories.name, categories.nameEn],
  sort: { name: categories.name, name_en: categories.nameEn, created_at: categories.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: categories.status, type: 'bool' } },
  toggles: ['status'],
  async create(body) {
    const f = reader(body, true);
    const v = { name: f.text('name'), nameEn: f.text('name_en'), status: f.bool('status') };
    f.need(v.name, v.nameEn);
    return defined(v);
  },
  async update(body) {
    const f = reader(body, false);
    const v = { name: f.text('name'), nameEn: f.text('name_en'), status: f.bool('status') };
    keepFilled(f, v, ['name', 'nameEn']);
    return defined(v);
  },
  /** A category in use is not deleted behind its posts' backs: the admin is told how many use it. */
  async remove(row, ctx) {
    const [{ n }] = await ctx.tx.select({ n: count() }).from(posts).where(eq(posts.categoryId, row.id));
    if (n > 0) throw new AppError(409, 'content.category_in_use', { count: n });
    return 'deleted';
  },
  toRecord: (c) => ({
    id: c.id,
    _id: c.id,
    name: c.name,
    name_en: c.nameEn,
    status: c.status,
    created_at: c.createdAt,
  }),
});

const DURATION_TYPES = ['day', 'month', 'year'] as const;
const PLAN_TYPES = ['coach', 'entity'] as const;

function readPlan(body: Body, creating: boolean) {
  const f = reader(body, creating);
  const v = {
    name: f.text('name'),
    nameEn: f.text('name_en'),
    description: f.long('description', 5000),
    descriptionEn: f.long('description_en', 5000),
    orignalPirce: f.money('orignal_pirce'),
    price: f.money('price'),
    duration: f.int('duration', 1, 3650),
    durationType: f.oneOf('duration_type', DURATION_TYPES),
    type: f.oneOf('type', PLAN_TYPES),
    subtype: f.text('subtype', 60),
    status: f.bool('status'),
  };
  if (creating) f.need(v.name, v.nameEn, v.orignalPirce, v.price, v.duration, v.durationType, v.type);
  else keepFilled(f, v, ['name', 'nameEn']);
  return defined(v);
}

/**
 * Membership plans. Prices in SAR; `price` is what is charged (the discount price), never above the
 * original. A plan that has orders is archived (hidden, inactive) rather than deleted, so its
 * transactions keep their plan.
 */
export const plansResource = defineResource<typeof plans.$inferSelect>({
  name: 'plans',
  table: plans,
  id: plans.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [plans.name, plans.nameEn, plans.subtype],
  sort: {
    name_en: plans.nameEn,
    price: plans.price,
    orignal_pirce: plans.orignalPirce,
    duration: plans.duration,
    type: plans.type,
    created_at: plans.createdAt,
  },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: plans.status, type: 'bool' }, type: { column: plans.type, type: 'text' } },
  archive: plans.archivedAt,
  toggles: ['status'],
  async create(body) {
    const v = readPlan(body, true);
    if (Number(v.price) > Number(v.orignalPirce)) throw new AppError(400, 'request.invalid_field', { field: 'price' });
    return v;
  },
  async update(body, row) {
    const v = readPlan(body, false);
    if (Number(v.price ?? row.price) > Number(v.orignalPirce ?? row.orignalPirce))
      throw new AppError(400, 'request.invalid_field', { field: 'price' });
    return v;
  },
  async remove(row, ctx) {
    const [{ n }] = await ctx.tx.select({ n: count() }).from(orders).where(eq(orders.planId, row.id));
    if (n === 0) return 'deleted';
    await ctx.tx.update(plans).set({ archivedAt: new Date(), status: false }).where(eq(plans.id, row.id));
    return 'kept';
  },
  toRecord: (p) => ({
    id: p.id,
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
    status: p.status,
    archived: p.archivedAt !== null,
    archived_at: p.archivedAt,
    created_at: p.createdAt,
  }),
});

/** Site settings (one row per site, WRO): privacy policy and terms, rich text in both languages. */
export const settingsResource = defineResource<typeof settings.$inferSelect>({
  name: 'settings',
  table: settings,
  id: settings.id,
  roles: { read: ['admin'], update: ['admin'] },
  search: [settings.siteName],
  sort: { site_name: settings.siteName },
  defaultSort: ['site_name', 'ASC'],
  filters: { site_name: { column: settings.siteName, type: 'text' } },
  async update(body) {
    const f = new FormReader(body, 'admin.fill_form_edit');
    const rich = (field: string) => {
      const v = f.long(field, 500_000);
      return v === undefined ? undefined : sanitizeRichText(v);
    };
    return defined({
      siteCopyRight: f.text('site_copy_right', 300),
      privacy: rich('privacy'),
      privacyEn: rich('privacy_en'),
      tearmCondition: rich('tearm_condition'),
      tearmConditionEn: rich('tearm_condition_en'),
      updatedAt: new Date(),
    });
  },
  toRecord: (s) => ({
    id: s.id,
    _id: s.id,
    site_name: s.siteName,
    site_copy_right: s.siteCopyRight,
    privacy: s.privacy,
    privacy_en: s.privacyEn,
    tearm_condition: s.tearmCondition,
    tearm_condition_en: s.tearmConditionEn,
    updated_at: s.updatedAt,
  }),
});
