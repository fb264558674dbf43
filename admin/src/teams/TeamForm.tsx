import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import { DigitsNumberInput } from '../common/NumberInput';
import { BilingualName } from '../common/fields';
import { TeamRegistration } from './TeamRegistration';

/**
 * A team's number, season, competition, entity, people and result. "Paid" is not here: a team is paid
 * by its payment, or by a payment staff record with a reason (the team page's "Record a payment").
 */
function TeamForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ status: true }}>
      <TextInput source="team_no" validate={required()} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <ReferenceInput source="season" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="competition" reference="competitions" sort={{ field: 'name_en', order: 'ASC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="entity" reference="users" filter={{ type: 2 }} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" fullWidth emptyText="app.blog.no_entity" />
      </ReferenceInput>
      <ReferenceArrayInput
        source="member_ids"
        reference="users"
        filter={{ type: 0 }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput optionText="name" fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput
        source="coach_ids"
        reference="users"
        filter={{ type: 1 }}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput optionText="name" fullWidth />
      </ReferenceArrayInput>
      <DigitsNumberInput source="score" step={0.01} />
      <DigitsNumberInput source="ranked" step={1} />
      <BooleanInput source="status" />
    </SimpleForm>
  );
}

/** A team's page: its people and registration (with the staff's decisions), then its form. */
export function TeamEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <TeamRegistration />
      <TeamForm />
    </Edit>
  );
}

export function TeamCreate() {
  return (
    <Create redirect="list">
      <TeamForm />
    </Create>
  );
}
