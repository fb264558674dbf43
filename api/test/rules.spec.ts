import {
  addDays,
  daysBetween,
  hasFullAccess,
  ineligibility,
  medalOf,
  nextDay,
  platformDay,
  platformDayStart,
} from '@platform/contract';
import { addPeriod } from '../src/payments/period';
import { vatCents } from '../src/payments/invoice';

// The pure rules, without an app or a database: fast, and each case named by what it is about.

describe('days on the platform clock', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(nextDay('2026-06-30')).toBe('2026-07-01');
  });
  it('counts the days between two days, negative backwards', () => {
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-05-10', '2026-05-03')).toBe(-7);
  });
  it('a day starts at midnight in Riyadh, three hours before UTC', () => {
    expect(platformDayStart('2026-09-01').toISOString()).toBe('2026-08-31T21:00:00.000Z');
    expect(platformDay(new Date('2026-08-31T21:00:00Z'))).toBe('2026-09-01');
    expect(platformDay(new Date('2026-08-31T20:59:59Z'))).toBe('2026-08-31');
  });
});

describe('plan periods', () => {
  it('a month or a year past the end of a month stays on its last day', () => {
    expect(addPeriod('2027-01-31', 1, 'month')).toBe('2027-02-28');
    expect(addPeriod('2028-01-31', 1, 'month')).toBe('2028-02-29');
    expect(addPeriod('2028-02-29', 1, 'year')).toBe('2029-02-28');
    expect(addPeriod('2026-03-15', 6, 'month')).toBe('2026-09-15');
    expect(addPeriod('2026-03-15', 10, 'day')).toBe('2026-03-25');
  });
  it('refuses a unit it does not know', () => {
    expect(() => addPeriod('2026-01-01', 1, 'week')).toThrow('Unknown duration type');
  });
});

describe('full access (the entitlement rule)', () => {
  const now = new Date('2026-11-26T09:00:00Z');
  it('students always; coaches and entities only with a plan that has not ended on the platform clock', () => {
    expect(hasFullAccess({ type: 0, subscribed: false, startDate: null, endDate: null }, now)).toBe(true);
    expect(hasFullAccess({ type: 1, subscribed: false, startDate: null, endDate: null }, now)).toBe(false);
    expect(hasFullAccess({ type: 1, subscribed: true, startDate: '2026-01-01', endDate: '2026-11-26' }, now)).toBe(
      true,
    );
    expect(hasFullAccess({ type: 1, subscribed: true, startDate: '2026-01-01', endDate: '2026-11-25' }, now)).toBe(
      false,
    );
    // Riyadh is already on the 27th at 21:00 UTC on the 26th: a plan ending on the 26th has ended.
    const late = new Date('2026-11-26T21:00:00Z');
    expect(hasFullAccess({ type: 2, subscribed: true, startDate: '2026-01-01', endDate: '2026-11-26' }, late)).toBe(
      false,
    );
    expect(hasFullAccess({ type: 1, subscribed: true, startDate: '2026-12-01', endDate: '2026-11-30' }, now)).toBe(
      false,
    );
  });
});

describe('eligibility for a registration', () => {
  const rules = { grades: [] as string[], min_age: 10, max_age: 15, age_on: '2026-09-01' };
  it('counts ages on the reference day, birthdays included', () => {
    expect(ineligibility({ dob: '2016-09-01', grade: null }, rules)).toBeNull();
    expect(ineligibility({ dob: '2016-09-02', grade: null }, rules)).toMatchObject({ rule: 'min_age', age: 9 });
    expect(ineligibility({ dob: '2010-09-02', grade: null }, rules)).toBeNull();
    expect(ineligibility({ dob: '2010-09-01', grade: null }, rules)).toMatchObject({ rule: 'max_age', age: 16 });
    expect(ineligibility({ dob: null, grade: null }, rules)).toMatchObject({ rule: 'no_dob' });
  });
  it('checks the grade first, trimmed', () => {
    const graded = { ...rules, grades: ['7', '8'] };
    expect(ineligibility({ dob: '2013-01-01', grade: ' 7 ' }, graded)).toBeNull();
    expect(ineligibility({ dob: '2013-01-01', grade: '9' }, graded)).toMatchObject({ rule: 'grade', grade: '9' });
    expect(ineligibility({ dob: null, grade: '' }, graded)).toMatchObject({ rule: 'grade', grade: null });
  });
  it('no age rule: any age, even without a birth date', () => {
    expect(ineligibility({ dob: null, grade: null }, { ...rules, min_age: null, max_age: null })).toBeNull();
  });
});

describe('money', () => {
  it('the VAT inside a total that includes it, to the cent', () => {
    expect(vatCents('115.00', 15)).toBe(1500);
    expect(vatCents('345.00', 15)).toBe(4500);
    expect(vatCents('100.00', 15)).toBe(1304);
    expect(vatCents('0.01', 15)).toBe(0);
    expect(vatCents('200.00', 0)).toBe(0);
  });
  it('medals by rank', () => {
    expect([1, 2, 3].map(medalOf)).toEqual(['Gold', 'Silver', 'Bronze']);
  });
});
