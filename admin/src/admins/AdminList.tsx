import { Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LtrField } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { ToggleField } from '../common/ToggleField';
import { UserAvatar } from '../users/fields';

function StaffTypeChip(_props: { label?: string }) {
  const record = useRecordContext<{ type: number }>();
  const translate = useTranslate();
  if (!record) return null;
  return record.type === 5 ? (
    <Chip size="small" variant="outlined" label={translate('app.staff_type.sub_admin')} />
  ) : (
    <Chip size="small" color="primary" label={translate('app.staff_type.admin')} />
  );
}

export function AdminList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
          key="type"
          source="type"
          choices={[
            { id: 4, name: 'app.staff_type.admin' },
            { id: 5, name: 'app.staff_type.sub_admin' },
          ]}
        />,
        <NullableBooleanInput key="status" source="status" />,
      ]}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={10}
      pagination={listPagination}
      actions={
        <ListActions>
          <CreateButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<{ id: string; name: string; email: string }>
          leftAvatar={() => <UserAvatar />}
          primaryText={(r) => <bdi>{r.name}</bdi>}
          secondaryText={(r) => <bdi dir="ltr">{r.email}</bdi>}
          tertiaryText={() => <StaffTypeChip />}
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} sx={stickyTableSx}>
          <DataTable.Col source="picture" disableSort>
            <UserAvatar />
          </DataTable.Col>
          <DataTable.Col source="name" />
          <DataTable.Col source="national_id" disableSort>
            <LtrField source="national_id" />
          </DataTable.Col>
          <DataTable.Col source="email" />
          <DataTable.Col source="phone_number" disableSort>
            <LtrField source="phone_number" />
          </DataTable.Col>
          <DataTable.Col source="type">
            <StaffTypeChip />
          </DataTable.Col>
          <DataTable.Col source="status">
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col source="two_factor" disableSort>
            <BooleanField source="two_factor" />
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
