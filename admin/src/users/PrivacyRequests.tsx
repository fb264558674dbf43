import {
  Box,
  Button as MuiButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDate, type UserRecord } from '@platform/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';
import { REASON_MAX, ReasonDialog } from '../common/ReasonDialog';

interface PrivacyRequest {
  id: string;
  kind: 'export' | 'deletion';
  state: string;
  due_at: string | null;
  by_staff: boolean;
  reason: string | null;
  created_at: string;
  done_at: string | null;
}

/**
 * A member's privacy requests (copies of their data, deletions of their account) for every staff
 * member; an admin asks for a deletion on a guardian's (or the member's) request, with the reason,
 * or cancels a waiting one. The API keeps the rules and writes the audit entries.
 */
export function PrivacyRequests() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { permissions } = usePermissions();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const key = ['privacy-requests', record?.id];
  const { data } = useQuery({
    queryKey: key,
    enabled: !!record,
    queryFn: async () =>
      ((await (await apiFetch(`/admin/users/${record!.id}/privacy`)).json()) as { requests: PrivacyRequest[] })
        .requests,
  });
  if (!record) return null;
  const waiting = data?.find((r) => r.kind === 'deletion' && r.state === 'scheduled');
  const admin = permissions === 'admin';
  const send = async (method: 'POST' | 'DELETE', body?: object) => {
    const res = await apiFetch(`/admin/users/${record.id}/deletion`, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    notify(((await res.json()) as { message: string }).message, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const day = (v: string | null) => (v ? formatDate(v, locale, 'long') : '—');
  return (
    <Box sx={{ width: '100%' }}>
      {admin && (
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          {waiting ? (
            <MuiButton
              variant="outlined"
              onClick={() => send('DELETE').catch((err: Error) => notify(err.message, { type: 'error' }))}
            >
              {translate('app.privacy.cancel_deletion')}
            </MuiButton>
          ) : (
            <MuiButton variant="outlined" color="error" onClick={() => setAsking(true)}>
              {translate('app.privacy.ask_deletion')}
            </MuiButton>
          )}
        </Stack>
      )}
      {data && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.none_yet')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('app.user_tabs.privacy')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.privacy.created_at')}</TableCell>
              <TableCell>{translate('app.privacy.kind')}</TableCell>
              <TableCell>{translate('app.privacy.state')}</TableCell>
              <TableCell>{translate('app.privacy.due_at')}</TableCell>
              <TableCell>{translate('app.privacy.asked_by')}</TableCell>
              <TableCell>{translate('app.privacy.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>{day(r.created_at)}</TableCell>
                <TableCell>{translate(`app.privacy.kind_${r.kind}`)}</TableCell>
                <TableCell>{translate(`app.privacy.state_${r.state}`, { _: r.state })}</TableCell>
                <TableCell>{day(r.due_at)}</TableCell>
                <TableCell>{translate(r.by_staff ? 'app.privacy.by_staff' : 'app.privacy.by_member')}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{r.reason ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {asking && (
        <ReasonDialog
          title={translate('app.privacy.ask_title')}
          text={translate('app.privacy.ask_text')}
          label={translate('app.privacy.reason')}
          hint={translate('app.privacy.reason_hint', { max: REASON_MAX })}
          confirm={translate('app.privacy.ask_confirm')}
          color="error"
          onClose={() => setAsking(false)}
          onSubmit={async (reason) => {
            await send('POST', { reason });
            setAsking(false);
          }}
        />
      )}
    </Box>
  );
}
