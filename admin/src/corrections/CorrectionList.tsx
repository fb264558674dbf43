import { CORRECTION_STATES, formatDate, type CorrectionRecord } from '@platform/contract';
import { Box, Button as MuiButton, Chip, Link as MuiLink, Stack, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useCreatePath,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { apiFetch } from '../common/api';
import { LocalDateField, LtrField } from '../common/fields';
import { ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { userTypeChoices } from '../users/fields';

const stateChoices = CORRECTION_STATES.map((id) => ({ id, name: `app.correction_state.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={stateChoices} alwaysOn />,
  <SelectInput key="user_type" source="user_type" choices={userTypeChoices.filter((c) => c.id !== 2)} />,
  ...dateRangeFilters('created_at'),
];

/** "Asked → now" for one field, or a dash when the member did not ask to change it. */
function Change({ field }: { field: 'dob' | 'grade'; label?: string }) {
  const record = useRecordContext<CorrectionRecord>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (!record?.[field]) return <span>—</span>;
  const show = (v: string | null) => (v ? (field === 'dob' ? formatDate(v, locale, 'short') : v) : '—');
  const current = field === 'dob' ? record.current_dob : record.current_grade;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <strong>{show(record[field])}</strong>
      {record.state === 'open' && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          ({translate('app.correction.now', { value: show(current) })})
        </Box>
      )}
    </Box>
  );
}

/** Both asked values on one line (the phone's list). */
function Asked() {
  const record = useRecordContext<CorrectionRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
      {[
        record.dob && `${translate('resources.corrections.fields.dob')}: ${formatDate(record.dob, locale, 'short')}`,
        record.grade && `${translate('resources.corrections.fields.grade')}: ${record.grade}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Box>
  );
}

/** The member the request is about, linked to their page. */
function MemberLink(_props: { label?: string }) {
  const record = useRecordContext<CorrectionRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: 'users', id: record.user_id, type: 'show' })}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {record.user_name}
    </MuiLink>
  );
}

function StateChip(_props: { label?: string }) {
  const record = useRecordContext<CorrectionRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const color = record.state === 'approved' ? 'success' : record.state === 'declined' ? 'default' : 'warning';
  return <Chip size="small" color={color} label={translate(`app.correction_state.${record.state}`)} />;
}

/** Approve or decline an open request; the API applies it, audits it and tells the member. */
function Decide(_props: { label?: string }) {
  const record = useRecordContext<CorrectionRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (record.state !== 'open')
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {record.decided_by ?? '—'}
        {record.decided_at ? ` · ${formatDate(record.decided_at, locale, 'short')}` : ''}
      </Box>
    );
  const decide = async (what: 'approve' | 'decline') => {
    setBusy(true);
    try {
      const res = await apiFetch(`/admin/corrections/${record.id}/${what}`, { method: 'POST' });
      const body = (await res.json()) as { message?: string };
      notify(body.message ?? 'ra.notification.updated', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error)?.message || 'app.errors.unknown', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <MuiButton size="small" variant="contained" color="success" disabled={busy} onClick={() => decide('approve')}>
        {translate('app.correction.approve')}
      </MuiButton>
      <MuiButton size="small" variant="outlined" color="error" disabled={busy} onClick={() => decide('decline')}>
        {translate('app.correction.decline')}
      </MuiButton>
    </Stack>
  );
}

/**
 * Members' requests to correct their date of birth or grade, open ones first by default: staff check
 * them (the reason is the member's own words, for staff only) and approve or decline.
 */
export function CorrectionList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ state: 'open' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={<ListActions />}
    >
      {small ? (
        // On a phone: who, what they ask, and the decision, in three columns.
        <DataTable rowClick={false} bulkActionButtons={false} size="small">
          <DataTable.Col source="user_name">
            <MemberLink />
            <Box sx={{ mt: 0.5 }}>
              <Asked />
            </Box>
          </DataTable.Col>
          <DataTable.Col source="state">
            <StateChip />
          </DataTable.Col>
          <DataTable.Col label="app.correction.decision" disableSort>
            <Decide />
          </DataTable.Col>
        </DataTable>
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} sx={stickyTableSx}>
          <DataTable.Col source="created_at">
            <LocalDateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="user_name">
            <MemberLink />
          </DataTable.Col>
          <DataTable.Col source="national_id" disableSort>
            <LtrField source="national_id" />
          </DataTable.Col>
          <DataTable.Col source="dob" disableSort>
            <Change field="dob" />
          </DataTable.Col>
          <DataTable.Col source="grade" disableSort>
            <Change field="grade" />
          </DataTable.Col>
          <DataTable.Col source="reason" disableSort />
          <DataTable.Col source="state">
            <StateChip />
          </DataTable.Col>
          <DataTable.Col label="app.correction.decision" disableSort>
            <Decide />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
