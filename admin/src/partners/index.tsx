import HandshakeIcon from '@mui/icons-material/Handshake';
import { Create, DataTable, Edit, FunctionField, SimpleForm, TextInput, required, useTranslate } from 'react-admin';
import { ContentList } from '../common/ContentList';
import { LocalDateField, LtrField } from '../common/fields';
import { ToggleField } from '../common/ToggleField';

const ltr = { htmlInput: { dir: 'ltr' } };

/** A long random key offered on create; the API keeps only its hash, so it is shown this once. */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const originsToText = (v: unknown) => (Array.isArray(v) ? v.join('\n') : (v ?? ''));
const textToOrigins = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function PartnerList() {
  return (
    <ContentList sort={{ field: 'created_at', order: 'DESC' }} secondary={(r) => <bdi dir="ltr">{r.client_id}</bdi>}>
      <DataTable.Col source="name" />
      <DataTable.Col source="client_id">
        <LtrField source="client_id" />
      </DataTable.Col>
      <DataTable.Col source="origins" disableSort>
        <FunctionField
          source="origins"
          render={(r: { origins: string[] }) => (
            <span dir="ltr" style={{ whiteSpace: 'pre-line' }}>
              {r.origins.join('\n')}
            </span>
          )}
        />
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

function PartnerForm({ creating }: { creating: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm sx={{ maxWidth: 720 }} defaultValues={creating ? { key: newKey(), status: true } : undefined}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput
        source="client_id"
        validate={required()}
        fullWidth
        slotProps={ltr}
        helperText="app.partner.client_id_hint"
      />
      <TextInput
        source="key"
        validate={creating ? required() : undefined}
        fullWidth
        slotProps={ltr}
        helperText={translate(creating ? 'app.partner.key_hint_new' : 'app.partner.key_hint_edit')}
      />
      <TextInput
        source="origins"
        validate={required()}
        fullWidth
        multiline
        minRows={2}
        slotProps={ltr}
        format={originsToText}
        parse={textToOrigins}
        helperText="app.partner.origins_hint"
      />
    </SimpleForm>
  );
}

export default {
  list: PartnerList,
  edit: () => (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={(d: Record<string, unknown>) => ({ ...d, key: d.key || undefined })}
    >
      <PartnerForm creating={false} />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <PartnerForm creating />
    </Create>
  ),
  icon: HandshakeIcon,
  recordRepresentation: 'name',
};
