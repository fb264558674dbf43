import { BooleanInput, Create, Edit, SelectInput, SimpleForm } from 'react-admin';
import { PersonInputs } from '../common/people';
import { withoutEmptyPassword } from '../users/UserForm';
import { TwoFactorReset } from './TwoFactorReset';

const staffTypeChoices = [
  { id: 4, name: 'app.staff_type.admin' },
  { id: 5, name: 'app.staff_type.sub_admin' },
];

function AdminForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      sx={{ maxWidth: 640 }}
      defaultValues={creating ? { type: 4, status: true, nationality: 'SA' } : undefined}
    >
      <PersonInputs creating={creating} staff />
      <SelectInput source="type" choices={staffTypeChoices} fullWidth />
      <BooleanInput source="status" />
      {!creating && <TwoFactorReset />}
    </SimpleForm>
  );
}

export function AdminEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={withoutEmptyPassword} redirect="list">
      <AdminForm creating={false} />
    </Edit>
  );
}

export function AdminCreate() {
  return (
    <Create redirect="list">
      <AdminForm creating />
    </Create>
  );
}
