import type { TeamRecord } from '@platform/contract';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';

/**
 * A staff write on one team (`PUT /api/admin/teams/:id` with only the fields given): says `done` and
 * reloads the page; a refusal rejects with the API's message (in the admin's language) for the caller to show.
 */
export function useTeamWrite(record: TeamRecord | undefined) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (data: Record<string, unknown>, done: string) => {
    if (!record) return;
    await dataProvider.update('teams', { id: record.id, data, previousData: record });
    notify(done, { type: 'success' });
    refresh();
  };
}
