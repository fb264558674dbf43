import CampaignIcon from '@mui/icons-material/Campaign';
import { Create, DataTable, Edit, SimpleForm, TextInput, required } from 'react-admin';
import { ContentList } from '../common/ContentList';
import { LocalDateField, LtrField, bilingualRepresentation } from '../common/fields';
import { ToggleField } from '../common/ToggleField';

const ltr = { htmlInput: { dir: 'ltr' } };

function AnnouncementList() {
  return (
    <ContentList sort={{ field: 'created_at', order: 'DESC' }} secondary={(r) => <bdi dir="ltr">{r.link}</bdi>}>
      <DataTable.Col source="name" />
      <DataTable.Col source="name_en" />
      <DataTable.Col source="link" disableSort>
        <LtrField source="link" />
      </DataTable.Col>
      <DataTable.Col source="created_at">
        <LocalDateField source="created_at" />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <ToggleField source="status" />
      </DataTable.Col>
    </ContentList>
  );
}

function AnnouncementForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={ltr} />
      <TextInput source="link" validate={required()} fullWidth slotProps={ltr} helperText="app.content.link_hint" />
    </SimpleForm>
  );
}

export default {
  list: AnnouncementList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <AnnouncementForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <AnnouncementForm />
    </Create>
  ),
  icon: CampaignIcon,
  recordRepresentation: bilingualRepresentation,
};
