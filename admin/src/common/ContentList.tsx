import type { ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { listPagination, stickyTableSx } from './list';

/**
 * Delete with the confirm dialog; when the API kept the record as archived (a plan with orders), the
 * toast says so instead of 'deleted'.
 */
function DeleteRowButton() {
  const notify = useNotify();
  const translate = useTranslate();
  const resource = useResourceContext();
  const refresh = useRefresh();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify(`resources.${resource}.notifications.${data?.archived ? 'archived' : 'deleted'}`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.deleted', { smart_count: 1 }) },
          });
          // react-admin has dropped the row from its cache; an archived record is still listed.
          if (data?.archived) refresh();
        },
      }}
    />
  );
}

/**
 * The shared list pattern of the content screens: search, Add, a sticky table of the given columns
 * followed by Edit and Delete (which asks 'Are you sure want to delete?'), pages of 10/25/100.
 */
export function ContentList({ sort, children }: { sort: SortPayload; children: ReactNode }) {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={sort}
      perPage={10}
      pagination={listPagination}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick="edit" sx={stickyTableSx}>
        {children}
        <DataTable.Col label="ra.action.edit">
          <EditButton />
        </DataTable.Col>
        <DataTable.Col label="ra.action.delete">
          <DeleteRowButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
