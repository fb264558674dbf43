import { BooleanInput, Create, Edit, SelectInput, SimpleForm, TextInput, required, useGetList } from 'react-admin';
import { MediaInput } from '../media/MediaInput';
import { PlatformDateTimeInput } from '../common/PlatformDateTimeInput';

const ltr = { htmlInput: { dir: 'ltr' } };

/** The sites an event's results can come from: one per settings row (WRO → wro). */
function SiteInput() {
  const { data = [] } = useGetList('settings', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'site_name', order: 'ASC' },
  });
  const choices = data.map((s) => ({ id: String(s.site_name).toLowerCase(), name: String(s.site_name) }));
  return (
    <SelectInput
      source="type"
      choices={choices}
      validate={required()}
      isLoading={!data.length}
      helperText="app.content.type_hint"
    />
  );
}

function EventForm() {
  return (
    <SimpleForm
      sx={{ maxWidth: 720 }}
      defaultValues={{ type: 'wro', status: true, home_status: false, countdownStarted: false }}
    >
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={ltr} />
      <TextInput source="description" validate={required()} fullWidth multiline minRows={3} />
      <TextInput source="description_en" validate={required()} fullWidth multiline minRows={3} slotProps={ltr} />
      <TextInput source="link" validate={required()} fullWidth slotProps={ltr} helperText="app.content.link_hint" />
      <SiteInput />
      <TextInput source="results_url" fullWidth slotProps={ltr} helperText="app.content.results_url_hint" />
      <PlatformDateTimeInput source="event_date" validate={required()} fullWidth />
      <TextInput source="place" fullWidth />
      <TextInput source="place_en" fullWidth slotProps={ltr} />
      <MediaInput source="image" mode="image" limit={1} />
      <BooleanInput source="status" />
      <BooleanInput source="home_status" helperText="app.content.home_status_hint" />
      <BooleanInput source="countdownStarted" helperText="app.content.countdown_hint" />
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
