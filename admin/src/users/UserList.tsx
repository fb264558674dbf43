import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  DateField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { LtrField, SubscriptionChip, UserAvatar, UserTypeField, userTypeChoices, type UserRecord } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={userTypeChoices} />,
  <BooleanInput key="subcription" source="subcription" />,
  <BooleanInput key="isVerified" source="isVerified" />,
];

export function UserList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={10} exporter={false}>
      {small ? (
        <SimpleList<UserRecord & { national_id: string; email: string }>
          leftAvatar={(u) => u.picture ?? u.name.slice(0, 1)}
          primaryText={(u) => u.name}
          secondaryText={(u) => `${u.national_id ?? ''} · ${u.email ?? ''}`}
          tertiaryText={(u) => translate(u.subcription ? 'app.subscription.active' : 'app.subscription.inactive')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" sx={{ '& .RaDataTable-headerCell': { position: 'sticky', top: 0 } }}>
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
            <DateField source="start_date" />
          </DataTable.Col>
          <DataTable.Col source="end_date">
            <DateField source="end_date" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
