import { BooleanField, DataTable, List, SearchInput } from 'react-admin';
import { LocalDateField, LtrField } from '../common/fields';
import { listPagination } from '../common/list';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Read only for now: the toggles, forms and delete come with the events work. */
export function EventList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'event_date', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      exporter={false}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="name_en" />
        <DataTable.Col source="type" />
        <DataTable.Col source="link" disableSort>
          <LtrField source="link" />
        </DataTable.Col>
        <DataTable.Col source="event_date">
          <LocalDateField source="event_date" showTime />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <BooleanField source="status" />
        </DataTable.Col>
        <DataTable.Col source="home_status" disableSort>
          <BooleanField source="home_status" />
        </DataTable.Col>
        <DataTable.Col source="countdownStarted" disableSort>
          <BooleanField source="countdownStarted" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
