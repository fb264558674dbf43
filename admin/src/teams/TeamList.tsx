import {
  RESULTS_COLUMNS,
  TEAM_STATES,
  type ResultsPreviewRow,
  type TeamDetail,
  type TeamRecord,
} from '@platform/contract';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import UploadIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Alert,
  Button as MuiButton,
  Card,
  CardContent,
  Stack,
  TextField,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  required,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { apiFetch, downloadResponse } from '../common/api';
import { named } from '../common/NamedResource';
import { BilingualName, nameIn } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { ToggleField } from '../common/ToggleField';

export const seasons = named(EmojiEventsIcon);
export const competitions = named(EmojiEventsIcon);

/**
 * A CSV to fill in: the columns the import reads (team_no, score, ranked) and a row for each team in
 * the list's filter (up to 1,000), so staff only type the scores and ranks.
 */
function ResultsTemplateButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues } = useListContext();
  const download = async () => {
    try {
      const { data } = await dataProvider.getList<{ id: string; team_no: string }>('teams', {
        filter: filterValues ?? {},
        sort: { field: 'team_no', order: 'ASC' },
        pagination: { page: 1, perPage: 1000 },
      });
      const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const lines = [RESULTS_COLUMNS.join(','), ...data.map((t) => `${cell(t.team_no)},,`)];
      const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
      await downloadResponse(new Response(blob), 'results-template.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <MuiButton startIcon={<DownloadIcon />} onClick={download}>
      {translate('app.results.template')}
    </MuiButton>
  );
}

/** Results from a CSV (team_no, score, ranked): a preview with each row's error, then Apply. */
function ImportResults() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ResultsPreviewRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (dry: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const res = await apiFetch(`/admin/teams/import${dry ? '?dry_run=true' : ''}`, { method: 'POST', body });
      const data = (await res.json()) as { rows: ResultsPreviewRow[]; message?: string };
      setRows(data.rows);
      if (!dry) {
        notify(data.message ?? 'ra.notification.updated', { type: 'success' });
        setOpen(false);
        refresh();
      }
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const errors = rows?.filter((r) => r.error).length ?? 0;
  return (
    <>
      <Button label="app.results.import" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{translate('app.results.import')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.results.hint')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, my: 1 }}>
            <MuiButton variant="outlined" component="label" startIcon={<UploadIcon />}>
              {translate('app.results.choose_file')}
              <input
                type="file"
                name="results-file"
                accept=".csv,text/csv"
                hidden
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setRows(null);
                }}
              />
            </MuiButton>
            <Typography variant="body2" data-testid="results-file-name">
              {file ? <bdi>{file.name}</bdi> : translate('app.results.no_file')}
            </Typography>
            <ResultsTemplateButton />
          </Stack>
          {rows && (
            <>
              <Alert severity={errors ? 'warning' : 'success'} sx={{ my: 2 }}>
                {translate('app.results.summary', { valid: rows.length - errors, invalid: errors })}
              </Alert>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.results.line')}</TableCell>
                    <TableCell>team_no</TableCell>
                    <TableCell>score</TableCell>
                    <TableCell>ranked</TableCell>
                    <TableCell>{translate('app.results.error')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.line} sx={r.error ? { bgcolor: 'error.light' } : undefined}>
                      <TableCell>{r.line}</TableCell>
                      <TableCell>
                        <bdi>{r.team_no}</bdi>
                      </TableCell>
                      <TableCell>{r.score}</TableCell>
                      <TableCell>{r.ranked}</TableCell>
                      <TableCell>{r.error ?? '✓'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.close')}</MuiButton>
          <MuiButton onClick={() => send(true)} disabled={!file || busy}>
            {translate('app.results.preview')}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => send(false)} disabled={!rows || errors > 0 || busy}>
            {translate('app.results.apply')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function TeamList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <ReferenceInput key="season" source="season" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
          <SelectInput optionText={<BilingualName />} label="resources.teams.fields.season" />
        </ReferenceInput>,
        <ReferenceInput
          key="competition"
          source="competition"
          reference="competitions"
          sort={{ field: 'created_at', order: 'DESC' }}
        >
          <SelectInput optionText={<BilingualName />} label="resources.teams.fields.competition" />
        </ReferenceInput>,
        <NullableBooleanInput key="status" source="status" />,
        <SelectInput
          key="registration_status"
          source="registration_status"
          choices={TEAM_STATES.map((id) => ({ id, name: `app.team_state.${id}` }))}
        />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
          <ImportResults />
          <ExportCsvButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<TeamRecord>
          primaryText={(r) => (
            <>
              <bdi dir="ltr">{r.team_no}</bdi>
              {r.name ? (
                <>
                  {' · '}
                  <bdi>{r.name}</bdi>
                </>
              ) : null}
            </>
          )}
          secondaryText={(r) => (
            <>
              <bdi>{nameIn(r.competion_name, locale)}</bdi> · <bdi>{nameIn(r.season_name, locale)}</bdi>
            </>
          )}
          tertiaryText={(r) => translate(`app.team_state.${r.registration_status}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit" sx={stickyTableSx}>
          <DataTable.Col source="team_no" />
          <DataTable.Col source="name" />
          <DataTable.Col source="registration_status">
            <StateField />
          </DataTable.Col>
          <DataTable.Col source="season_name" disableSort>
            <BilingualName source="season_name" />
          </DataTable.Col>
          <DataTable.Col source="competion_name" disableSort>
            <BilingualName source="competion_name" />
          </DataTable.Col>
          <DataTable.Col source="score" />
          <DataTable.Col source="ranked" />
          <DataTable.Col source="status" disableSort>
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col source="payment_status" disableSort>
            <ToggleField source="payment_status" />
          </DataTable.Col>
          <DataTable.Col label="ra.action.edit">
            <EditButton />
          </DataTable.Col>
          <DataTable.Col label="ra.action.delete">
            <DeleteWithConfirmButton mutationMode="pessimistic" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function TeamForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ status: true, payment_status: false }}>
      <TextInput source="team_no" validate={required()} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <ReferenceInput source="season" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="competition" reference="competitions" sort={{ field: 'name_en', order: 'ASC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="entity" reference="users" filter={{ type: 2 }} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" fullWidth emptyText="app.blog.no_entity" />
      </ReferenceInput>
      <ReferenceArrayInput
        source="member_ids"
        reference="users"
        filter={{ type: 0 }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput optionText="name" fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput
        source="coach_ids"
        reference="users"
        filter={{ type: 1 }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput optionText="name" fullWidth />
      </ReferenceArrayInput>
      <NumberInput source="score" step={0.01} />
      <NumberInput source="ranked" step={1} />
      <BooleanInput source="status" />
      <BooleanInput source="payment_status" />
    </SimpleForm>
  );
}

function StateField() {
  const translate = useTranslate();
  return (
    <FunctionField<{ registration_status: string }>
      render={(r) => translate(`app.team_state.${r.registration_status}`)}
    />
  );
}

/** A registered team's people with their invitations, and the decision on a submitted team (approve, or reject with a reason). */
function TeamRegistration() {
  // The list's copy of the record comes first: the invitations once the one-team answer is in.
  const record = useRecordContext<TeamRecord & Partial<Pick<TeamDetail, 'invitations'>>>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [reason, setReason] = useState('');
  if (!record?.registration_id) return null;
  const decide = (status: 'approved' | 'rejected') =>
    update(
      'teams',
      { id: record.id, data: { status, reason }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`app.team.${status}`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error)?.message || 'app.errors.unknown', { type: 'error' }),
      },
    );
  return (
    <Card sx={{ mb: 2, maxWidth: 720 }} data-testid="team-registration">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.team.registration')}: {translate(`app.team_state.${record.registration_status}`)}
        </Typography>
        {record.reason && (
          <Typography variant="body2" gutterBottom>
            {translate('resources.teams.fields.reason')}: {record.reason}
          </Typography>
        )}
        <Table size="small" aria-label={translate('resources.teams.fields.invitations')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.team.person')}</TableCell>
              <TableCell>{translate('app.team.role')}</TableCell>
              <TableCell>{translate('app.team.invitation')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(record.invitations ?? []).map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  {p.name} <bdi dir="ltr">{p.national_id ?? p.email}</bdi>
                </TableCell>
                <TableCell>{translate(`app.team_role.${p.role}`)}</TableCell>
                <TableCell>{translate(`app.invitation_state.${p.state}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {record.registration_status === 'submitted' && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              label={translate('resources.teams.fields.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              helperText={translate('app.team.reason_hint')}
            />
            <Stack direction="row" spacing={2}>
              <MuiButton variant="contained" color="success" disabled={isPending} onClick={() => decide('approved')}>
                {translate('app.team.approve')}
              </MuiButton>
              <MuiButton variant="outlined" color="error" disabled={isPending} onClick={() => decide('rejected')}>
                {translate('app.team.reject')}
              </MuiButton>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export const teams = {
  list: TeamList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <TeamRegistration />
      <TeamForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <TeamForm />
    </Create>
  ),
  icon: GroupsIcon,
  recordRepresentation: 'team_no',
};
