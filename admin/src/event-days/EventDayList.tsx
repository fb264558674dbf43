import {
  CreateButton,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  SearchInput,
  SimpleList,
  useLocaleState,
} from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { BilingualName, LocalDateField, nameIn } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';

type EventDayRecord = {
  id: string;
  competition: string;
  competition_en: string;
  event_date: string;
  venue_name: string;
  venue_name_en: string | null;
  venue_city: string;
  published_at: string | null;
};

/** Event days, latest first: the competition, the day, the venue and whether results were written. */
export function EventDayList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [locale] = useLocaleState();
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <ReferenceInput
          key="competition_id"
          source="competition_id"
          reference="competitions"
          sort={{ field: 'name_en', order: 'ASC' }}
        >
          <SelectInput optionText={<BilingualName />} />
        </ReferenceInput>,
      ]}
      sort={{ field: 'event_date', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<EventDayRecord>
          primaryText={(r) => <bdi>{nameIn({ name: r.competition, name_en: r.competition_en }, locale)}</bdi>}
          secondaryText={(r) => (
            <>
              <bdi>{r.event_date}</bdi> ·{' '}
              <bdi>{nameIn({ name: r.venue_name, name_en: r.venue_name_en ?? r.venue_name }, locale)}</bdi>
            </>
          )}
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit" sx={stickyTableSx}>
          <DataTable.Col source="event_date">
            <LocalDateField source="event_date" />
          </DataTable.Col>
          <DataTable.Col
            source="competition"
            disableSort
            render={(r: EventDayRecord) => nameIn({ name: r.competition, name_en: r.competition_en }, locale)}
          />
          <DataTable.Col
            source="venue_name"
            render={(r: EventDayRecord) =>
              nameIn({ name: r.venue_name, name_en: r.venue_name_en ?? r.venue_name }, locale)
            }
          />
          <DataTable.Col source="venue_city" disableSort />
          <DataTable.Col source="published_at" disableSort>
            <LocalDateField source="published_at" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
