import HowToRegIcon from '@mui/icons-material/HowToReg';
import {
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  SimpleList,
  required,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DigitsNumberInput } from '../common/NumberInput';
import { useMediaQuery, type Theme } from '@mui/material';
import { formatDate, type RegistrationRecord } from '@platform/contract';
import { BilingualName, LocalDateField, MoneyField, nameIn } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { PlatformDateTimeInput } from '../common/PlatformDateTimeInput';
import { ToggleField } from '../common/ToggleField';

/** A team's size as "2–3 members, up to 2 coaches" in the interface language. */
function TeamSizeField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<RegistrationRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const { min_members: min, max_members: max } = record;
  // Counted by the last number, as Arabic counts (Polyglot's six forms).
  const members =
    min === max
      ? translate('resources.registrations.team_members_exact', { smart_count: max })
      : translate('resources.registrations.team_members', { smart_count: max, min, max });
  const coaches = translate('resources.registrations.team_coaches', { smart_count: record.max_coaches });
  return <span>{translate('resources.registrations.team_size', { members, coaches })}</span>;
}

/** Team registration per season and competition: the window, team size, eligibility and the fee (issue 20). */
function RegistrationList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <ReferenceInput
          key="season_id"
          source="season_id"
          reference="seasons"
          sort={{ field: 'created_at', order: 'DESC' }}
        >
          <SelectInput optionText={<BilingualName />} label="resources.registrations.fields.season_id" />
        </ReferenceInput>,
        <NullableBooleanInput key="status" source="status" />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<RegistrationRecord>
          primaryText={(r) => (
            <>
              <bdi>{nameIn(r.competion_name, locale)}</bdi> · <bdi>{nameIn(r.season_name, locale)}</bdi>
            </>
          )}
          secondaryText={(r) => (
            <>
              {formatDate(r.opens_at, locale, 'time')} – {formatDate(r.closes_at, locale, 'time')}
            </>
          )}
          tertiaryText={(r) => translate(r.status ? 'app.content.shown' : 'app.content.hidden')}
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit" sx={stickyTableSx}>
          <DataTable.Col source="season_name" disableSort>
            <BilingualName source="season_name" />
          </DataTable.Col>
          <DataTable.Col source="competion_name" disableSort>
            <BilingualName source="competion_name" />
          </DataTable.Col>
          <DataTable.Col source="opens_at">
            <LocalDateField source="opens_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="closes_at">
            <LocalDateField source="closes_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="team_size" label="resources.registrations.fields.team_size" disableSort>
            <TeamSizeField />
          </DataTable.Col>
          <DataTable.Col source="entity_required" disableSort>
            <ToggleField source="entity_required" />
          </DataTable.Col>
          <DataTable.Col source="fee" disableSort>
            <MoneyField source="fee" currencySource="currency" />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort>
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col label="ra.action.edit">
            <EditButton />
          </DataTable.Col>
          <DataTable.Col label="ra.action.delete">
            <DeleteWithConfirmButton mutationMode="pessimistic" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function RegistrationForm() {
  return (
    <SimpleForm
      sx={{ maxWidth: 720 }}
      defaultValues={{ min_members: 2, max_members: 3, max_coaches: 2, entity_required: false, fee: 0, status: true }}
    >
      <ReferenceInput source="season_id" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="competition_id" reference="competitions" sort={{ field: 'name_en', order: 'ASC' }}>
        <SelectInput optionText={<BilingualName />} validate={required()} fullWidth />
      </ReferenceInput>
      {/* The window on the platform's clock: 08:00 typed in any browser is 08:00 in Riyadh. */}
      <PlatformDateTimeInput source="opens_at" validate={required()} fullWidth />
      <PlatformDateTimeInput source="closes_at" validate={required()} fullWidth />
      <DigitsNumberInput source="min_members" min={1} max={50} step={1} validate={required()} />
      <DigitsNumberInput source="max_members" min={1} max={50} step={1} validate={required()} />
      <DigitsNumberInput source="max_coaches" min={1} max={10} step={1} validate={required()} />
      <DigitsNumberInput source="max_teams" min={1} step={1} helperText="resources.registrations.max_teams_hint" />
      <BooleanInput source="entity_required" />
      <TextArrayInput source="grades" helperText="resources.registrations.grades_hint" fullWidth />
      <DigitsNumberInput source="min_age" min={0} max={100} step={1} />
      <DigitsNumberInput source="max_age" min={0} max={100} step={1} />
      <DateInput source="age_on" />
      <DigitsNumberInput source="fee" min={0} step={0.01} helperText="resources.registrations.fee_hint" />
      <BooleanInput source="status" />
    </SimpleForm>
  );
}

export default {
  list: RegistrationList,
  edit: () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <RegistrationForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <RegistrationForm />
    </Create>
  ),
  icon: HowToRegIcon,
};
