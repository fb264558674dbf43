import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { LocalDateField, LtrField } from '../common/fields';
import { listPagination } from '../common/list';
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
];

export function UserList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      exporter={false}
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
        <DataTable rowClick="show" bulkActionButtons={false}>
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
          <DataTable.Col source="isVerified" disableSort>
            <BooleanField source="isVerified" />
          </DataTable.Col>
          <DataTable.Col source="start_date">
            <LocalDateField source="start_date" />
          </DataTable.Col>
          <DataTable.Col source="end_date">
            <LocalDateField source="end_date" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
