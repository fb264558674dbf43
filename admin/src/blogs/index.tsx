import { LIMITS, POST_TYPES, type NamePair } from '@platform/contract';
import ArticleIcon from '@mui/icons-material/Article';
import {
  Create,
  DataTable,
  Edit,
  FormDataConsumer,
  ReferenceInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LazyRichTextInput as RichTextInput } from '../common/LazyRichText';
import { ContentList } from '../common/ContentList';
import { BilingualName, LocalDateField, bilingualRepresentation } from '../common/fields';
import { ToggleField } from '../common/ToggleField';
import { MediaInput } from '../media/MediaInput';

const ltr = { htmlInput: { dir: 'ltr' } };
const typeChoices = POST_TYPES.map((id) => ({ id, name: `app.blog.type.${id}` }));

function CategoryName(_props: { label?: string }) {
  const record = useRecordContext<{ category_name: NamePair | null }>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (!record) return null;
  const c = record.category_name;
  return <span>{!c ? translate('app.blog.no_category') : locale === 'ar' ? c.name : c.name_en}</span>;
}

function BlogList() {
  return (
    <ContentList sort={{ field: 'created_at', order: 'DESC' }} secondary={() => <CategoryName />}>
      <DataTable.Col source="name" />
      <DataTable.Col source="name_en" />
      <DataTable.Col source="type">
        <SelectField source="type" choices={typeChoices} />
      </DataTable.Col>
      <DataTable.Col source="category_name">
        <CategoryName />
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

/** The post form; the slug is made by the API from the English name and only shown here. */
function BlogForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      sx={{ maxWidth: 900 }}
      defaultValues={creating ? { type: 'post', status: true, galleries: [], videos: [] } : undefined}
    >
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={ltr} />
      {!creating && <TextInput source="slug" disabled fullWidth slotProps={ltr} helperText="app.blog.slug_hint" />}
      <SelectInput source="type" choices={typeChoices} validate={required()} />
      <ReferenceInput
        source="category"
        reference="categories"
        filter={{ status: true }}
        sort={{ field: 'name_en', order: 'ASC' }}
      >
        <SelectInput optionText={<BilingualName />} emptyText="app.blog.no_category" fullWidth />
      </ReferenceInput>
      <TextInput source="short_desc" fullWidth multiline minRows={2} />
      <TextInput source="short_desc_en" fullWidth multiline minRows={2} slotProps={ltr} />
      <RichTextInput source="description" lang="ar" fullWidth />
      <RichTextInput source="description_en" lang="en" fullWidth />
      <MediaInput source="image" mode="image" limit={1} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'video' ? (
            <MediaInput source="videos" mode="video" limit={LIMITS.postMediaMax} />
          ) : (
            <MediaInput source="galleries" mode="image" limit={LIMITS.postMediaMax} />
          )
        }
      </FormDataConsumer>
    </SimpleForm>
  );
}

export default {
  list: BlogList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <BlogForm creating={false} />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <BlogForm creating />
    </Create>
  ),
  icon: ArticleIcon,
  recordRepresentation: bilingualRepresentation,
};
