import { Switch } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate, useUpdate } from 'react-admin';

/**
 * A switch for one boolean field, saved at once as a PUT of that field alone (the API records it
 * as a toggle); the list reloads and says 'Status updated successfully!', or shows the server's
 * reason for refusing.
 */
export function ToggleField({ source, label }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, unknown> & { id: string }>();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const checked = record[source] === true;
  return (
    <Switch
      checked={checked}
      disabled={isPending}
      size="small"
      slotProps={{ input: { 'aria-label': translate(label ?? `resources.${resource}.fields.${source}`) } }}
      onClick={(e) => e.stopPropagation()}
      onChange={() =>
        update(
          resource,
          { id: record.id, data: { [source]: !checked }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('app.notify.status_updated', { type: 'success' });
              refresh();
            },
            onError: (error) => notify((error as Error)?.message || 'app.errors.unknown', { type: 'error' }),
          },
        )
      }
    />
  );
}
