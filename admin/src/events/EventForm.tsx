import { Create, DateTimeInput, Edit, SimpleForm, TextInput, required } from 'react-admin';

const ltr = { htmlInput: { dir: 'ltr' } };

function EventForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ type: 'wro' }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={ltr} />
      <TextInput source="description" validate={required()} fullWidth multiline minRows={3} />
      <TextInput source="description_en" validate={required()} fullWidth multiline minRows={3} slotProps={ltr} />
      <TextInput source="link" validate={required()} fullWidth slotProps={ltr} helperText="app.content.link_hint" />
      <TextInput source="type" validate={required()} fullWidth slotProps={ltr} />
      <TextInput source="results_url" fullWidth slotProps={ltr} helperText="app.content.results_url_hint" />
      <DateTimeInput source="event_date" validate={required()} fullWidth />
    </SimpleForm>
  );
}

export const EventEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EventForm />
  </Edit>
);
export const EventCreate = () => (
  <Create redirect="list">
    <EventForm />
  </Create>
);
