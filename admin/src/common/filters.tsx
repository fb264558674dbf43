import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import BlockIcon from '@mui/icons-material/HighlightOff';
import { Card, CardContent, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import {
  BulkDeleteWithConfirmButton,
  BulkUpdateButton,
  DateInput,
  FilterButton,
  SavedQueriesList,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useResourceContext,
  useUnselectAll,
} from 'react-admin';

/**
 * A day range filter: `{source}_gte` (from) and `{source}_lte` (to, inclusive), which the API reads
 * as days on the platform's clock.
 */
export function dateRangeFilters(source: string): ReactElement[] {
  return [
    <DateInput key={`${source}_gte`} source={`${source}_gte`} label="app.filter.from" />,
    <DateInput key={`${source}_lte`} source={`${source}_lte`} label="app.filter.to" />,
  ];
}

/** A list's toolbar: the filter button first (every declared filter reachable), then the list's own buttons. */
export function ListActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      {children}
    </TopToolbar>
  );
}

/**
 * The facet sidebar of a list on a desktop (the react-admin demo's pattern): saved queries and the
 * given facets. Narrower screens (the table needs the room) have the filter button only.
 */
export function useFilterSidebar(children: ReactNode): ReactElement | undefined {
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'));
  if (!wide) return undefined;
  return (
    <Card sx={{ order: -1, me: 2, mt: 8, width: 220, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent sx={{ pt: 1 }}>
        <SavedQueriesList />
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Sets the same fields on every selected row (after a confirmation), then reloads the list, so a
 * row that no longer matches its filters (verified among "not verified") leaves it at once.
 */
export function BulkSetButton({
  label,
  data,
  icon,
}: {
  label: string;
  data: Record<string, unknown>;
  icon: ReactElement;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(useResourceContext());
  return (
    <BulkUpdateButton
      label={label}
      data={data}
      icon={icon}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: selectedIds.length } });
          unselectAll();
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      }}
    />
  );
}

/** Publish and unpublish (the `status` switch) and delete, for the selected rows of a content list. */
export function PublishBulkActions() {
  return (
    <>
      <BulkSetButton label="app.bulk.publish" data={{ status: true }} icon={<CheckIcon />} />
      <BulkSetButton label="app.bulk.unpublish" data={{ status: false }} icon={<BlockIcon />} />
      <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
    </>
  );
}

/** The regions with their names in the interface language, from the API's reference data. */
export function useRegions() {
  const [locale] = useLocaleState();
  const [regions, setRegions] = useState<{ _id: string; en_name: string; ar_name: string }[]>([]);
  useEffect(() => {
    let live = true;
    fetch('/api/regions')
      .then((r) => r.json())
      .then((body: { regions: { _id: string; en_name: string; ar_name: string }[] }) => {
        if (live) setRegions(body.regions);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return regions.map((r) => ({ id: r._id, name: locale === 'ar' ? r.ar_name : r.en_name }));
}
