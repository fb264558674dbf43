import { Avatar, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export interface UserRecord {
  id: string;
  name: string;
  picture?: string | null;
  type: number;
  subcription: boolean;
}

const TYPE_KEYS: Record<number, string> = { 0: 'student', 1: 'coach', 2: 'entity' };

export function UserAvatar() {
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  const initials = user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return (
    <Avatar src={user.picture ?? undefined} alt={user.name} sx={{ width: 32, height: 32, fontSize: 14 }}>
      {initials}
    </Avatar>
  );
}

export function UserTypeField() {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return <span>{translate(`app.user_type.${TYPE_KEYS[user.type] ?? 'student'}`)}</span>;
}

export function SubscriptionChip() {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return user.subcription ? (
    <Chip size="small" color="success" label={translate('app.subscription.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('app.subscription.inactive')} />
  );
}

export const userTypeChoices = [
  { id: 0, name: 'app.user_type.student' },
  { id: 1, name: 'app.user_type.coach' },
  { id: 2, name: 'app.user_type.entity' },
];

/** Phone numbers and other left-to-right values keep their order inside Arabic text. */
export function LtrField({ source }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return null;
  return <bdi dir="ltr">{String(value)}</bdi>;
}
