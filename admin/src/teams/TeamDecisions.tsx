import { Button as MuiButton, Stack } from '@mui/material';
import type { TeamAction, TeamRecord } from '@platform/contract';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { REASON_MAX, ReasonDialog } from '../common/ReasonDialog';
import { useTeamWrite } from './useTeamWrite';

type Sendback = 'rejected' | 'changes_requested';

const DIALOG: Record<Sendback, { title: string; text: string; reason: string; confirm: string; done: string }> = {
  rejected: {
    title: 'app.team.reject_title',
    text: 'app.team.reject_text',
    reason: 'resources.teams.fields.reason',
    confirm: 'app.team.reject_confirm',
    done: 'app.team.rejected',
  },
  changes_requested: {
    title: 'app.team.changes_title',
    text: 'app.team.changes_text',
    reason: 'app.team.changes_reason',
    confirm: 'app.team.changes_confirm',
    done: 'app.team.changes_requested',
  },
};

/**
 * Staff's decision on a team (the actions the lifecycle table allows now): approve at once; reject, or send it back for changes, only
 * after a dialog with the reason (required; everyone in the team receives it). The API decides
 * whether the decision is allowed (a fee must be paid first) and its message is shown.
 */
export function TeamDecisions({ record, actions }: { record: TeamRecord; actions: TeamAction[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const write = useTeamWrite(record);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Sendback | null>(null);
  const approve = async () => {
    setBusy(true);
    try {
      await write({ status: 'approved' }, 'app.team.approved');
    } catch (error) {
      notify((error as Error)?.message || 'app.errors.unknown', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const dialog = open && DIALOG[open];
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {(actions.includes('approve') || record.registration_status === 'submitted') && (
          // Offered on a submitted team whose fee is unpaid too: the API's answer says the fee comes first.
          <MuiButton variant="contained" color="success" disabled={busy} onClick={approve}>
            {translate('app.team.approve')}
          </MuiButton>
        )}
        {actions.includes('request_changes') && (
          <MuiButton variant="outlined" color="warning" disabled={busy} onClick={() => setOpen('changes_requested')}>
            {translate('app.team.request_changes')}
          </MuiButton>
        )}
        {actions.includes('reject') && (
          <MuiButton variant="outlined" color="error" disabled={busy} onClick={() => setOpen('rejected')}>
            {translate('app.team.reject')}
          </MuiButton>
        )}
      </Stack>
      {open && dialog && (
        <ReasonDialog
          title={translate(dialog.title, { team: record.team_no })}
          text={translate(dialog.text)}
          label={translate(dialog.reason)}
          hint={translate('app.team.reason_hint', { max: REASON_MAX })}
          confirm={translate(dialog.confirm)}
          color={open === 'rejected' ? 'error' : 'warning'}
          onClose={() => setOpen(null)}
          onSubmit={async (reason) => {
            await write({ status: open, reason }, dialog.done);
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
