import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { CertificateRunRecord } from '@platform/contract';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, Form, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';
import { SeasonAndCompetition } from './fields';

/**
 * Issues the certificates of a competition of a season (admins): the API saves a run that its job
 * writes in batches; the dialog shows the run's progress until it is done, then the list reloads.
 */
export function IssueButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [run, setRun] = useState<CertificateRunRecord | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!run || run.state === 'done') return;
    const timer = setTimeout(async () => {
      try {
        const res = await apiFetch(`/admin/certificates/runs/${run.id}`);
        const next = (await res.json()) as CertificateRunRecord;
        setRun(next);
        if (next.state === 'done') refresh();
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
      }
    }, 700);
    return () => clearTimeout(timer);
  }, [run, notify, refresh]);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const res = await apiFetch('/admin/certificates/issue', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ season_id: values.season_id, competition_id: values.competition_id }),
      });
      setRun((await res.json()) as CertificateRunRecord);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setRun(null);
  };
  const percent = run && run.total ? Math.round((Math.min(run.done, run.total) / run.total) * 100) : 0;
  return (
    <>
      <Button label="app.certificate.issue" onClick={() => setOpen(true)}>
        <WorkspacePremiumIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="issue-title">
        <Form onSubmit={submit}>
          <DialogTitle id="issue-title">{translate('app.certificate.issue_title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              <Alert severity="info">{translate('app.certificate.issue_hint')}</Alert>
              <SeasonAndCompetition />
              {run && (
                <Stack spacing={1} role="status" aria-live="polite">
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={translate('app.certificate.issue')}
                  />
                  <span data-testid="issue-progress">
                    {run.state === 'done'
                      ? translate('app.certificate.finished', { smart_count: run.issued })
                      : translate('app.certificate.progress', { done: run.done, total: run.total, issued: run.issued })}
                  </span>
                </Stack>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>{translate('ra.action.close')}</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={busy || (!!run && run.state !== 'done')}>
              {translate('app.certificate.issue_start')}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
