import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { UserRecord } from '@platform/contract';
import { useState } from 'react';
import { Button, Confirm, useNotify, usePermissions, useRecordContext, useRedirect } from 'react-admin';
import { apiFetch } from '../common/api';

/**
 * For admins, on an unverified member: frees the national ID and e-mail the account holds, when
 * their owner asked and showed who they are. The API removes the account and writes the audit entry;
 * a verified account has no button (the API refuses it too).
 */
export function ReleaseIdButton() {
  const record = useRecordContext<UserRecord>();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const redirect = useRedirect();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.isVerified || permissions !== 'admin') return null;
  const release = async () => {
    setBusy(true);
    try {
      const res = await apiFetch(`/admin/users/${record.id}/release`, { method: 'POST' });
      const body = (await res.json()) as { message: string };
      notify(body.message, { type: 'success' });
      redirect('list', 'users');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button label="app.release.button" color="error" disabled={busy} onClick={() => setConfirming(true)}>
        <LockOpenIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.release.title"
        content="app.release.content"
        // Kept left to right inside an Arabic sentence.
        translateOptions={{
          national_id: `\u2066${record.national_id ?? '—'}\u2069`,
          email: `\u2066${record.email ?? '—'}\u2069`,
        }}
        confirm="app.release.confirm"
        confirmColor="warning"
        onConfirm={release}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
