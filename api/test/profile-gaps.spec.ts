import { join } from 'node:path';

/**
 * The member site's "complete your profile" prompt (issue 37) names only what sign-up asked: never
 * the gender sign-up does not ask, nor a school's region or city. A pure rule of the member site,
 * tested here as a function (the member site has no unit runner of its own).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { profileGaps } = require(join(__dirname, '..', '..', 'member', 'app', 'utils', 'profile')) as {
  profileGaps: (user: { type: number } & Record<string, unknown>) => string[];
};

describe('the profile prompt', () => {
  it('does not ask a student or a coach for the gender, nor a school for a city it was not asked', () => {
    expect(
      profileGaps({ type: 0, dob: '2012-01-01', nationality: 'SA', city: '', education: { school_name: 'X' } }),
    ).toEqual(['account.city']);
    expect(profileGaps({ type: 1, dob: '1980-01-01', nationality: 'SA', region: 'الرياض', city: 'الرياض' })).toEqual(
      [],
    );
    // A school: no gender, region or city asked at sign-up, so none is missing.
    expect(profileGaps({ type: 2, entityType: 'school', gender: null, region: null, city: null })).toEqual([]);
    expect(profileGaps({ type: 2, entityType: 'None' })).toEqual(['account.entity_type']);
    // Staff have nothing to complete here.
    expect(profileGaps({ type: 4 })).toEqual([]);
  });
});
