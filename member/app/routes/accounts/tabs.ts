import { roleOf } from '@platform/contract';

/** The account page's tabs, in order, as `?tab=` names them (the spec's spellings). */
export const ALL_TABS = [
  'profile',
  'myteams',
  'achivements',
  'myskills',
  'certificates',
  'research',
  'subscriptions',
  'settings',
  'logout',
] as const;
export type TabName = (typeof ALL_TABS)[number];

/** Which tabs a member type sees (spec §2 "Account page"). */
export function tabsFor(type: number): TabName[] {
  return ALL_TABS.filter((tab) => {
    const role = roleOf(type);
    if (role === 'entity' && ['myskills', 'certificates', 'research'].includes(tab)) return false;
    if (tab === 'subscriptions') return role === 'coach' || role === 'entity';
    return true;
  });
}
