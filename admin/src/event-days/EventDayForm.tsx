import {
  AutocompleteArrayInput,
  Create,
  DateInput,
  Edit,
  ReferenceArrayInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BilingualName } from '../common/fields';
import {
  AssignmentsPanel,
  AwardsPanel,
  CorrectionPanel,
  RankingPanel,
  RoundsPanel,
  StandingsPanel,
} from './EventDayPanels';

/** Where and when: the fields both the create and the edit form have. */
function PlaceFields() {
  return (
    <>
      <DateInput source="event_date" validate={required()} />
      <TextInput source="venue_name" validate={required()} fullWidth />
      <TextInput source="venue_name_en" validate={required()} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="venue_city" validate={required()} fullWidth />
      <TextInput source="map_url" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    </>
  );
}

/** The teams taking part: a chosen subset of the approved teams of the season and competition (none: all). */
function TeamsInput() {
  const season = useWatch({ name: 'season_id' });
  const competition = useWatch({ name: 'competition_id' });
  const translate = useTranslate();
  if (!season || !competition) return null;
  return (
    <ReferenceArrayInput
      source="team_ids"
      reference="teams"
      filter={{ season, competition, registration_status: 'approved' }}
      sort={{ field: 'team_no', order: 'ASC' }}
      perPage={200}
    >
      <AutocompleteArrayInput
        optionText={(t: { team_no: string; name?: string | null }) => `${t.team_no}${t.name ? ` · ${t.name}` : ''}`}
        helperText={translate('resources.event-days.teams_hint')}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

export function EventDayCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm sx={{ maxWidth: 720 }}>
        <ReferenceInput source="season_id" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
          <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
        </ReferenceInput>
        <ReferenceInput source="competition_id" reference="competitions" sort={{ field: 'name_en', order: 'ASC' }}>
          <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
        </ReferenceInput>
        <PlaceFields />
        <TeamsInput />
      </SimpleForm>
    </Create>
  );
}

/** The day's panels beside its form: rules, rounds, judges, ranking and awards. */
function Panels() {
  const record = useRecordContext<{ id: string; competition_id: string }>();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }}>
      <RankingPanel competitionId={record.competition_id} />
      <RoundsPanel eventId={record.id} />
      <AssignmentsPanel eventId={record.id} />
      <StandingsPanel eventId={record.id} />
      <AwardsPanel eventId={record.id} />
      <CorrectionPanel eventId={record.id} />
    </Stack>
  );
}

export function EventDayEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      {/* No delete: an event day keeps its scores and results. */}
      <SimpleForm
        sx={{ maxWidth: 720 }}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <PlaceFields />
      </SimpleForm>
      <Panels />
    </Edit>
  );
}
