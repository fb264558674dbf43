import {
  MESSAGE_CHANNELS,
  MESSAGE_DELIVERIES,
  MESSAGE_STATUSES,
  formatDate,
  type OutboxMessageRecord,
} from '@platform/contract';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  Button,
  Confirm,
  useCreatePath,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch } from '../common/api';
import { en } from '../i18n/en';

/** The catalogue's kinds the back-office names (a test keeps them equal to the API's catalogue). */
export const MESSAGE_KINDS = Object.keys(en.app.message_kind);

export const channelChoices = MESSAGE_CHANNELS.map((id) => ({ id, name: `app.message_channel.${id}` }));
export const statusChoices = MESSAGE_STATUSES.map((id) => ({ id, name: `app.message_status.${id}` }));
export const deliveryChoices = [...MESSAGE_DELIVERIES, 'none'].map((id) => ({
  id,
  name: `app.message_delivery.${id}`,
}));
export const langChoices = ['ar', 'en'].map((id) => ({ id, name: `app.message_lang.${id}` }));

/** The kinds by their names in the interface's language, in its alphabetical order. */
export function useKindChoices() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return MESSAGE_KINDS.map((id) => ({ id, name: translate(`app.message_kind.${id}`) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** A message's kind by its name in the interface's language (the kind itself when the catalogue is newer). */
export function KindField(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`app.message_kind.${record.kind}`, { _: record.kind.replace(/_/g, ' ') })}</span>;
}

/** A value of a fixed set in the interface's language (channel, language). */
export function WordField({ source, prefix }: { source: 'channel' | 'lang'; prefix: string; label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`${prefix}.${record[source]}`, { _: record[source] })}</span>;
}

const STATUS_COLOR = {
  pending: 'warning',
  sent: 'success',
  failed: 'error',
  kept: 'default',
  skipped: 'default',
} as const;
const DELIVERY_COLOR = { sent: 'default', delivered: 'success', read: 'success', failed: 'error' } as const;

export function StatusChip(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[record.status] ?? 'default'}
      label={translate(`app.message_status.${record.status}`, { _: record.status })}
    />
  );
}

/** What the provider reported (WhatsApp's delivery webhooks), with when (beside it, or on hover); a dash when nothing was. */
export function DeliveryChip({ withTime = false }: { withTime?: boolean; label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  if (!record.delivery) return <span>—</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        title={record.delivery_at ? formatDate(record.delivery_at, locale, 'time') : undefined}
        variant={record.delivery === 'delivered' ? 'outlined' : 'filled'}
        color={DELIVERY_COLOR[record.delivery] ?? 'default'}
        label={translate(`app.message_delivery.${record.delivery}`)}
      />
      {withTime && record.delivery_at && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
          {formatDate(record.delivery_at, locale, 'time')}
        </Box>
      )}
    </Box>
  );
}

/**
 * Sends a failed message again after a confirmation (never a one-time code: the API refuses it and
 * the button is not offered), then opens the new message.
 */
export function ResendButton(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  if (!record?.can_resend) return null;
  const resend = async () => {
    setSending(true);
    try {
      const res = await apiFetch(`/admin/messages/${record.id}/resend`, { method: 'POST' });
      const body = (await res.json()) as { message: string; id: string };
      notify(body.message, { type: 'success' });
      setOpen(false);
      refresh();
      redirect(createPath({ resource: 'messages', id: body.id, type: 'show' }));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        label="app.messages.resend"
        onClick={(e: MouseEvent) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={sending}
        title="app.messages.resend_title"
        content={translate('app.messages.resend_content', { to: `\u2066${record.to}\u2069` })}
        confirm="app.messages.resend"
        onConfirm={resend}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
