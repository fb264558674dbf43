import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, SelectInput, SimpleList, useLocaleState } from 'react-admin';
import { formatDate, type BroadcastRecord } from '@platform/contract';
import { LocalDateField } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { BroadcastStateChip, ChannelsField, SubjectField, stateChoices } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={stateChoices} alwaysOn />,
];

/** Staff broadcasts, newest first: subject, state, when, channels and messages written. */
export function BroadcastList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
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
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<BroadcastRecord>
          primaryText={(r) => (locale === 'ar' ? r.subject_ar : r.subject_en)}
          secondaryText={(r) => formatDate(r.send_at, locale, 'time')}
          tertiaryText={(r) => String(r.total)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={stickyTableSx}>
          <DataTable.Col source="subject" disableSort>
            <SubjectField />
          </DataTable.Col>
          <DataTable.Col source="state">
            <BroadcastStateChip />
          </DataTable.Col>
          <DataTable.Col source="send_at">
            <LocalDateField source="send_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="channels" disableSort>
            <ChannelsField />
          </DataTable.Col>
          <DataTable.Col source="total" disableSort />
          <DataTable.Col source="created_by_name" disableSort />
          <DataTable.Col source="created_at">
            <LocalDateField source="created_at" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
