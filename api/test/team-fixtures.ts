import { createUser, signIn, type TestApp } from './harness';

/** A coach's plan valid for ever (full access), as the team tests give it. */
export const PLAN = { subscription: true, startDate: '2026-01-01', endDate: '2999-12-31' };
export const DAY = 86_400_000;

/**
 * What the team tests share: a competition opened for registration through the back-office (open
 * now, 2 to 3 members, 2 coaches, unless told), coaches with a plan, eligible students (grade 7,
 * born 2012), a registration and the acceptance of every invitation a member has.
 */
export function teamFixtures(app: () => TestApp, staff: () => string, season: () => string, label: string) {
  let counter = 0;
  const http = () => app().http;
  async function openRegistration(fields: Record<string, unknown> = {}) {
    counter += 1;
    const comp = await http()
      .post('/api/admin/competitions')
      .set('Authorization', staff())
      .send({ name: `مسابقة ${counter} (${label})`, name_en: `${label} ${counter}` });
    const res = await http()
      .post('/api/admin/registrations')
      .set('Authorization', staff())
      .send({
        season_id: season(),
        competition_id: comp.body.id,
        opens_at: new Date(Date.now() - DAY).toISOString(),
        closes_at: new Date(Date.now() + 30 * DAY).toISOString(),
        min_members: 2,
        max_members: 3,
        max_coaches: 2,
        ...fields,
      });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, competition: comp.body.id as string };
  }
  const coachUser = (fields: Record<string, unknown> = {}) => createUser(app(), { type: 1, ...PLAN, ...fields });
  const student = (fields: Record<string, unknown> = {}) =>
    createUser(app(), {
      type: 0,
      dob: '2012-05-01',
      education: { school_name: '', education_admin: '', level: '', grade: '7' },
      ...fields,
    });
  const register = (token: string, comp: string, body: Record<string, unknown>, lang = 'en') =>
    http()
      .post('/api/teams')
      .set('Authorization', token)
      .set('Accept-Language', lang)
      .send({ season_id: season(), competition_id: comp, name: 'Robo Falcons', ...body });
  const invitationsOf = async (token: string) =>
    (await http().get('/api/team-invitations').set('Authorization', token)).body.invitations as {
      _id: string;
      role: string;
      team: { team_no: string; members?: { name: string }[] };
    }[];
  /** Accepts every invitation the member has. */
  async function acceptAll(who: Parameters<typeof signIn>[1]) {
    const token = await signIn(app(), who);
    for (const inv of await invitationsOf(token))
      expect((await http().post(`/api/team-invitations/${inv._id}/accept`).set('Authorization', token)).status).toBe(
        200,
      );
  }
  return { openRegistration, coachUser, student, register, invitationsOf, acceptAll };
}
