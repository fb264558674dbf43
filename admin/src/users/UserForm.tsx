import {
  BooleanInput,
  Create,
  DateInput,
  DeleteWithConfirmButton,
  Edit,
  FormDataConsumer,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  usePermissions,
} from 'react-admin';
import { ENTITY_KINDS, GRADES } from '@platform/contract';
import { PersonInputs } from '../common/people';
import { ConsentFields, genderChoices, userTypeChoices } from './fields';

const gradeChoices = Array.from({ length: GRADES.max - GRADES.min + 1 }, (_, i) => ({
  id: String(GRADES.min + i),
  name: String(GRADES.min + i),
}));
const entityKindChoices = ENTITY_KINDS.map((id) => ({ id, name: `app.entity_kind.${id}` }));

const subscriptionChoices = [
  { id: true, name: 'app.subscription.active' },
  { id: false, name: 'app.subscription.inactive' },
];

/** Save, and Delete for admins only: a sub-admin edits members but cannot delete them. */
function UserToolbar({ creating }: { creating: boolean }) {
  const { permissions } = usePermissions();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {!creating && permissions === 'admin' && <DeleteWithConfirmButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** What only an admin may change (the API refuses a sub-admin's change): shown to sub-admins, not editable, not sent. */
const ADMIN_ONLY = ['type', 'subcription', 'start_date', 'end_date'] as const;

function UserForm({ creating }: { creating: boolean }) {
  const { permissions } = usePermissions();
  const locked = !creating && permissions !== 'admin';
  return (
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={<UserToolbar creating={creating} />}
      defaultValues={
        creating
          ? {
              type: 0,
              dob: '2015-01-01',
              nationality: 'SA',
              subcription: false,
              isVerified: true,
              status: true,
            }
          : undefined
      }
    >
      <PersonInputs creating={creating} />
      <SelectInput source="type" choices={userTypeChoices} fullWidth readOnly={locked} />
      <SelectInput source="subcription" choices={subscriptionChoices} fullWidth readOnly={locked} />
      <DateInput source="start_date" fullWidth readOnly={locked} />
      <DateInput source="end_date" fullWidth readOnly={locked} />
      <SelectInput source="gender" choices={genderChoices} fullWidth />
      <DateInput source="dob" fullWidth />
      {/* A student's grade and an entity's kind; a change is in the audit log like every edit. */}
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 0 ? (
            <SelectInput source="grade" choices={gradeChoices} fullWidth />
          ) : formData.type === 2 ? (
            <>
              <SelectInput source="entityKind" choices={entityKindChoices} fullWidth />
              {/* A school's or company's billing details: what a standard tax invoice names (checked by the API). */}
              <TextInput source="tax_id" fullWidth slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }} />
              <TextInput source="legal_name" fullWidth />
              <TextInput source="address.street" fullWidth />
              <TextInput
                source="address.building"
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
              />
              <TextInput source="address.district" fullWidth />
              <TextInput source="address.city" fullWidth />
              <TextInput
                source="address.postal_code"
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
              />
            </>
          ) : null
        }
      </FormDataConsumer>
      <TextInput source="crNumber" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="guardian_name" fullWidth />
      <TextInput source="guardian_phone" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <BooleanInput source="isVerified" />
      <BooleanInput source="status" />
      {!creating && <ConsentFields />}
    </SimpleForm>
  );
}

/** An empty password on edit means "keep the current one". */
export const withoutEmptyPassword = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([k, v]) => !(k === 'password' || k === 'cpassword') || v));

/** A sub-admin's save leaves out the fields only an admin may change. */
const withoutAdminOnly = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => !(ADMIN_ONLY as readonly string[]).includes(k)));

export function UserEdit() {
  const { permissions } = usePermissions();
  const transform = (data: Record<string, unknown>) =>
    permissions === 'admin' ? withoutEmptyPassword(data) : withoutAdminOnly(withoutEmptyPassword(data));
  return (
    <Edit mutationMode="pessimistic" transform={transform}>
      <UserForm creating={false} />
    </Edit>
  );
}

export function UserCreate() {
  return (
    <Create redirect="list">
      <UserForm creating />
    </Create>
  );
}
