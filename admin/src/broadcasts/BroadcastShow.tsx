import { Box, Button as MuiButton, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import CancelIcon from '@mui/icons-material/CancelScheduleSend';
import type { BroadcastDetail, BroadcastProgress } from '@platform/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Confirm,
  DataTable,
  EditButton,
  Labeled,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch } from '../common/api';
import { CutText, LocalDateField, LtrField } from '../common/fields';
import { BroadcastStateChip, ChannelsField, RecipientStateChip, SegmentSummary, recipientStateChoices } from './fields';

const COUNTS: (keyof BroadcastProgress)[] = ['total', 'queued', 'sent', 'delivered', 'read', 'failed'];

/** The broadcast's messages by state (sent includes delivered and read; WhatsApp reports those two). */
function Progress() {
  const record = useRecordContext<BroadcastDetail>();
  const translate = useTranslate();
  if (!record?.progress) return null;
  const shown = [...COUNTS, ...(['skipped', 'kept'] as const).filter((k) => record.progress[k] > 0)];
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.broadcast.progress')}
        </Typography>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {shown.map((k) => (
            <Box key={k} sx={{ minWidth: 90 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(`app.broadcast.count_${k}`)}
              </Typography>
              <Typography
                variant="h5"
                component="div"
                color={k === 'failed' && record.progress.failed ? 'error' : undefined}
              >
                {record.progress[k]}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.broadcast.progress_hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Retry the failed messages, or cancel a scheduled broadcast: each after a confirmation; the API's message is shown. */
function Actions() {
  const record = useRecordContext<BroadcastDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<'retry' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = async (what: 'retry' | 'cancel') => {
    setBusy(true);
    setOpen(null);
    try {
      const res = await apiFetch(`/admin/broadcasts/${record.id}/${what}`, { method: 'POST' });
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
    <TopToolbar>
      {record.state === 'scheduled' && <EditButton />}
      {record.state === 'scheduled' && (
        <MuiButton color="error" startIcon={<CancelIcon />} disabled={busy} onClick={() => setOpen('cancel')}>
          {translate('app.broadcast.cancel')}
        </MuiButton>
      )}
      {record.progress?.failed > 0 && (
        <MuiButton startIcon={<ReplayIcon />} disabled={busy} onClick={() => setOpen('retry')}>
          {translate('app.broadcast.retry')}
        </MuiButton>
      )}
      <Confirm
        isOpen={open === 'retry'}
        title="app.broadcast.retry_title"
        content="app.broadcast.retry_text"
        translateOptions={{ smart_count: record.progress?.failed ?? 0 }}
        confirm="app.broadcast.retry"
        onConfirm={() => run('retry')}
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === 'cancel'}
        title="app.broadcast.cancel_title"
        content="app.broadcast.cancel_text"
        confirm="app.broadcast.cancel"
        onConfirm={() => run('cancel')}
        onClose={() => setOpen(null)}
      />
    </TopToolbar>
  );
}

function Segment(_props: { label?: string }) {
  const record = useRecordContext<BroadcastDetail>();
  return record ? <SegmentSummary segment={record.segment} /> : null;
}

/** One language's subject and text, in its own direction. */
function Text({ lang }: { lang: 'ar' | 'en'; label?: string }) {
  const record = useRecordContext<BroadcastDetail>();
  if (!record) return null;
  return (
    <Box lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography fontWeight="bold">{lang === 'ar' ? record.subject_ar : record.subject_en}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
        {lang === 'ar' ? record.body_ar : record.body_en}
      </Typography>
    </Box>
  );
}

function Reach(_props: { label?: string }) {
  const record = useRecordContext<BroadcastDetail>();
  const translate = useTranslate();
  if (!record?.reach) return <span>—</span>;
  const r = record.reach;
  return (
    <span>
      {[
        `${translate('app.broadcast.messages')}: ${r.messages}`,
        `${translate('app.broadcast.whatsapp')}: ${r.whatsapp}`,
        `${translate('app.broadcast.email')}: ${r.email}`,
        `${translate('app.broadcast.unreachable')}: ${r.unreachable}`,
        `${translate('app.broadcast.unsubscribed')}: ${r.unsubscribed}`,
      ].join(' · ')}
    </span>
  );
}

function Recipient(_props: { label?: string }) {
  const record = useRecordContext<{ user_name: string | null; guardian: boolean }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <span>
      {record.user_name ?? '—'}
      {record.guardian && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          ({translate('app.broadcast.guardian_of')})
        </Box>
      )}
    </span>
  );
}

function Language(_props: { label?: string }) {
  const record = useRecordContext<{ lang: 'ar' | 'en' }>();
  const translate = useTranslate();
  return record ? <span>{translate(`app.broadcast.lang_${record.lang}`)}</span> : null;
}

/** Whether a broadcast is still on its way (its figures change). */
const live = (record: BroadcastDetail | undefined) =>
  !!record &&
  (record.state === 'preparing' ||
    (record.state === 'scheduled' && new Date(record.send_at) <= new Date()) ||
    (record.state === 'queued' && record.progress.queued > 0));

/** Each recipient's message and its state; a state filter narrows the list (the failed ones, say). */
function Recipients() {
  const translate = useTranslate();
  const record = useRecordContext<BroadcastDetail>();
  const [state, setState] = useState('');
  // The list is read again whenever the broadcast's figures change (they are re-read while it is on its
  // way): read once, it could stay empty when the job wrote the messages just after (found by CI).
  const queryClient = useQueryClient();
  const figures = record ? [record.state, ...COUNTS.map((k) => record.progress?.[k])].join(':') : '';
  useEffect(() => {
    if (figures) void queryClient.invalidateQueries({ queryKey: ['broadcast-recipients'] });
  }, [figures, queryClient]);
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="h2">
          {translate('resources.broadcast-recipients.name', { smart_count: 2 })}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('resources.broadcast-recipients.fields.state')}
          value={state}
          onChange={(e) => setState(e.target.value)}
          sx={{ width: 260 }}
        >
          <MenuItem value="">{translate('app.broadcast.all_states')}</MenuItem>
          {recipientStateChoices.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {translate(c.name)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ReferenceManyField
        reference="broadcast-recipients"
        target="broadcast"
        filter={state ? { state } : {}}
        sort={{ field: 'created_at', order: 'ASC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 100]} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyList />}>
          <DataTable.Col source="to">
            <LtrField source="to" />
          </DataTable.Col>
          <DataTable.Col source="user_name" disableSort>
            <Recipient />
          </DataTable.Col>
          <DataTable.Col source="channel" disableSort>
            <ChannelName />
          </DataTable.Col>
          <DataTable.Col source="lang">
            <Language />
          </DataTable.Col>
          <DataTable.Col source="state" disableSort>
            <RecipientStateChip />
          </DataTable.Col>
          <DataTable.Col source="last_error" disableSort>
            <CutText source="last_error" width={220} ltr />
          </DataTable.Col>
          <DataTable.Col source="sent_at">
            <LocalDateField source="sent_at" showTime />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}

function EmptyList() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate('app.none_yet')}
    </Typography>
  );
}

/**
 * One broadcast: its text in both languages, whom it was for, its messages' progress (kept up to
 * date while it is being sent) and each recipient's state, with retry and cancel.
 */
export function BroadcastShow() {
  const [locale] = useLocaleState();
  return (
    <Show
      actions={<Actions />}
      queryOptions={{
        // While messages are being written or sent, the figures are read again every few seconds.
        refetchInterval: (query: { state: { data?: BroadcastDetail } }) => (live(query.state.data) ? 3000 : false),
      }}
    >
      <SimpleShowLayout>
        <Labeled label="resources.broadcasts.fields.state">
          <BroadcastStateChip />
        </Labeled>
        <LocalDateField source="send_at" showTime />
        <Labeled label="resources.broadcasts.fields.channels">
          <ChannelsField />
        </Labeled>
        <Labeled label="resources.broadcasts.fields.segment">
          <Segment />
        </Labeled>
        <Labeled label="resources.broadcasts.fields.reach">
          <Reach />
        </Labeled>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%' }} key={locale}>
          <Labeled label="app.broadcast.lang_ar" sx={{ flex: 1 }}>
            <Text lang="ar" />
          </Labeled>
          <Labeled label="app.broadcast.lang_en" sx={{ flex: 1 }}>
            <Text lang="en" />
          </Labeled>
        </Stack>
        <Progress />
        <Recipients />
      </SimpleShowLayout>
    </Show>
  );
}

function ChannelName(_props: { label?: string }) {
  const record = useRecordContext<{ channel: string }>();
  const translate = useTranslate();
  return record ? <span>{translate(`app.broadcast.${record.channel}`)}</span> : null;
}
