import BlockIcon from '@mui/icons-material/Block';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { CertificateRecord } from '@platform/contract';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Form,
  TextInput,
  required,
  useLocaleState,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch, downloadResponse } from '../common/api';

/** A certificate's PDF (in the interface's language) and, for admins, revoking it with a reason. */
export function CertificateActions(_: { label?: string }) {
  const r = useRecordContext<CertificateRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!r || !r.code) return null;
  const pdf = async () => {
    try {
      const res = await apiFetch(`/certificates/${r.id}/pdf?lang=${locale === 'ar' ? 'ar' : 'en'}`);
      await downloadResponse(res, `certificate-${r.code}.pdf`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const revoke = async (values: Record<string, unknown>) => {
    try {
      const res = await apiFetch(`/admin/certificates/${r.id}/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: values.reason }),
      });
      notify(((await res.json()) as { message: string }).message, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button label="app.certificate.pdf" onClick={pdf}>
        <PictureAsPdfIcon />
      </Button>
      {permissions === 'admin' && r.state === 'valid' && (
        <Button label="app.certificate.revoke" color="error" onClick={() => setOpen(true)}>
          <BlockIcon />
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="revoke-title">
        <Form onSubmit={revoke}>
          <DialogTitle id="revoke-title">{translate('app.certificate.revoke_title')}</DialogTitle>
          <DialogContent>
            <TextInput source="reason" label="app.certificate.reason" validate={required()} multiline fullWidth />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained" color="error">
              {translate('app.certificate.revoke')}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </Stack>
  );
}
