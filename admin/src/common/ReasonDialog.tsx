import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { LIMITS } from '@platform/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

/** The longest reason or note the API keeps with a team's decision or a recorded payment. */
export const REASON_MAX = LIMITS.teamReasonMax;

interface Props {
  title: string;
  text: string;
  /** The reason box's label and hint (already translated). */
  label: string;
  hint: string;
  confirm: string;
  color: 'error' | 'warning' | 'primary';
  onClose: () => void;
  /** Sends the reason; a rejection's message (the API's, in the admin's language) is shown in the dialog. */
  onSubmit: (reason: string) => Promise<void>;
}

/**
 * A confirmation with a required reason (a rejection, a request for changes, a payment recorded by
 * hand): nothing is sent until staff write the reason and confirm; Cancel or Escape sends nothing.
 */
export function ReasonDialog({ title, text, label, hint, confirm, color, onClose, onSubmit }: Props) {
  const translate = useTranslate();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
    } catch (err) {
      setError((err as Error)?.message || translate('app.errors.unknown'));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            label={label}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={hint}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton type="submit" variant="contained" color={color} disabled={busy || !reason.trim()}>
            {confirm}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
