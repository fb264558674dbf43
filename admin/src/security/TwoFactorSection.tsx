import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

interface Enrolment {
  secret: string;
  qr: string;
}

const post = async <T,>(path: string, body?: object): Promise<T> => {
  const res = await apiFetch(path, {
    method: 'POST',
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
};

/** The key as apps show it, in groups of four (left to right in both languages). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in with an authenticator app: turn it on (scan the QR code or type the key, confirm
 * with a code, keep the recovery codes shown this once), or turn it off with the password.
 */
export function TwoFactorSection({ on, onChange }: { on: boolean; onChange: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [newCodesCode, setNewCodesCode] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      setEnrolment(await post<Enrolment>('/admin-session/two-factor/setup'));
      setCode('');
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const res = await post<{ message?: string; recovery_codes: string[] }>('/admin-session/two-factor/enable', {
        code,
      });
      notify(res.message ?? 'ra.notification.updated', { type: 'success' });
      setEnrolment(null);
      setCodes(res.recovery_codes);
    });
  };
  const renewCodes = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const res = await post<{ message?: string; recovery_codes: string[] }>(
        '/admin-session/two-factor/recovery-codes',
        { code: newCodesCode },
      );
      notify(res.message ?? 'ra.notification.updated', { type: 'success' });
      setNewCodesCode('');
      setCodes(res.recovery_codes);
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const res = await post<{ message?: string }>('/admin-session/two-factor/disable', { password });
      notify(res.message ?? 'ra.notification.updated', { type: 'success' });
      setPassword('');
      onChange();
    });
  };

  if (codes) {
    return (
      <Box data-testid="recovery-codes">
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {translate('app.security.recovery_title')}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.security.recovery_text')}
        </Alert>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: 'repeat(2, max-content)',
            columnGap: 4,
            rowGap: 0.5,
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            p: 0,
            m: 0,
            mb: 2,
            justifyContent: 'start',
          }}
        >
          {codes.map((c) => (
            <li key={c} dir="ltr">
              {c}
            </li>
          ))}
        </Box>
        <Button
          variant="contained"
          onClick={() => {
            setCodes(null);
            onChange();
          }}
        >
          {translate('app.security.recovery_done')}
        </Button>
      </Box>
    );
  }

  if (enrolment) {
    return (
      <Box component="form" onSubmit={confirm} noValidate data-testid="two-factor-enrolment">
        <Typography gutterBottom>{translate('app.security.scan')}</Typography>
        <Box
          component="img"
          src={enrolment.qr}
          alt={translate('app.security.qr_alt')}
          width={200}
          height={200}
          sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1, mb: 1 }}
        />
        <Typography variant="body2">{translate('app.security.manual')}</Typography>
        <Typography sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', mb: 2 }}>
          <bdi dir="ltr" data-testid="two-factor-secret">
            {grouped(enrolment.secret)}
          </bdi>
        </Typography>
        <Typography gutterBottom>{translate('app.security.enter_code')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            id="two-factor-code"
            name="code"
            label={translate('app.security.code')}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            size="small"
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 12 } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.security.confirm')}
          </Button>
          <Button onClick={() => setEnrolment(null)}>{translate('app.security.cancel')}</Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Chip
          size="small"
          color={on ? 'success' : 'default'}
          label={translate(on ? 'app.security.status_on' : 'app.security.status_off')}
        />
      </Stack>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('app.security.two_factor_intro')}
      </Typography>
      {on && (
        <Box component="form" onSubmit={renewCodes} noValidate sx={{ maxWidth: 420, mb: 3 }}>
          <Typography variant="body2">{translate('app.security.new_codes_text')}</Typography>
          <TextField
            id="recovery-codes-code"
            name="code"
            label={translate('app.security.code')}
            autoComplete="one-time-code"
            value={newCodesCode}
            onChange={(e) => setNewCodesCode(e.target.value)}
            size="small"
            margin="dense"
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 12 } }}
          />
          <Box>
            <Button type="submit" variant="outlined" disabled={busy}>
              {translate('app.security.new_codes_button')}
            </Button>
          </Box>
        </Box>
      )}
      {on ? (
        <Box component="form" onSubmit={turnOff} noValidate sx={{ maxWidth: 420 }}>
          <Typography variant="body2">{translate('app.security.off_text')}</Typography>
          <TextField
            id="two-factor-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={translate('app.security.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            margin="dense"
          />
          <Button type="submit" color="error" variant="outlined" disabled={busy}>
            {translate('app.security.turn_off')}
          </Button>
        </Box>
      ) : (
        <Button variant="contained" onClick={start} disabled={busy}>
          {translate('app.security.turn_on')}
        </Button>
      )}
    </Box>
  );
}
