import { DURATION_TYPES, PLAN_TYPES } from '@platform/contract';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import {
  Create,
  DataTable,
  Edit,
  SelectField,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  minValue,
  type Validator,
} from 'react-admin';
import { DigitsNumberInput } from '../common/NumberInput';
import { ContentList } from '../common/ContentList';
import { BilingualName, MoneyField, bilingualRepresentation } from '../common/fields';
import { ToggleField } from '../common/ToggleField';

const durationChoices = DURATION_TYPES.map((id) => ({ id, name: `app.plan.duration_type.${id}` }));
const typeChoices = PLAN_TYPES.map((id) => ({ id, name: `app.plan.type.${id}` }));
const notAboveOriginal: Validator = (value, values) =>
  value !== undefined && values.orignal_pirce !== undefined && Number(value) > Number(values.orignal_pirce)
    ? 'app.plan.price_above_original'
    : undefined;

function PlanList() {
  return (
    <ContentList
      sort={{ field: 'created_at', order: 'DESC' }}
      archives
      secondary={() => (
        <>
          <MoneyField source="price" currencySource="currency" /> · <SelectField source="type" choices={typeChoices} />
        </>
      )}
    >
      <DataTable.Col source="name">
        <BilingualName />
      </DataTable.Col>
      <DataTable.Col source="orignal_pirce">
        <MoneyField source="orignal_pirce" currencySource="currency" />
      </DataTable.Col>
      <DataTable.Col source="price">
        <MoneyField source="price" currencySource="currency" />
      </DataTable.Col>
      <DataTable.Col source="duration" />
      <DataTable.Col source="duration_type" disableSort>
        <SelectField source="duration_type" choices={durationChoices} />
      </DataTable.Col>
      <DataTable.Col source="type">
        <SelectField source="type" choices={typeChoices} />
      </DataTable.Col>
      <DataTable.Col source="subtype" disableSort />
      <DataTable.Col source="status" disableSort>
        <ToggleField source="status" />
      </DataTable.Col>
    </ContentList>
  );
}

function PlanForm() {
  return (
    <SimpleForm
      sx={{ maxWidth: 720 }}
      defaultValues={{ duration: 1, duration_type: 'year', type: 'coach', status: true }}
    >
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="name_en" validate={required()} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="description" fullWidth multiline minRows={2} />
      <TextInput source="description_en" fullWidth multiline minRows={2} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <DigitsNumberInput
        source="orignal_pirce"
        validate={[required(), minValue(0)]}
        step={0.01}
        helperText="app.plan.sar"
      />
      <DigitsNumberInput
        source="price"
        validate={[required(), minValue(0), notAboveOriginal]}
        step={0.01}
        helperText="app.plan.price_hint"
      />
      <DigitsNumberInput source="duration" validate={[required(), minValue(1)]} step={1} />
      <SelectInput source="duration_type" choices={durationChoices} validate={required()} />
      <SelectInput source="type" choices={typeChoices} validate={required()} />
      <TextInput source="subtype" />
    </SimpleForm>
  );
}

export default {
  list: PlanList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <PlanForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <PlanForm />
    </Create>
  ),
  icon: CardMembershipIcon,
  recordRepresentation: bilingualRepresentation,
};
