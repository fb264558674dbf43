import { Box, Chip } from '@mui/material';
import {
  BROADCAST_CHANNELS,
  BROADCAST_STATES,
  RECIPIENT_STATES,
  SUBSCRIPTION_STATES,
  TEAM_STATES,
  roleOf,
  type BroadcastRecord,
  type BroadcastSegment,
  type BroadcastState,
  type RecipientState,
} from '@platform/contract';
import { useEffect, useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';
import { useRegions } from '../common/filters';

export const channelChoices = BROADCAST_CHANNELS.map((id) => ({ id, name: `app.broadcast.${id}` }));
export const stateChoices = BROADCAST_STATES.map((id) => ({ id, name: `app.broadcast_state.${id}` }));
export const recipientStateChoices = RECIPIENT_STATES.map((id) => ({ id, name: `app.recipient_state.${id}` }));
export const teamStateChoices = TEAM_STATES.map((id) => ({ id, name: `app.team_state.${id}` }));
export const planChoices = SUBSCRIPTION_STATES.map((id) => ({ id, name: `app.subscription_state.${id}` }));

type Named = { id: string; name: string; name_en: string };

/** The seasons and competitions a segment may name (sub-admins too), in the interface's language. */
export function useSegmentChoices() {
  const [locale] = useLocaleState();
  const [data, setData] = useState<{ seasons: Named[]; competitions: Named[] }>({ seasons: [], competitions: [] });
  useEffect(() => {
    let live = true;
    apiFetch('/admin/broadcasts/choices')
      .then((r) => r.json())
      .then((body: typeof data) => live && setData(body))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const named = (list: Named[]) => list.map((n) => ({ id: n.id, name: locale === 'ar' ? n.name : n.name_en }));
  return { seasons: named(data.seasons), competitions: named(data.competitions), regions: useRegions() };
}

const STATE_COLORS: Record<BroadcastState, 'default' | 'info' | 'success' | 'warning'> = {
  scheduled: 'info',
  preparing: 'warning',
  queued: 'success',
  cancelled: 'default',
};

export function BroadcastStateChip(_props: { label?: string }) {
  const record = useRecordContext<BroadcastRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      component="span"
      color={STATE_COLORS[record.state]}
      label={translate(`app.broadcast_state.${record.state}`)}
    />
  );
}

const RECIPIENT_COLORS: Record<RecipientState, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  sent: 'default',
  delivered: 'success',
  read: 'success',
  failed: 'error',
  skipped: 'warning',
  kept: 'default',
};

export function RecipientStateChip(_props: { label?: string }) {
  const record = useRecordContext<{ state: RecipientState }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      component="span"
      variant={record.state === 'read' ? 'filled' : 'outlined'}
      color={RECIPIENT_COLORS[record.state]}
      label={translate(`app.recipient_state.${record.state}`)}
    />
  );
}

/** The subject in the interface's language. */
export function SubjectField(_props: { label?: string }) {
  const record = useRecordContext<BroadcastRecord>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return <span>{locale === 'ar' ? record.subject_ar : record.subject_en}</span>;
}

export function ChannelsField(_props: { label?: string }) {
  const record = useRecordContext<BroadcastRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{record.channels.map((c) => translate(`app.broadcast.${c}`)).join(' · ')}</span>;
}

/** A segment in words: who receives it and each filter given (names in the interface's language). */
export function SegmentSummary({ segment }: { segment: BroadcastSegment }) {
  const translate = useTranslate();
  const { seasons, competitions, regions } = useSegmentChoices();
  const name = (list: { id: string; name: string }[], id: string) => list.find((c) => c.id === id)?.name ?? '…';
  const parts: string[] = [];
  if (segment.type !== undefined && segment.type !== null)
    parts.push(`${translate('app.broadcast.type')}: ${translate(`app.user_type.${roleOf(segment.type)}`)}`);
  if (segment.subscription)
    parts.push(`${translate('app.broadcast.plan')}: ${translate(`app.subscription_state.${segment.subscription}`)}`);
  if (segment.expires_within !== undefined && segment.expires_within !== null)
    parts.push(translate('app.broadcast.expires_in', { days: segment.expires_within }));
  if (segment.region) parts.push(`${translate('app.broadcast.region')}: ${name(regions, segment.region)}`);
  if (segment.season) parts.push(`${translate('app.broadcast.season')}: ${name(seasons, segment.season)}`);
  if (segment.competition)
    parts.push(`${translate('app.broadcast.competition')}: ${name(competitions, segment.competition)}`);
  if (segment.team_state)
    parts.push(`${translate('app.broadcast.team_state')}: ${translate(`app.team_state.${segment.team_state}`)}`);
  if (segment.paid !== undefined && segment.paid !== null)
    parts.push(`${translate('app.broadcast.paid')}: ${translate(segment.paid ? 'app.team.paid' : 'app.team.unpaid')}`);
  return (
    <Box component="span">
      <strong>{translate(`app.broadcast.audience_${segment.audience}`)}</strong>
      {' — '}
      {parts.length ? parts.join(' · ') : translate('app.broadcast.everyone')}
    </Box>
  );
}
