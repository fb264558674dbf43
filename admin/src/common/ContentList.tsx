import type { ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  type SortPayload,
} from 'react-admin';
import { listPagination, stickyTableSx } from './list';

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
          <DeleteWithConfirmButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
