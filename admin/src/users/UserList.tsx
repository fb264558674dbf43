import { useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { ToggleField } from '../common/ToggleField';
import { LocalDateField, LtrField } from '../common/fields';
import { listPagination, stickyTableSx } from '../common/list';
import {
  SubscriptionChip,
  UserAvatar,
  UserTypeField,
  initials,
  pictureUrl,
  userTypeChoices,
  type UserRecord,
} from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={userTypeChoices} />,
  <NullableBooleanInput
    key="subcription"
    source="subcription"
    trueLabel="app.subscription.active"
    falseLabel="app.subscription.inactive"
  />,
  <NullableBooleanInput
    key="isVerified"
    source="isVerified"
    trueLabel="app.verified.yes"
    falseLabel="app.verified.no"
  />,
  <NullableBooleanInput
    key="status"
    source="status"
    trueLabel="app.account_status.enabled"
    falseLabel="app.account_status.disabled"
  />,
];

function UserActions() {
  const { permissions } = usePermissions();
  return (
    <TopToolbar>
      {permissions === 'admin' && <CreateButton />}
      <ExportCsvButton />
    </TopToolbar>
  );
}

export function UserList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={<UserActions />}
    >
      {small ? (
        <SimpleList<UserRecord>
          leftAvatar={(user) => pictureUrl(user.picture, true) ?? initials(user.name)}
          primaryText={(user) => user.name}
          secondaryText={(user) => <bdi dir="ltr">{[user.national_id, user.email].filter(Boolean).join(' · ')}</bdi>}
          tertiaryText={(user) => translate(user.subcription ? 'app.subscription.active' : 'app.subscription.inactive')}
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={stickyTableSx}>
          <DataTable.Col source="picture" disableSort>
            <UserAvatar />
          </DataTable.Col>
          <DataTable.Col source="name" />
          <DataTable.Col source="national_id" />
          <DataTable.Col source="email" />
          <DataTable.Col source="phone_number" disableSort>
            <LtrField source="phone_number" />
          </DataTable.Col>
          <DataTable.Col source="type">
            <UserTypeField />
          </DataTable.Col>
          <DataTable.Col source="crNumber" disableSort />
          <DataTable.Col source="subcription" disableSort>
            <SubscriptionChip />
          </DataTable.Col>
          <DataTable.Col source="isVerified">
            <ToggleField source="isVerified" />
          </DataTable.Col>
          <DataTable.Col source="status">
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col source="start_date">
            <LocalDateField source="start_date" />
          </DataTable.Col>
          <DataTable.Col source="end_date">
            <LocalDateField source="end_date" />
          </DataTable.Col>
          <DataTable.Col label="ra.action.edit">
            <EditButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
