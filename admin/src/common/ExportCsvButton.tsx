import DownloadIcon from '@mui/icons-material/GetApp';
import { useState, type ReactElement } from 'react';
import { Button, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { apiFetch, downloadResponse } from './api';

/**
 * Downloads the server's CSV of this list with the filters and the sort on screen applied (or, with
 * `selection`, of the selected rows). The API
 * streams it (UTF-8 with BOM, formulas neutralised), so it works the same for ten rows or a million.
 * The icon is the button's child: react-admin shows it alone, named, on a phone.
 */
export function ExportCsvButton({
  selection = false,
  path = 'export',
  label: named,
  icon = <DownloadIcon />,
}: {
  selection?: boolean;
  /** The export's route under the resource: `export`, or another file of the same list (the teams' `roster`). */
  path?: string;
  label?: string;
  icon?: ReactElement;
}) {
  const resource = useResourceContext();
  const { filterValues, sort, total, selectedIds } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const label = named ?? (selection ? 'app.action.export_selection' : 'app.action.export_csv');
  const run = async () => {
    setBusy(true);
    try {
      // The selection (bulk action): exactly the ticked rows, in the list's sort.
      const filter = selection ? { id: selectedIds } : (filterValues ?? {});
      const query = new URLSearchParams({ filter: JSON.stringify(filter) });
      if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
      const res = await apiFetch(`/admin/${resource}/${path}?${query}`);
      await downloadResponse(res, path === 'export' ? `${resource}.csv` : `${resource}-${path}.csv`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={label}
      // A disabled button on a phone is an icon react-admin leaves unnamed.
      aria-label={translate(label)}
      onClick={run}
      disabled={busy || (selection ? selectedIds.length === 0 : total === 0)}
    >
      {icon}
    </Button>
  );
}
