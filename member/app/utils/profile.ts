import { AccountType } from '@platform/contract';
import type { MessageKey } from '~/i18n';

/**
 * The profile fields each member type is asked for at sign-up and can fill on the account page, with
 * their labels there. Only what sign-up asks is called missing (issue 37): gender is never asked
 * there, nor an entity's region and city, so the home page does not nag for them; the account page
 * still takes them.
 */
const FIELDS: Record<number, [string, MessageKey][]> = {
  [AccountType.Student]: [
    ['dob', 'account.dob'],
    ['nationality', 'account.nationality'],
    ['city', 'account.city'],
    ['education.school_name', 'account.school'],
  ],
  [AccountType.Coach]: [
    ['dob', 'account.dob'],
    ['nationality', 'account.nationality'],
    ['region', 'account.region'],
    ['city', 'account.city'],
  ],
  [AccountType.Entity]: [['entityType', 'account.entity_type']],
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
