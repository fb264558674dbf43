import DownloadIcon from '@mui/icons-material/RequestQuote';
import { useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { apiFetch, downloadResponse } from '../common/api';

/**
 * Downloads the finance CSV: one line per invoice and credit note, with the list's filters (status,
 * plan, search, and the date range applied to the documents' dates). Headers in the admin's language.
 */
export function FinanceExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ filter: JSON.stringify(filterValues ?? {}) });
      const res = await apiFetch(`/admin/transections/export?${query}`);
      await downloadResponse(res, 'finance.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // The icon is the child (react-admin shows it alone on a phone), named even while disabled.
  return (
    <Button label="app.finance.export" aria-label={translate('app.finance.export')} onClick={run} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
