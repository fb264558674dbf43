import { TEAM_STATES, type TeamRecord } from '@platform/contract';
import RosterIcon from '@mui/icons-material/AssignmentInd';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { BilingualName, nameIn } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { ToggleField } from '../common/ToggleField';
import { ImportResults } from './ImportResults';
import { PaidChip, PaidField, StateField } from './fields';

/** The states a team can be in, in words; the lifecycle's newer states read even before the contract lists them. */
const STATE_CHOICES = [...new Set([...TEAM_STATES, 'ready', 'changes_requested'])].map((id) => ({
  id,
  name: `app.team_state.${id}`,
}));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="season" source="season" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
    <SelectInput optionText={<BilingualName />} label="resources.teams.fields.season" />
  </ReferenceInput>,
  <ReferenceInput
    key="competition"
    source="competition"
    reference="competitions"
    sort={{ field: 'created_at', order: 'DESC' }}
  >
    <SelectInput optionText={<BilingualName />} label="resources.teams.fields.competition" />
  </ReferenceInput>,
  // A school's teams (and its roster): the entity the teams represent.
  <ReferenceInput
    key="entity"
    source="entity"
    reference="users"
    filter={{ type: 2 }}
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput optionText="name" label="resources.teams.fields.entity" />
  </ReferenceInput>,
  <NullableBooleanInput key="status" source="status" />,
  <NullableBooleanInput key="payment_status" source="payment_status" />,
  <SelectInput key="registration_status" source="registration_status" choices={STATE_CHOICES} />,
];

/**
 * Teams: a table on a desktop, cards on a phone (number and name, competition and season, state and
 * payment). The toolbar: new team, results import, the list as CSV and the roster (one row per
 * student) of the teams in the filter.
 */
export function TeamList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
          <ImportResults />
          <ExportCsvButton />
          <ExportCsvButton path="roster" label="app.team.roster" icon={<RosterIcon />} />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<TeamRecord>
          primaryText={(r) => (
            <>
              <bdi dir="ltr">{r.team_no}</bdi>
              {r.name ? (
                <>
                  {' · '}
                  <bdi>{r.name}</bdi>
                </>
              ) : null}
            </>
          )}
          secondaryText={(r) => (
            <>
              <bdi>{nameIn(r.competion_name, locale)}</bdi> · <bdi>{nameIn(r.season_name, locale)}</bdi>
              <br />
              {translate(`app.team_state.${r.registration_status}`)} · <PaidChip paid={r.payment_status} />
            </>
          )}
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit" sx={stickyTableSx}>
          <DataTable.Col source="team_no" />
          <DataTable.Col source="name" />
          <DataTable.Col source="registration_status">
            <StateField />
          </DataTable.Col>
          <DataTable.Col source="season_name" disableSort>
            <BilingualName source="season_name" />
          </DataTable.Col>
          <DataTable.Col source="competion_name" disableSort>
            <BilingualName source="competion_name" />
          </DataTable.Col>
          <DataTable.Col source="score" />
          <DataTable.Col source="ranked" />
          <DataTable.Col source="status" disableSort>
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col source="payment_status" disableSort>
            <PaidField />
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
