import { Button as MuiButton } from '@mui/material';
import { formatMoney, type TeamRecord } from '@platform/contract';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { REASON_MAX, ReasonDialog } from '../common/ReasonDialog';
import { useTeamWrite } from './useTeamWrite';

/**
 * Records a team's fee paid outside the platform (cash, a bank transfer) with how it was paid: the
 * only way staff mark a team paid. The API keeps the reason in the audit log, as the acting admin.
 */
export function ManualPayment({ record, fee, currency }: { record: TeamRecord; fee: string; currency: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const write = useTeamWrite(record);
  const [open, setOpen] = useState(false);
  return (
    <>
      <MuiButton size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate('app.team.manual_payment')}
      </MuiButton>
      {open && (
        <ReasonDialog
          title={translate('app.team.manual_title')}
          text={translate('app.team.manual_text', { fee: formatMoney(fee, currency, locale) })}
          label={translate('app.team.manual_reason')}
          hint={translate('app.team.manual_hint', { max: REASON_MAX })}
          confirm={translate('app.team.manual_confirm')}
          color="primary"
          onClose={() => setOpen(false)}
          onSubmit={async (reason) => {
            await write({ manual_payment_reason: reason }, 'app.team.manual_done');
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
