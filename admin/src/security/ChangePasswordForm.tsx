import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

/** One's own password: the current one and the new one twice; the API checks them and ends the other sessions. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState({ password: '', npassword: '', cpassword: '' });
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <TextField
      id={`security-${name}`}
      name={name}
      type="password"
      autoComplete={autoComplete}
      label={translate(label)}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      fullWidth
      margin="dense"
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await apiFetch('/admin-session/password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      const { message } = (await res.json()) as { message?: string };
      notify(message ?? 'ra.notification.updated', { type: 'success' });
      setValues({ password: '', npassword: '', cpassword: '' });
      onDone();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 420 }}>
      {field('password', 'app.security.current_password', 'current-password')}
      {field('npassword', 'app.security.new_password', 'new-password')}
      {field('cpassword', 'app.security.retype_password', 'new-password')}
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
        {translate('app.security.change_password')}
      </Button>
    </Box>
  );
}
