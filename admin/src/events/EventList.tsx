import { DataTable, FunctionField } from 'react-admin';
import { ContentList } from '../common/ContentList';
import { LocalDateField, LtrField } from '../common/fields';
import { ToggleField } from '../common/ToggleField';

export function EventList() {
  return (
    <ContentList
      sort={{ field: 'event_date', order: 'DESC' }}
      secondary={() => <LocalDateField source="event_date" showTime />}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="name_en" />
      <DataTable.Col source="type">
        {/* The results site's code (wro), shown as its settings name (WRO). */}
        <FunctionField<{ type: string }> render={(r) => <bdi dir="ltr">{r.type.toUpperCase()}</bdi>} />
      </DataTable.Col>
      <DataTable.Col source="link" disableSort>
        <LtrField source="link" />
      </DataTable.Col>
      <DataTable.Col source="event_date">
        <LocalDateField source="event_date" showTime />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <ToggleField source="status" />
      </DataTable.Col>
      <DataTable.Col source="home_status" disableSort>
        <ToggleField source="home_status" />
      </DataTable.Col>
      <DataTable.Col source="countdownStarted" disableSort>
        <ToggleField source="countdownStarted" />
      </DataTable.Col>
    </ContentList>
  );
}
