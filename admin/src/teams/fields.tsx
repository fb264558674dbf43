import { Chip } from '@mui/material';
import type { TeamRecord } from '@platform/contract';
import { FunctionField, useRecordContext, useTranslate } from 'react-admin';

/** A team's registration state in words. */
export function StateField(_props: { label?: string }) {
  const translate = useTranslate();
  return <FunctionField<TeamRecord> render={(r) => translate(`app.team_state.${r.registration_status}`)} />;
}

/**
 * Paid or not, in words (never a switch: a team is paid by a payment, or by a payment staff record
 * with its reason).
 */
export function PaidChip({ paid }: { paid: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      component="span"
      size="small"
      variant={paid ? 'filled' : 'outlined'}
      color={paid ? 'success' : 'default'}
      label={translate(paid ? 'app.team.paid' : 'app.team.unpaid')}
    />
  );
}

/** The record's payment state, for a list's column. */
export function PaidField(_props: { label?: string }) {
  const record = useRecordContext<TeamRecord>();
  return record ? <PaidChip paid={record.payment_status} /> : null;
}
