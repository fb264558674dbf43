import {
  APPLY_AS,
  EXPERIENCE_ANSWERS,
  JUDGE_STATUSES,
  isMemberType,
  roleOf,
  type JudgeRecord,
} from '@platform/contract';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import {
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  Button,
  DataTable,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  RecordContextProvider,
  useListContext,
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

const statusChoices = JUDGE_STATUSES.map((id) => ({ id, name: `app.judge_status.${id}` }));
// The contract's values (Refree, yes/no) are codes: the column shows their translation.
const applyAsChoices = APPLY_AS.map((id) => ({ id, name: `app.apply_as.${id}` }));
const experienceChoices = EXPERIENCE_ANSWERS.map((id) => ({ id, name: `app.experience.${id}` }));

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
      {JUDGE_STATUSES.map((s) => (
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
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await downloadResponse(await apiFetch(first.url.replace(/^\/api/, '')), first.name);
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        }
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/** On a phone: a card per application with its essentials, its status choice and its CV. */
function JudgeCards() {
  const { data } = useListContext<JudgeRecord>();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data?.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined">
            <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <MemberAvatar />
              <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 500 }}>
                  <bdi>{record.user?.name ?? record.organization_name}</bdi>
                </Typography>
                <Typography variant="body2" color="text.secondary" component="div">
                  <SelectField source="apply_as" choices={applyAsChoices} emptyText="—" /> ·{' '}
                  <LocalDateField source="created_at" />
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusSelect />
                  <CvButton />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

export function JudgeList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
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
      {small ? (
        <JudgeCards />
      ) : (
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
      )}
    </List>
  );
}
