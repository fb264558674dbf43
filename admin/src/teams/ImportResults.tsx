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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiFetch, downloadResponse } from '../common/api';

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
export function ImportResults() {
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
