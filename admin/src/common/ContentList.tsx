import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  Button,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useUpdate,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { ListActions, PublishBulkActions } from './filters';
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

/** Puts an archived record back in the list (a PUT of archived: false); it stays inactive until enabled. */
function RestoreButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Button
      label="app.restore.action"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        update(
          resource,
          { id: record.id, data: { archived: false }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('app.restore.done', { type: 'success' });
              refresh();
            },
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        );
      }}
    >
      <RestoreIcon />
    </Button>
  );
}

/** Delete for a live record, Restore for an archived one. */
function RowEndButton() {
  const record = useRecordContext();
  return record?.archived ? <RestoreButton /> : <DeleteRowButton />;
}

/**
 * The shared list pattern of the content screens: search and a status filter (every filter behind
 * the filter button), Add, a sticky table of the given columns followed by Edit and Delete (which
 * asks before deleting), publish/unpublish/delete for the selected rows, pages of 10/25/100.
 * `archives`: the resource keeps records with history as archived; an "Archived" filter shows
 * them, each with a Restore button. On a phone the table is a list of the records' names in the
 * interface's language, `secondary` (the row's essentials) and their status; a tap edits.
 */
export function ContentList({
  sort,
  children,
  archives = false,
  secondary,
}: {
  sort: SortPayload;
  children: ReactNode;
  archives?: boolean;
  secondary?: (record: RaRecord) => ReactNode;
}) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="status" source="status" />,
    ...(archives ? [<BooleanInput key="archived" source="archived" label="app.filter.archived" />] : []),
  ];
  return (
    <List
      filters={filters}
      sort={sort}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList
          primaryText={(r) => <bdi>{(locale === 'ar' ? r.name : (r.name_en ?? r.name)) as string}</bdi>}
          secondaryText={secondary}
          tertiaryText={(r) =>
            translate(r.archived ? 'app.filter.archived' : r.status ? 'app.content.shown' : 'app.content.hidden')
          }
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={archives ? false : <PublishBulkActions />} rowClick="edit" sx={stickyTableSx}>
          {children}
          <DataTable.Col label="ra.action.edit">
            <EditButton />
          </DataTable.Col>
          <DataTable.Col label="ra.action.delete">
            <RowEndButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
