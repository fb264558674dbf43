import type { OutboxMessageRecord } from '@platform/contract';
import { Box, Typography } from '@mui/material';
import {
  Button,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { LocalDateField } from '../common/fields';
import { RecipientField } from './MessageList';
import { DeliveryChip, KindField, ResendButton, StatusChip, WordField } from './fields';

/** The message's text as it went out (an e-mail's or a template's words), never a one-time code. */
function MessageText(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.body === null)
    return <Typography sx={{ color: 'text.secondary' }}>{translate('app.messages.code_hidden')}</Typography>;
  return (
    <Box
      component="p"
      dir={record.lang === 'ar' ? 'rtl' : 'ltr'}
      lang={record.lang}
      sx={{ m: 0, whiteSpace: 'pre-line', bgcolor: 'action.hover', p: 1.5, borderRadius: 1, maxWidth: 640 }}
    >
      {record.body || '—'}
    </Box>
  );
}

/** Why it failed, whole: the provider's code and words (in the provider's language). */
function FailureReason(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  if (!record?.last_error) return <span>—</span>;
  return (
    <Box component="bdi" dir="ltr" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {record.last_error}
    </Box>
  );
}

/** The other messages to the same member. */
function MemberMessagesButton() {
  const record = useRecordContext<OutboxMessageRecord>();
  if (!record?.user_id) return null;
  return (
    <Button
      component={Link}
      to={`/messages?filter=${encodeURIComponent(JSON.stringify({ user_id: record.user_id }))}`}
      label="app.messages.member_messages"
    />
  );
}

function Actions() {
  return (
    <TopToolbar>
      <MemberMessagesButton />
      <ResendButton />
    </TopToolbar>
  );
}

/** One message: whom it went to, what it said (never a code), how far it went and why it failed. */
export function MessageShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <Labeled source="kind">
          <KindField />
        </Labeled>
        <Labeled source="to">
          <RecipientField />
        </Labeled>
        <Labeled source="channel">
          <WordField source="channel" prefix="app.message_channel" />
        </Labeled>
        <Labeled source="lang">
          <WordField source="lang" prefix="app.message_lang" />
        </Labeled>
        <Labeled source="status">
          <StatusChip />
        </Labeled>
        <Labeled source="delivery">
          <DeliveryChip withTime />
        </Labeled>
        <Labeled source="last_error">
          <FailureReason />
        </Labeled>
        <NumberField source="attempts" />
        <LocalDateField source="created_at" showTime />
        <LocalDateField source="sent_at" showTime />
        <TextField source="subject" emptyText="—" />
        <Labeled source="body">
          <MessageText />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
