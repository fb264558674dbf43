import { plans } from '../src/db/schema';
import { FatooraClient } from '../src/zatca/fatoora.client';
import { onboard } from '../src/zatca/onboarding';
import type { fakeTelr } from './fake-telr';
import type { fakeFatoora } from './fakes/fatoora';
import { createUser, signIn, startTestApp, type TestApp } from './harness';
import { SELLER, SELLER_ENV, csrFields } from './seller';
import { PLAN } from './team-fixtures';

/**
 * Test data builders: a row as a test needs it, with every field it does not care about filled in.
 * A test names only what it is about (`createPlan(t, { price: '10' })`).
 */

type FakeTelr = ReturnType<typeof fakeTelr>;
type FakeFatoora = ReturnType<typeof fakeFatoora>;
type UserFields = Parameters<typeof createUser>[1];

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

/** The coach's annual plan the invoice tests sell: 345.00 with VAT (300.00 and 45.00), once 500.00. */
export const createAnnualPlan = (t: TestApp) =>
  createPlan(t, { name: 'خطة المدرب السنوية', nameEn: 'Coach annual plan', originalPrice: '500.00', price: '345.00' });

/**
 * The API selling as the tests' seller (seller.ts) and taking payments through a fake Telr, which it
 * starts; `env` adds settings (a ZATCA unit's, from onboardedSeller).
 */
export async function startShop(telr: FakeTelr, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({
    TELR_STORE_ID: '15996',
    TELR_AUTH_KEY: 'telr-test-key',
    TELR_TEST_MODE: '1',
    TELR_API_URL: await telr.start(),
    ...SELLER_ENV,
    ...env,
  });
}

/**
 * The seller onboarded to a fake Fatoora, which it starts (a CSR, the compliance checks, a production
 * CSID): the onboarding, the fake's address and the API's ZATCA settings for startShop.
 */
export async function onboardedSeller(fatoora: FakeFatoora, invoiceTypes: '0100' | '1100') {
  const url = await fatoora.start();
  const onboarded = await onboard(new FatooraClient(url), {
    otp: fatoora.otp,
    csr: csrFields(invoiceTypes),
    seller: SELLER,
    vatPercent: 15,
  });
  return {
    url,
    onboarded,
    env: {
      ZATCA_API_URL: url,
      ZATCA_PRIVATE_KEY: Buffer.from(onboarded.privateKeyPem).toString('base64'),
      ZATCA_CSID: onboarded.production.binarySecurityToken,
      ZATCA_CSID_SECRET: onboarded.production.secret,
    },
  };
}

/** A member's order for a plan, which the fake Telr answers as paid when the API asks (not asked yet). */
export async function orderPlan(t: TestApp, telr: FakeTelr, token: string, planId: string): Promise<string> {
  const res = await t.http.post('/api/subcripe/').set('Authorization', token).send({ plan_id: planId });
  expect(res.status).toBe(200);
  telr.setCode(res.body.response.order.ref, 3);
  return res.body.order._id as string;
}

/** The member comes back from the payment page: the API asks Telr, and the order is paid. */
export async function confirmPaid(t: TestApp, token: string, orderId: string) {
  const checked = await t.http.post('/api/telr/').set('Authorization', token).send({ order_id: orderId });
  expect(checked.body.order.payment_status).toBe('Paid');
}

/** A new coach (named, or any) who ordered the plan; Telr answers it as paid, not asked yet. */
export async function coachWithPlanOrder(t: TestApp, telr: FakeTelr, planId: string, fields: UserFields = {}) {
  const coach = await createUser(t, { type: 1, ...fields });
  const token = await signIn(t, coach);
  return { coach, token, orderId: await orderPlan(t, telr, token, planId) };
}

/** A new coach (named, or any) whose order for the plan is paid. */
export async function coachWithPaidPlan(t: TestApp, telr: FakeTelr, planId: string, fields: UserFields = {}) {
  const made = await coachWithPlanOrder(t, telr, planId, fields);
  await confirmPaid(t, made.token, made.orderId);
  return made;
}

/** A school pays its teams' fees in one order: Telr takes the payment, the order is paid. */
export async function paidTeamFees(t: TestApp, telr: FakeTelr, token: string, teamIds: string[]): Promise<string> {
  const res = await t.http.post('/api/school/team-fees/pay').set('Authorization', token).send({ team_ids: teamIds });
  expect(res.status).toBe(200);
  telr.setCode(res.body.response.order.ref, 3);
  const orderId = res.body.order._id as string;
  await confirmPaid(t, token, orderId);
  return orderId;
}

/** A national address as a school types it on its account page (Arabic-Indic digits in two fields). */
export const SCHOOL_ADDRESS = {
  street: 'Prince Sultan St',
  building: '٢٣٤٥',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '١٢٢٤١',
};
/** The school's VAT number, as the API keeps it. */
export const SCHOOL_VAT = '300000000000003';

let schools = 0;
/**
 * A buyer entity: a private school (a coach's plan, so it may register teams) that gave, on its
 * account page, what a standard tax invoice names (legal name `مدارس الرواد n`, VAT number, national
 * address), unless `billing` is false.
 */
export async function createSchool(t: TestApp, { billing = true }: { billing?: boolean } = {}) {
  schools += 1;
  const entity = await createUser(t, {
    type: 2,
    name: `School ${schools}`,
    nationalId: '0000000000',
    email: `head${schools}@school${schools}.example`,
    entityKind: 'private_school',
    ...PLAN,
  });
  const token = await signIn(t, entity);
  const legalName = `مدارس الرواد ${schools}`;
  if (billing) {
    const saved = await t.http
      .post('/api/accounts')
      .set('Authorization', token)
      .send({ legal_name: legalName, tax_id: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣', crNumber: '1010101010', address: SCHOOL_ADDRESS });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      legal_name: legalName,
      tax_id: SCHOOL_VAT,
      address: { ...SCHOOL_ADDRESS, building: '2345', postal_code: '12241' },
    });
  }
  return { entity, token, legalName };
}

/** A season staff add from the back-office; answers its id. */
export async function createSeason(t: TestApp, staff: string, name: string, nameEn: string): Promise<string> {
  const res = await t.http.post('/api/admin/seasons').set('Authorization', staff).send({ name, name_en: nameEn });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
