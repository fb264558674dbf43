import { BooleanField, DataTable, DateField, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function EventList() {
  return (
    <List filters={filters} sort={{ field: 'event_date', order: 'DESC' }} perPage={10} exporter={false}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="name_en" />
        <DataTable.Col source="type" />
        <DataTable.Col source="link" disableSort />
        <DataTable.Col source="event_date">
          <DateField source="event_date" showTime />
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
