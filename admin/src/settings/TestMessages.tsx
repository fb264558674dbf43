import type { TestMessageResult } from '@platform/contract';
import MailIcon from '@mui/icons-material/MailOutline';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

/** Test messages per admin and channel an hour (the API's TEST_MESSAGES_PER_HOUR). */
const PER_HOUR = 5;

/**
 * "Send a test e-mail" (to the admin's own address) and "send a test WhatsApp" (to a number typed
 * here): the API sends at once and says whether the provider accepted the message, or why not.
 */
export function TestMessages() {
  const translate = useTranslate();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState<'email' | 'whatsapp' | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string; field?: string } | null>(null);
  const send = async (channel: 'email' | 'whatsapp') => {
    setBusy(channel);
    setResult(null);
    try {
      const res = await apiFetch(`/admin/messaging/test-${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(channel === 'whatsapp' ? { phone } : {}),
      });
      const body = (await res.json()) as TestMessageResult;
      setResult({ ok: body.success, text: body.message });
    } catch (error) {
      const field = (error as { body?: { field?: string } }).body?.field;
      setResult({ ok: false, text: (error as Error).message, field });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card component="section" aria-labelledby="test-messages-title" sx={{ maxWidth: 960, mb: 2 }}>
      <CardContent>
        <Typography id="test-messages-title" variant="h6" component="h2" gutterBottom>
          {translate('app.messaging.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.messaging.hint', { max: PER_HOUR })}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Button
            variant="outlined"
            startIcon={<MailIcon />}
            onClick={() => send('email')}
            disabled={busy !== null}
            sx={{ flexShrink: 0, mt: { md: 1 } }}
          >
            {translate('app.messaging.test_email')}
          </Button>
          <TextField
            label={translate('app.messaging.phone')}
            helperText={result?.field === 'phone' ? result.text : translate('app.messaging.phone_hint')}
            error={result?.field === 'phone'}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            size="small"
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', autoComplete: 'off', maxLength: 30 } }}
          />
          <Button
            variant="outlined"
            startIcon={<WhatsAppIcon />}
            onClick={() => send('whatsapp')}
            disabled={busy !== null || !phone.trim()}
            sx={{ flexShrink: 0, mt: { md: 1 } }}
          >
            {translate('app.messaging.test_whatsapp')}
          </Button>
        </Stack>
        {result && result.field !== 'phone' && (
          <Alert severity={result.ok ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            <bdi>{result.text}</bdi>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
