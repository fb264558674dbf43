import { AccountType } from '@platform/contract';
import type { MessageKey } from '~/i18n';

/** The profile fields the account page lets each member type fill, with their labels there. */
const FIELDS: Record<number, [string, MessageKey][]> = {
  [AccountType.Student]: [
    ['dob', 'account.dob'],
    ['gender', 'account.gender'],
    ['nationality', 'account.nationality'],
    ['city', 'account.city'],
    ['education.school_name', 'account.school'],
  ],
  [AccountType.Coach]: [
    ['dob', 'account.dob'],
    ['gender', 'account.gender'],
    ['nationality', 'account.nationality'],
    ['region', 'account.region'],
    ['city', 'account.city'],
  ],
  [AccountType.Entity]: [
    ['entityType', 'account.entity_type'],
    ['region', 'account.region'],
    ['city', 'account.city'],
  ],
};

const read = (user: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null), user);

/**
 * The labels of the fields a member has left empty and can fill on the account page: the "complete
 * your profile" prompt shows them, and goes once there are none. Staff have nothing to complete here.
 * The old contract's filler `None` counts as empty.
 */
export function profileGaps(user: { type: number } & Record<string, unknown>): MessageKey[] {
  return (FIELDS[user.type] ?? [])
    .filter(([path]) => {
      const v = read(user, path);
      return typeof v !== 'string' || v.trim() === '' || v === 'None';
    })
    .map(([, label]) => label);
}
