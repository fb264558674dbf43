import { Alert, LinearProgress } from '@mui/material';
import { LazyRichTextInput as RichTextInput } from '../common/LazyRichText';
import { TestMessages } from './TestMessages';
import { Edit, SaveButton, SimpleForm, Title, Toolbar, useGetList, useTranslate } from 'react-admin';

/** Test messages (e-mail and WhatsApp), then the privacy policy and terms in both languages, for the site WRO; one Save. */
export function SettingsPage() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList('settings', {
    filter: { site_name: 'WRO' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'site_name', order: 'ASC' },
  });
  if (isPending) return <LinearProgress sx={{ mt: 2 }} />;
  if (error || !data?.[0]) return <Alert severity="error">{translate('app.errors.unknown')}</Alert>;
  return (
    <>
      <Title title="resources.settings.name" />
      <TestMessages />
      <Edit resource="settings" id={data[0].id} mutationMode="pessimistic" redirect={false} title=" ">
        <SimpleForm
          sx={{ maxWidth: 960 }}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <RichTextInput source="privacy" lang="ar" tall fullWidth />
          <RichTextInput source="privacy_en" lang="en" tall fullWidth />
          <RichTextInput source="tearm_condition" lang="ar" tall fullWidth />
          <RichTextInput source="tearm_condition_en" lang="en" tall fullWidth />
        </SimpleForm>
      </Edit>
    </>
  );
}
