import {
  Button as MuiButton,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { LIMITS, formatMoney, toAsciiDigits, type OrderLine, type RefundAnswer } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

interface Props {
  orderId: string;
  currency: string;
  /** What is left to refund, as the API counts it. */
  max: string;
  /** A school's order for several teams: its lines; a refund gives back one team's fee in full. */
  lines?: OrderLine[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * Refunds a paid order in full or in part; a school's order for several teams, one team's fee (its
 * line, in full). The API decides (never more than is left, admins only) and its message is shown;
 * the key made when the dialog opens makes a retried click refund once.
 */
export function RefundDialog({ orderId, currency, max, lines = [], onClose, onDone }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const open = lines.filter((l) => !l.refunded && l.team_id);
  const byLine = lines.length > 0;
  const [teamId, setTeamId] = useState(open[0]?.team_id ?? '');
  const line = open.find((l) => l.team_id === teamId);
  const notify = useNotify();
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(max);
  const [reason, setReason] = useState('');
  const [end, setEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch(`/admin/transections/${orderId}/refund`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(
          byLine
            ? { team_id: teamId, reason }
            : { amount: toAsciiDigits(amount).trim(), reason, end_subscription: end },
        ),
      });
      const body = (await res.json()) as RefundAnswer;
      notify('app.refund.done', { type: 'success', messageArgs: { number: body.refund.credit_note_number } });
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refund-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="refund-dialog-title">{translate('app.refund.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {byLine ? (
              <TextField
                select
                label={translate('app.refund.team')}
                value={teamId}
                onChange={(e) => setTeamId(e.target.value)}
                helperText={
                  line
                    ? translate('app.refund.line_amount', { amount: formatMoney(line.amount, currency, locale) })
                    : undefined
                }
                required
                autoFocus
              >
                {open.map((l) => (
                  <MenuItem key={l.team_id} value={l.team_id!}>
                    <bdi>{l.team_no}</bdi> · {locale === 'ar' ? l.name : l.name_en || l.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={translate('app.refund.amount', { currency, max })}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputProps={{ inputMode: 'decimal', dir: 'ltr' }}
                required
                autoFocus
              />
            )}
            <TextField
              label={translate('app.refund.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              inputProps={{ maxLength: LIMITS.refundReasonMax }}
            />
            {!byLine && (
              <FormControlLabel
                control={<Checkbox checked={end} onChange={(e) => setEnd(e.target.checked)} />}
                label={translate('app.refund.end_subscription')}
              />
            )}
            {error && (
              <div role="alert" style={{ color: '#c62828' }}>
                {error}
              </div>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" color="warning" disabled={busy}>
            {translate('app.refund.submit')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
