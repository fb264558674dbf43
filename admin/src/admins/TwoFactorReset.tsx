import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

/**
 * An admin resets another staff member's two-factor sign-in (a lost phone): they sign in with their
 * password only, their sessions end, and the API records it in the audit log.
 */
export function TwoFactorReset() {
  const record = useRecordContext<{ id: string; name: string; two_factor?: boolean }>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record?.two_factor || record.id === identity?.id) return null;

  const reset = async () => {
    setBusy(true);
    try {
      const res = await apiFetch(`/admin/admins/${encodeURIComponent(record.id)}/two-factor/reset`, { method: 'POST' });
      const { message } = (await res.json()) as { message?: string };
      notify(message ?? 'ra.notification.updated', { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Button color="warning" variant="outlined" onClick={() => setOpen(true)} disabled={busy}>
        {translate('app.security.reset')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.security.reset_title"
        content="app.security.reset_content"
        translateOptions={{ name: record.name }}
        confirm="app.security.continue"
        onConfirm={reset}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
