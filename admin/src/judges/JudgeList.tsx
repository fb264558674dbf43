import { APPLY_AS } from '@platform/contract';
import { isMemberType, roleOf } from '@platform/contract';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import {
  Button,
  DataTable,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { apiFetch, downloadResponse } from '../common/api';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { LocalDateField, LtrField } from '../common/fields';
import { ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { UserAvatar } from '../users/fields';

interface JudgeRecord {
  id: string;
  user: { name: string; picture: string | null; type: number } | null;
  status: 'pending' | 'accepted' | 'rejected';
  certifcates: { name: string; url: string }[];
}

const STATUSES = ['pending', 'accepted', 'rejected'] as const;
const statusChoices = STATUSES.map((id) => ({ id, name: `app.judge_status.${id}` }));
// The contract's values (Refree, yes/no) are codes: the column shows their translation.
const applyAsChoices = APPLY_AS.map((id) => ({ id, name: `app.apply_as.${id}` }));
const experienceChoices = ['yes', 'no'].map((id) => ({ id, name: `app.experience.${id}` }));

function MemberAvatar(_props: { label?: string }) {
  const record = useRecordContext<JudgeRecord>();
  return record?.user ? <UserAvatar record={record.user} /> : null;
}

function MemberType(_props: { label?: string }) {
  const record = useRecordContext<JudgeRecord>();
  const translate = useTranslate();
  if (!record?.user) return null;
  const key = isMemberType(record.user.type) ? roleOf(record.user.type) : undefined;
  return <span>{translate(key ? `app.user_type.${key}` : 'app.staff_type.admin')}</span>;
}

/** The status an admin sets; accepting makes the member a judge or referee. */
function StatusSelect(_props: { label?: string }) {
  const record = useRecordContext<JudgeRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <MuiTextField
      select
      size="small"
      value={record.status}
      disabled={isPending}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate('resources.judges.fields.status') } }}
      onChange={(e) =>
        update(
          'judges',
          { id: record.id, data: { status: e.target.value }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('app.notify.status_updated', { type: 'success' });
              refresh();
            },
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        )
      }
    >
      {STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {translate(`app.judge_status.${s}`)}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** Downloads the first CV (the API checks the caller is an admin). */
function CvButton(_props: { label?: string }) {
  const record = useRecordContext<JudgeRecord>();
  const notify = useNotify();
  const first = record?.certifcates[0];
  if (!first) return null;
  return (
    <Button
      label="app.action.download_cv"
      startIcon={<DownloadIcon />}
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await downloadResponse(await apiFetch(first.url.replace(/^\/api/, '')), first.name);
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        }
      }}
    />
  );
}

export function JudgeList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={statusChoices} />,
        <SelectInput key="apply_as" source="apply_as" choices={applyAsChoices} />,
        ...dateRangeFilters('created_at'),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <ExportCsvButton />
        </ListActions>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false} sx={stickyTableSx}>
        <DataTable.Col source="user.picture" disableSort>
          <MemberAvatar />
        </DataTable.Col>
        <DataTable.Col source="user.name" />
        <DataTable.Col source="user.national_id" disableSort>
          <LtrField source="user.national_id" />
        </DataTable.Col>
        <DataTable.Col source="user.email" disableSort />
        <DataTable.Col source="user.type" disableSort>
          <MemberType />
        </DataTable.Col>
        <DataTable.Col source="organization_name" />
        <DataTable.Col source="apply_as">
          <SelectField source="apply_as" choices={applyAsChoices} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="city" />
        <DataTable.Col source="pexperince" disableSort>
          <SelectField source="pexperince" choices={experienceChoices} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <LocalDateField source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusSelect />
        </DataTable.Col>
        <DataTable.Col source="certifcates" disableSort>
          <CvButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
