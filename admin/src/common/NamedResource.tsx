import type GroupsIcon from '@mui/icons-material/Groups';
import { Create, DataTable, Edit, SimpleForm, TextInput, required } from 'react-admin';
import { ContentList } from './ContentList';
import { LocalDateField, bilingualRepresentation } from './fields';
import { ToggleField } from './ToggleField';

/** A resource of names in both languages with a status (categories, seasons, competitions): list and form. */
function NamedForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    </SimpleForm>
  );
}

function NamedList() {
  return (
    <ContentList sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="name_en" />
      <DataTable.Col source="created_at">
        <LocalDateField source="created_at" />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <ToggleField source="status" />
      </DataTable.Col>
    </ContentList>
  );
}

export const named = (icon: typeof GroupsIcon) => ({
  list: NamedList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <NamedForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <NamedForm />
    </Create>
  ),
  icon,
  recordRepresentation: bilingualRepresentation,
});
