import { platformDay } from '@platform/contract';
import { ar, en } from '../src/common/i18n';
import { createUser, signIn, startTestApp, type TestApp } from './harness';

/**
 * The entitlement rule lives in the API: a coach or entity without a valid plan is refused teams,
 * achievements and certificates (403 with a message), whatever page asks; students always pass.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PLAN_GATED = ['/api/wro/get-teams?top=2', '/api/wro/get-teams?page=0', '/api/achievements', '/api/certificates'];
/** What a school (entity) still needs a plan for: it sees the teams it confirmed without one (issue 29). */
const PLAN_GATED_FOR_SCHOOLS = ['/api/achievements', '/api/certificates'];

const dayOffset = (days: number) => platformDay(new Date(Date.now() + days * 86_400_000));

async function calls(token: string, lang = 'en', paths = PLAN_GATED) {
  return Promise.all(paths.map((path) => t.http.get(path).set('Authorization', token).set('Accept-Language', lang)));
}

describe('full access', () => {
  it('a coach or an entity without a plan is refused, in their language, and told so by getuser', async () => {
    for (const [type, lang] of [
      [1, 'en'],
      [2, 'ar'],
    ] as const) {
      const member = await createUser(t, { type, subscription: false });
      const token = await signIn(t, member);
      for (const res of await calls(token, lang, type === 2 ? PLAN_GATED_FOR_SCHOOLS : PLAN_GATED)) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, message: (lang === 'ar' ? ar : en)['auth.plan_required'] });
      }
      const me = await t.http.post('/api/getuser').set('Authorization', token);
      expect(me.body.user).toMatchObject({ fullAccess: false, subscriptionValid: false });
    }
  });

  it('a plan that ended yesterday on the platform clock is no plan; one that ends today still is', async () => {
    const ended = await createUser(t, {
      type: 1,
      subscription: true,
      startDate: dayOffset(-40),
      endDate: dayOffset(-1),
    });
    for (const res of await calls(await signIn(t, ended))) expect(res.status).toBe(403);
    const lastDay = await createUser(t, {
      type: 1,
      subscription: true,
      startDate: dayOffset(-40),
      endDate: dayOffset(0),
    });
    const token = await signIn(t, lastDay);
    for (const res of await calls(token)) expect(res.status).toBe(200);
    expect((await t.http.post('/api/getuser').set('Authorization', token)).body.user.fullAccess).toBe(true);
  });

  it('students always have full access, with or without the subscription flag', async () => {
    for (const subscription of [true, false]) {
      const student = await createUser(t, { type: 0, subscription });
      const token = await signIn(t, student);
      for (const res of await calls(token)) expect(res.status).toBe(200);
      expect((await t.http.post('/api/getuser').set('Authorization', token)).body.user.fullAccess).toBe(true);
    }
  });
});
