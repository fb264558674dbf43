import { RESULTS_COLUMNS, type ResultsPreviewRow } from '@platform/contract';
import UploadIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Alert,
  Button as MuiButton,
  Stack,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useGetList,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch, downloadResponse } from '../common/api';

/** The season and competition whose approved teams take results. */
type Scope = { season: string; competition: string };

/**
 * A CSV to fill in: the columns the import reads (team_no, score, ranked) and a row for each approved
 * team of the chosen season and competition, with its name (a column the import ignores), so staff
 * only type the scores and ranks.
 */
function ResultsTemplateButton({ scope }: { scope: Scope | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const download = async () => {
    if (!scope) return;
    try {
      const { data } = await dataProvider.getList<{ id: string; team_no: string; name: string | null }>('teams', {
        filter: { ...scope, registration_status: 'approved' },
        sort: { field: 'team_no', order: 'ASC' },
        pagination: { page: 1, perPage: 1000 },
      });
      // A name a spreadsheet would run as a formula starts with an apostrophe; commas and quotes are quoted.
      const cell = (raw: string) => {
        const v = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
        return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
      };
      const lines = [
        [...RESULTS_COLUMNS, 'team_name'].join(','),
        ...data.map((t) => `${cell(t.team_no)},,,${cell(t.name ?? '')}`),
      ];
      const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
      await downloadResponse(new Response(blob), 'results-template.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <MuiButton startIcon={<DownloadIcon />} onClick={download} disabled={!scope}>
      {translate('app.results.template')}
    </MuiButton>
  );
}

/** Choosing one of the seasons or competitions (their names in the admin's language). */
function ScopeSelect({
  resource,
  label,
  value,
  onChange,
}: {
  resource: 'seasons' | 'competitions';
  label: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const [locale] = useLocaleState();
  const { data = [] } = useGetList<{ id: string; name: string; name_en: string }>(resource, {
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 200 },
  });
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      {data.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {locale === 'ar' ? r.name : r.name_en || r.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Results from a CSV (team_no, score, ranked): a preview with each row's error, then Apply. */
export function ImportResults() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ResultsPreviewRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { filterValues } = useListContext();
  const [season, setSeason] = useState<string>(typeof filterValues?.season === 'string' ? filterValues.season : '');
  const [competition, setCompetition] = useState<string>(
    typeof filterValues?.competition === 'string' ? filterValues.competition : '',
  );
  const scope = season && competition ? { season, competition } : null;
  const send = async (dry: boolean) => {
    if (!file || !scope) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const query = new URLSearchParams({ ...scope, ...(dry ? { dry_run: 'true' } : {}) });
      const res = await apiFetch(`/admin/teams/import?${query}`, { method: 'POST', body });
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
            <ScopeSelect
              resource="seasons"
              label={translate('app.results.season')}
              value={season}
              onChange={(id) => {
                setSeason(id);
                setRows(null);
              }}
            />
            <ScopeSelect
              resource="competitions"
              label={translate('app.results.competition')}
              value={competition}
              onChange={(id) => {
                setCompetition(id);
                setRows(null);
              }}
            />
          </Stack>
          {!scope && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.results.choose_scope')}
            </Typography>
          )}
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
            <ResultsTemplateButton scope={scope} />
          </Stack>
          {rows && (
            <>
              <Alert severity={errors ? 'warning' : 'success'} sx={{ my: 2 }}>
                {translate('app.results.summary', {
                  valid: translate('app.results.valid_rows', { smart_count: rows.length - errors }),
                  invalid: translate('app.results.invalid_rows', { smart_count: errors }),
                })}
              </Alert>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.results.line')}</TableCell>
                    <TableCell>team_no</TableCell>
                    <TableCell>{translate('app.results.team_name')}</TableCell>
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
                      <TableCell>
                        <bdi>{r.team_name ?? ''}</bdi>
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
          <MuiButton onClick={() => send(true)} disabled={!file || !scope || busy}>
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
