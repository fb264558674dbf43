import { Alert, Box, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { BROADCAST_AUDIENCES, LIMITS, toAsciiDigits, type BroadcastRecord } from '@platform/contract';
import { useEffect, useState } from 'react';
import {
  CheckboxGroupInput,
  Confirm,
  Create,
  Edit,
  FormDataConsumer,
  NullableBooleanInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useNotify,
  usePermissions,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { PlatformDateTimeInput } from '../common/PlatformDateTimeInput';
import { userTypeChoices } from '../users/fields';
import { channelChoices, planChoices, teamStateChoices, useSegmentChoices } from './fields';
import { PreviewPanel, ReachPanel, usePreview, type ComposeValues } from './ReachPanel';

type FormValues = ComposeValues & { when?: 'now' | 'later'; send_at?: string | null };

const audienceChoices = BROADCAST_AUDIENCES.map((id) => ({ id, name: `app.broadcast.audience_${id}` }));
const rtl = { htmlInput: { dir: 'rtl', lang: 'ar' } };
const ltr = { htmlInput: { dir: 'ltr', lang: 'en' } };

/** Days typed in any digits (٣٠, ۳۰ or 30): a whole number from 0 to the limit, or empty. */
const days = (value: unknown) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = toAsciiDigits(String(value)).trim();
  return /^\d+$/.test(text) && Number(text) <= LIMITS.broadcastDaysMax
    ? undefined
    : { message: 'app.broadcast.days_invalid', args: { max: LIMITS.broadcastDaysMax } };
};

/** The body the API takes: "now" is no time; empty filters are left out. */
function toBody(values: FormValues) {
  const { when, send_at, ...rest } = values;
  const segment = Object.fromEntries(
    Object.entries(values.segment ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return { ...rest, segment, send_at: when === 'later' ? send_at : null };
}

/** The reach and preview, following the form; reports the number of messages for the confirmation. */
function LivePanels({ values, onReach }: { values: FormValues; onReach: (n: number | null) => void }) {
  const state = usePreview(values);
  const messages = state.preview?.reach.messages ?? null;
  useEffect(() => onReach(state.error ? null : messages), [messages, state.error, onReach]);
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <ReachPanel state={state} />
      <PreviewPanel state={state} channels={values.channels ?? []} />
    </Stack>
  );
}

function SegmentInputs() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const { seasons, competitions, regions } = useSegmentChoices();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.broadcast.audience')}
      </Typography>
      {permissions !== 'admin' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.broadcast.sub_admin_hint')}
        </Alert>
      )}
      <RadioButtonGroupInput
        source="segment.audience"
        label="app.broadcast.send_to"
        choices={audienceChoices}
        row={false}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.broadcast.filters_hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        <SelectInput source="segment.competition" label="app.broadcast.competition" choices={competitions} />
        <SelectInput source="segment.season" label="app.broadcast.season" choices={seasons} />
        <SelectInput source="segment.region" label="app.broadcast.region" choices={regions} />
        <SelectInput source="segment.team_state" label="app.broadcast.team_state" choices={teamStateChoices} />
        <NullableBooleanInput
          source="segment.paid"
          label="app.broadcast.paid"
          trueLabel="app.team.paid"
          falseLabel="app.team.unpaid"
        />
        <SelectInput source="segment.type" label="app.broadcast.type" choices={userTypeChoices} />
        <SelectInput source="segment.subscription" label="app.broadcast.plan" choices={planChoices} />
        <TextInput
          source="segment.expires_within"
          label="app.broadcast.expires_within"
          helperText="app.broadcast.expires_within_hint"
          validate={days}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
      </Box>
    </Box>
  );
}

/**
 * Compose a broadcast: the subject and text in both languages, the channels, the segment, and when.
 * The reach and the rendered message follow the form (asked of the API); Send or Schedule asks for a
 * confirmation naming how many messages go, then saves (the API sends nothing itself: its job
 * writes the messages to the outbox, which sends them at the providers' rate).
 */
function BroadcastForm() {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const [pending, setPending] = useState<FormValues | null>(null);
  const [reach, setReach] = useState<number | null>(null);
  return (
    <>
      <SimpleForm
        sx={{ maxWidth: 1100 }}
        defaultValues={{ channels: ['whatsapp', 'email'], segment: { audience: 'members' }, when: 'now' }}
        onSubmit={(values: Record<string, unknown>) => setPending(values as FormValues)}
        toolbar={
          <Toolbar>
            <FormDataConsumer<FormValues>>
              {({ formData }) => (
                <SaveButton
                  label={formData.when === 'later' ? 'app.broadcast.schedule' : 'app.broadcast.send'}
                  icon={formData.when === 'later' ? <ScheduleIcon /> : <SendIcon />}
                  alwaysEnable
                />
              )}
            </FormDataConsumer>
          </Toolbar>
        }
      >
        <Typography variant="h6" component="h2">
          {translate('app.broadcast.message')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <TextInput
              source="subject_ar"
              validate={[required('app.broadcast.both_languages'), maxLength(LIMITS.broadcastSubjectMax)]}
              fullWidth
              slotProps={rtl}
            />
            <TextInput
              source="body_ar"
              validate={[required('app.broadcast.both_languages'), maxLength(LIMITS.broadcastBodyMax)]}
              fullWidth
              multiline
              minRows={5}
              slotProps={rtl}
            />
          </Box>
          <Box>
            <TextInput
              source="subject_en"
              validate={[required('app.broadcast.both_languages'), maxLength(LIMITS.broadcastSubjectMax)]}
              fullWidth
              slotProps={ltr}
            />
            <TextInput
              source="body_en"
              validate={[required('app.broadcast.both_languages'), maxLength(LIMITS.broadcastBodyMax)]}
              fullWidth
              multiline
              minRows={5}
              slotProps={ltr}
            />
          </Box>
        </Box>
        <CheckboxGroupInput
          source="channels"
          choices={channelChoices}
          validate={required('app.broadcast.channels_required')}
          helperText="app.broadcast.channels_hint"
        />
        <SegmentInputs />
        <FormDataConsumer<FormValues>>
          {({ formData }) => <LivePanels values={formData} onReach={setReach} />}
        </FormDataConsumer>
        <RadioButtonGroupInput
          source="when"
          label="app.broadcast.when"
          choices={[
            { id: 'now', name: 'app.broadcast.now' },
            { id: 'later', name: 'app.broadcast.later' },
          ]}
        />
        <FormDataConsumer<FormValues>>
          {({ formData }) =>
            formData.when === 'later' && <PlatformDateTimeInput source="send_at" validate={required()} />
          }
        </FormDataConsumer>
      </SimpleForm>
      <Confirm
        isOpen={!!pending}
        title={pending?.when === 'later' ? 'app.broadcast.confirm_schedule_title' : 'app.broadcast.confirm_title'}
        content={
          reach === null
            ? 'app.broadcast.confirm_unknown'
            : pending?.when === 'later'
              ? 'app.broadcast.confirm_later'
              : 'app.broadcast.confirm_now'
        }
        translateOptions={{ smart_count: reach ?? 0 }}
        confirm={pending?.when === 'later' ? 'app.broadcast.schedule' : 'app.broadcast.send'}
        onConfirm={() => {
          const values = pending!;
          setPending(null);
          void save?.(toBody(values));
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}

/** After saving: the API's message (sending, or scheduled), then the broadcast's page. */
function useSaved() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (data: BroadcastRecord & { message?: string }) => {
    notify(data.message ?? 'ra.notification.created', { type: 'success' });
    redirect('show', 'broadcasts', data.id);
  };
}

export function BroadcastCreate() {
  const onSuccess = useSaved();
  return (
    <Create mutationOptions={{ onSuccess }}>
      <BroadcastForm />
    </Create>
  );
}

/** A scheduled broadcast (the API refuses a change once it started sending). */
export function BroadcastEdit() {
  const onSuccess = useSaved();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      queryOptions={{
        select: (record: BroadcastRecord) => ({ ...record, when: 'later' }) as BroadcastRecord,
      }}
    >
      <BroadcastForm />
    </Edit>
  );
}
