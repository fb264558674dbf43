import WallpaperIcon from '@mui/icons-material/Wallpaper';
import { CERTIFICATE_PLACEHOLDERS, type CertificateTemplateRecord } from '@platform/contract';
import { Alert, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  ArrayInput,
  Button,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { apiFetch } from '../common/api';
import { BilingualName, LocalDateField } from '../common/fields';
import { MediaInput } from '../media/MediaInput';

/** Opens the template being edited as a PDF with sample data, in one language (nothing is saved). */
function PreviewButtons() {
  const { getValues } = useFormContext();
  const notify = useNotify();
  const preview = async (lang: 'ar' | 'en') => {
    const tab = window.open('', '_blank');
    try {
      const res = await apiFetch('/admin/certificate-templates/preview', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...getValues(), lang }),
      });
      const url = URL.createObjectURL(await res.blob());
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
      <Button label="app.certificate.preview_ar" variant="outlined" onClick={() => preview('ar')} />
      <Button label="app.certificate.preview_en" variant="outlined" onClick={() => preview('en')} />
    </Stack>
  );
}

function TemplateForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <ReferenceInput source="competition_id" reference="competitions" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput optionText={<BilingualName />} emptyText="app.certificate.default_template" />
      </ReferenceInput>
      <MediaInput source="background" mode="image" limit={1} label="app.certificate.background" />
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.certificate.placeholders')}{' '}
        <bdi dir="ltr">{CERTIFICATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}</bdi>
      </Alert>
      <TextInput source="wording_ar" multiline minRows={3} fullWidth validate={required()} />
      <TextInput source="wording_en" multiline minRows={3} fullWidth validate={required()} />
      <ArrayInput source="signatures">
        <SimpleFormIterator inline disableReordering>
          <MediaInput source="image" mode="image" limit={1} label="app.certificate.signature_image" />
          <TextInput source="name" />
          <TextInput source="name_en" />
          <TextInput source="role" />
          <TextInput source="role_en" />
        </SimpleFormIterator>
      </ArrayInput>
      <PreviewButtons />
    </SimpleForm>
  );
}

export function TemplateList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sort={{ field: 'updated_at', order: 'DESC' }}>
      {small ? (
        <SimpleList<CertificateTemplateRecord>
          primaryText={(r) =>
            r.competition_id ? (
              <ReferenceField record={r} source="competition_id" reference="competitions" link={false}>
                <BilingualName />
              </ReferenceField>
            ) : (
              translate('app.certificate.default_template')
            )
          }
          secondaryText={(r) => r.wording_ar}
          linkType="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="competition_id">
            <ReferenceField
              source="competition_id"
              reference="competitions"
              link={false}
              emptyText={translate('app.certificate.default_template')}
            >
              <BilingualName />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="wording_ar" disableSort />
          <DataTable.Col source="updated_at">
            <LocalDateField source="updated_at" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

export const TemplateCreate = () => (
  <Create redirect="list">
    <TemplateForm />
  </Create>
);

export const TemplateEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <TemplateForm />
  </Edit>
);

export const templates = { list: TemplateList, create: TemplateCreate, edit: TemplateEdit, icon: WallpaperIcon };
