import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, useListContext, useNotify, useResourceContext } from 'react-admin';
import { apiFetch, downloadResponse } from './api';

/**
 * Downloads the server's CSV of this list with the filters and the sort on screen applied. The API
 * streams it (UTF-8 with BOM, formulas neutralised), so it works the same for ten rows or a million.
 */
export function ExportCsvButton() {
  const resource = useResourceContext();
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ filter: JSON.stringify(filterValues ?? {}) });
      if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
      const res = await apiFetch(`/admin/${resource}/export?${query}`);
      await downloadResponse(res, `${resource}.csv`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="app.action.export_csv" onClick={run} disabled={busy || total === 0} startIcon={<DownloadIcon />} />
  );
}
