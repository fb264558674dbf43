import { SUBSCRIPTION_STATES, formatDate, type UserRecord } from '@platform/contract';
import VerifiedIcon from '@mui/icons-material/Verified';
import UnverifiedIcon from '@mui/icons-material/GppMaybe';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  EditButton,
  FilterList,
  FilterListItem,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { BulkSetButton, ListActions, dateRangeFilters, useFilterSidebar, useRegions } from '../common/filters';
import { languageChoices, useCountries } from '../common/people';
import { ToggleField } from '../common/ToggleField';
import { CutText, LtrField } from '../common/fields';
import { listPagination, stickyTableSx } from '../common/list';
import { SubscriptionChip, UserAvatar, UserTypeField, userTypeChoices } from './fields';

const subscriptionChoices = SUBSCRIPTION_STATES.map((id) => ({ id, name: `app.subscription_state.${id}` }));

/** Every filter the API declares for members, reachable from the filter button. */
function useUserFilters() {
  const countries = useCountries();
  const regions = useRegions();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="type" source="type" choices={userTypeChoices} />,
    <SelectInput key="subscription" source="subscription" choices={subscriptionChoices} />,
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
    <SelectInput key="nationality" source="nationality" choices={countries} />,
    <SelectInput key="language" source="language" choices={languageChoices} />,
    <SelectInput key="region" source="region" choices={regions} />,
    ...dateRangeFilters('created_at'),
  ];
}

/** Facets beside the list on a desktop: type, subscription state, verification and language, one click each. */
function UserFacets() {
  return (
    <>
      <FilterList label="resources.users.fields.type" icon={null}>
        {userTypeChoices.map((c) => (
          <FilterListItem key={c.id} label={c.name} value={{ type: c.id }} />
        ))}
      </FilterList>
      <FilterList label="resources.users.fields.subcription" icon={null}>
        {subscriptionChoices.map((c) => (
          <FilterListItem key={c.id} label={c.name} value={{ subscription: c.id }} />
        ))}
      </FilterList>
      <FilterList label="resources.users.fields.isVerified" icon={null}>
        <FilterListItem label="app.verified.yes" value={{ isVerified: true }} />
        <FilterListItem label="app.verified.no" value={{ isVerified: false }} />
      </FilterList>
      <FilterList label="resources.users.fields.language" icon={null}>
        {languageChoices.map((c) => (
          <FilterListItem key={c.id} label={c.name} value={{ language: c.id }} />
        ))}
      </FilterList>
    </>
  );
}

function UserActions() {
  const { permissions } = usePermissions();
  return (
    <ListActions>
      {permissions === 'admin' && <CreateButton />}
      <ExportCsvButton />
    </ListActions>
  );
}

/** Verify or unverify the selected members, or export exactly them. */
function UserBulkActions() {
  return (
    <>
      <BulkSetButton label="app.bulk.verify" data={{ isVerified: true }} icon={<VerifiedIcon />} />
      <BulkSetButton label="app.bulk.unverify" data={{ isVerified: false }} icon={<UnverifiedIcon />} />
      <ExportCsvButton selection />
    </>
  );
}

/** The picture and the name (cut, whole in a tooltip) in one cell. */
function NameCell(_props: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <UserAvatar />
      <CutText source="name" width={160} />
    </Box>
  );
}

/**
 * A plan's start and end in one cell ("1 Jan 2026 – 31 Dec 2026"), or a dash. Each date stays whole;
 * the end goes under the start where the column is narrow (Arabic month names are long: on one line
 * the eleven columns did not fit 1280 px).
 */
function PlanPeriod(_props: { label?: string }) {
  const record = useRecordContext<UserRecord>();
  const [locale] = useLocaleState();
  if (!record?.end_date) return <span>—</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 0.5 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(record.start_date, locale, 'short')} –
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(record.end_date, locale, 'short')}
      </Box>
    </Box>
  );
}

export function UserList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const filters = useUserFilters();
  const aside = useFilterSidebar(<UserFacets />);
  return (
    <List
      filters={filters}
      aside={aside}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={<UserActions />}
    >
      {small ? (
        <SimpleList<UserRecord>
          // The picture with the member's name as its text (a bare URL gave an <img> with no alt).
          leftAvatar={() => <UserAvatar />}
          primaryText={(user) => user.name}
          secondaryText={(user) => <bdi dir="ltr">{[user.national_id, user.email].filter(Boolean).join(' · ')}</bdi>}
          tertiaryText={(user) => translate(user.subcription ? 'app.subscription.active' : 'app.subscription.inactive')}
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={<UserBulkActions />} sx={stickyTableSx}>
          <DataTable.Col source="name">
            <NameCell />
          </DataTable.Col>
          <DataTable.Col source="national_id">
            <LtrField source="national_id" />
          </DataTable.Col>
          <DataTable.Col source="email">
            <CutText source="email" width={180} ltr />
          </DataTable.Col>
          <DataTable.Col source="phone_number" disableSort>
            <LtrField source="phone_number" />
          </DataTable.Col>
          <DataTable.Col source="type">
            <UserTypeField />
          </DataTable.Col>
          <DataTable.Col source="subcription" disableSort>
            <SubscriptionChip />
          </DataTable.Col>
          <DataTable.Col source="isVerified">
            <ToggleField source="isVerified" />
          </DataTable.Col>
          <DataTable.Col source="status">
            <ToggleField source="status" />
          </DataTable.Col>
          <DataTable.Col source="end_date" label="app.user.plan_period">
            <PlanPeriod />
          </DataTable.Col>
          <DataTable.Col label="ra.action.edit">
            <EditButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
