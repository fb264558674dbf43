import { plans } from '../src/db/schema';
import type { TestApp } from './harness';

/**
 * Test data builders: a row as a test needs it, with every field it does not care about filled in.
 * A test names only what it is about (`createPlan(t, { price: '10' })`).
 */

/** An active coach plan of a year at 100.00 (VAT included), unless told otherwise. */
export async function createPlan(t: TestApp, fields: Partial<typeof plans.$inferInsert> = {}) {
  const price = fields.price ?? '100';
  const [plan] = await t.database.db
    .insert(plans)
    .values({
      name: 'خطة المدرب',
      nameEn: 'Coach plan',
      originalPrice: price,
      price,
      duration: 1,
      durationType: 'year',
      type: 'coach',
      ...fields,
    })
    .returning();
  return plan;
}
