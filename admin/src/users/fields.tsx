import { MEMBER_TYPES, isMemberType, roleOf, GENDERS, type UserRecord } from '@platform/contract';
import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { BooleanField, Labeled, useRecordContext, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/fields';

export const genderChoices = GENDERS.map((id) => ({ id, name: `app.gender.${id.toLowerCase()}` }));

export const userTypeChoices = MEMBER_TYPES.map((type) => ({ id: type, name: `app.user_type.${roleOf(type)}` }));

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();

/** The picture's URL; lists use the small copy the API keeps next to each profile picture. */
export function pictureUrl(picture: string | null | undefined, thumb = false): string | undefined {
  if (!picture) return undefined;
  const path = thumb ? picture.replace(/^\/uploads\/users\/(?!thumbs\/)/, '/uploads/users/thumbs/') : picture;
  return new URL(path, window.location.origin).href;
}

export function UserAvatar({
  size = 32,
  thumb = true,
  record,
}: {
  size?: number;
  thumb?: boolean;
  label?: string;
  record?: Pick<UserRecord, 'name' | 'picture'>;
}) {
  const user = useRecordContext<Pick<UserRecord, 'name' | 'picture'>>({ record });
  if (!user) return null;
  return (
    <Avatar
      src={pictureUrl(user.picture, thumb)}
      alt={user.name}
      sx={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initials(user.name)}
    </Avatar>
  );
}

export function UserTypeField(_props: { label?: string }) {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const key = user && isMemberType(user.type) ? roleOf(user.type) : undefined;
  return key ? <span>{translate(`app.user_type.${key}`)}</span> : null;
}

export function SubscriptionChip(_props: { label?: string }) {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return user.subcription ? (
    <Chip size="small" color="success" label={translate('app.subscription.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('app.subscription.inactive')} />
  );
}

/**
 * What the member agreed to at sign-up (the terms and privacy policy: when, and the version, which is
 * when staff last saved them; a guardian's consent for a student under 18) and whether the public
 * profile shows. Read only: they are the member's own choices.
 */
export function ConsentFields(_props: { label?: string }) {
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Labeled source="terms_accepted_at">
        <LocalDateField source="terms_accepted_at" showTime />
      </Labeled>
      <Labeled source="terms_version">
        <LocalDateField source="terms_version" showTime />
      </Labeled>
      <Labeled source="guardian_consent_at">
        <LocalDateField source="guardian_consent_at" showTime />
      </Labeled>
      <Labeled source="public_profile">
        <BooleanField source="public_profile" />
      </Labeled>
    </Stack>
  );
}

/** The language of the member's messages, and whether it was guessed rather than chosen. */
export function LanguageField(_props: { label?: string }) {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user?.language) return <span>—</span>;
  return (
    <Stack>
      <span>{translate(`app.language.${user.language}`)}</span>
      {!user.language_chosen && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.user.language_guessed')}
        </Typography>
      )}
    </Stack>
  );
}
