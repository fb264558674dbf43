import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  DataTable,
  EditButton,
  Labeled,
  Pagination,
  ReferenceManyField,
  SelectField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ReactNode } from 'react';
import { BilingualName, LocalDateField, LtrField, MoneyField } from '../common/fields';
import { CountryName } from '../common/people';
import { DeliveryChip, KindField, StatusChip } from '../messages/fields';
import { ConsentFields, LanguageField, SubscriptionChip, UserAvatar, UserTypeField, genderChoices } from './fields';
import { PrivacyRequests } from './PrivacyRequests';
import { ReleaseIdButton } from './ReleaseIdButton';

/** A value from a fixed set, translated ({prefix}.{value}); the raw value when there is no entry. */
function Translated({ source, prefix }: { source: string; prefix: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value === undefined || value === null || value === '') return <span>—</span>;
  return <span>{translate(`${prefix}.${value}`, { _: String(value) })}</span>;
}

/** Fields of one member type only (a student's grade, an entity's kind). */
function UserTypeOnly({ type, children }: { type: number; children: ReactNode; label?: string }) {
  const record = useRecordContext();
  return record?.type === type ? <>{children}</> : null;
}

const related = { perPage: 10, pagination: <Pagination rowsPerPageOptions={[10, 25]} /> };

/** A member's own sign-up still waiting for its phone: when it is removed and its ID freed. */
function WaitingUntil() {
  const record = useRecordContext();
  if (!record?.verify_by) return null;
  return (
    <Labeled source="verify_by">
      <LocalDateField source="verify_by" showTime />
    </Labeled>
  );
}

function UserShowActions() {
  return (
    <TopToolbar>
      <ReleaseIdButton />
      <EditButton />
    </TopToolbar>
  );
}

/**
 * One member: their details, and (for admins, who may read them) their orders, teams, judge or
 * referee application and the audit entries of changes to their record.
 */
export function UserShow() {
  const { permissions } = usePermissions();
  const admin = permissions === 'admin';
  return (
    <Show actions={<UserShowActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="app.user_tabs.profile">
          <UserAvatar size={64} thumb={false} />
          <TextField source="name" />
          <Labeled source="national_id">
            <LtrField source="national_id" />
          </Labeled>
          <Labeled source="email">
            <LtrField source="email" />
          </Labeled>
          <Labeled source="phone_number">
            <LtrField source="phone_number" />
          </Labeled>
          <Labeled source="type">
            <UserTypeField />
          </Labeled>
          <TextField source="crNumber" emptyText="—" />
          <Labeled source="subcription">
            <SubscriptionChip />
          </Labeled>
          <BooleanField source="isVerified" />
          <WaitingUntil />
          <BooleanField source="status" />
          <LocalDateField source="start_date" />
          <LocalDateField source="end_date" />
          <Labeled source="nationality">
            <CountryName source="nationality" />
          </Labeled>
          <Labeled source="language">
            <LanguageField />
          </Labeled>
          <SelectField source="gender" choices={genderChoices} emptyText="—" />
          <LocalDateField source="dob" />
          <UserTypeOnly type={0}>
            <TextField source="grade" emptyText="—" />
          </UserTypeOnly>
          <UserTypeOnly type={2}>
            <Labeled source="entityKind">
              <Translated source="entityKind" prefix="app.entity_kind" />
            </Labeled>
          </UserTypeOnly>
          <TextField source="guardian_name" emptyText="—" />
          <TextField source="guardian_phone" emptyText="—" />
          <ConsentFields />
          <LocalDateField source="created_at" showTime />
        </TabbedShowLayout.Tab>
        {admin && (
          <TabbedShowLayout.Tab label="app.user_tabs.orders" path="orders">
            <ReferenceManyField
              reference="transections"
              target="user"
              sort={{ field: 'created_at', order: 'DESC' }}
              {...related}
            >
              <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
                <DataTable.Col source="created_at" label="resources.transections.fields.created_at">
                  <LocalDateField source="created_at" showTime />
                </DataTable.Col>
                <DataTable.Col source="plan" label="resources.transections.fields.items" disableSort>
                  <BilingualName source="plan" />
                </DataTable.Col>
                <DataTable.Col source="total_amount" label="resources.transections.fields.total_amount">
                  <MoneyField source="total_amount" currencySource="currency" />
                </DataTable.Col>
                <DataTable.Col source="payment_status" label="resources.transections.fields.payment_status">
                  <Translated source="payment_status" prefix="app.payment_status" />
                </DataTable.Col>
              </DataTable>
            </ReferenceManyField>
          </TabbedShowLayout.Tab>
        )}
        {admin && (
          <TabbedShowLayout.Tab label="app.user_tabs.teams" path="teams">
            <ReferenceManyField
              reference="teams"
              target="user"
              sort={{ field: 'created_at', order: 'DESC' }}
              {...related}
            >
              <DataTable bulkActionButtons={false} rowClick="edit" empty={<Empty />}>
                <DataTable.Col source="team_no" label="resources.teams.fields.team_no" />
                <DataTable.Col source="season_name" label="resources.teams.fields.season" disableSort>
                  <BilingualName source="season_name" />
                </DataTable.Col>
                <DataTable.Col source="competion_name" label="resources.teams.fields.competition" disableSort>
                  <BilingualName source="competion_name" />
                </DataTable.Col>
                <DataTable.Col source="status" label="resources.teams.fields.status" disableSort>
                  <BooleanField source="status" />
                </DataTable.Col>
              </DataTable>
            </ReferenceManyField>
          </TabbedShowLayout.Tab>
        )}
        {admin && (
          <TabbedShowLayout.Tab label="app.user_tabs.judge" path="judge">
            <ReferenceManyField
              reference="judges"
              target="user"
              sort={{ field: 'created_at', order: 'DESC' }}
              {...related}
            >
              <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
                <DataTable.Col source="created_at" label="resources.judges.fields.created_at">
                  <LocalDateField source="created_at" />
                </DataTable.Col>
                <DataTable.Col source="apply_as" label="resources.judges.fields.apply_as">
                  <Translated source="apply_as" prefix="app.apply_as" />
                </DataTable.Col>
                <DataTable.Col source="status" label="resources.judges.fields.status">
                  <Translated source="status" prefix="app.judge_status" />
                </DataTable.Col>
              </DataTable>
            </ReferenceManyField>
          </TabbedShowLayout.Tab>
        )}
        {admin && (
          <TabbedShowLayout.Tab label="app.user_tabs.messages" path="messages">
            <ReferenceManyField
              reference="messages"
              target="user_id"
              sort={{ field: 'created_at', order: 'DESC' }}
              {...related}
            >
              <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />}>
                <DataTable.Col source="created_at" label="resources.messages.fields.created_at">
                  <LocalDateField source="created_at" showTime />
                </DataTable.Col>
                <DataTable.Col source="kind" label="resources.messages.fields.kind">
                  <KindField />
                </DataTable.Col>
                <DataTable.Col source="to" label="resources.messages.fields.to">
                  <LtrField source="to" />
                </DataTable.Col>
                <DataTable.Col source="status" label="resources.messages.fields.status">
                  <StatusChip />
                </DataTable.Col>
                <DataTable.Col source="delivery" label="resources.messages.fields.delivery">
                  <DeliveryChip />
                </DataTable.Col>
              </DataTable>
            </ReferenceManyField>
            <MemberMessagesLink />
          </TabbedShowLayout.Tab>
        )}
        <TabbedShowLayout.Tab label="app.user_tabs.privacy" path="privacy">
          <PrivacyRequests />
        </TabbedShowLayout.Tab>
        {admin && (
          <TabbedShowLayout.Tab label="app.user_tabs.audit" path="audit">
            <ReferenceManyField
              reference="audit"
              target="record_id"
              sort={{ field: 'created_at', order: 'DESC' }}
              {...related}
            >
              <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
                <DataTable.Col source="created_at" label="resources.audit.fields.created_at">
                  <LocalDateField source="created_at" showTime />
                </DataTable.Col>
                <DataTable.Col source="actor_name" label="resources.audit.fields.actor_name" />
                <DataTable.Col source="action" label="resources.audit.fields.action">
                  <Translated source="action" prefix="app.audit_action" />
                </DataTable.Col>
              </DataTable>
            </ReferenceManyField>
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
}

/** The member's messages in the full list, with its filters. */
function MemberMessagesLink() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`/messages?filter=${encodeURIComponent(JSON.stringify({ user_id: record.id }))}`}
      label="app.messages.member_messages"
    />
  );
}

function Empty() {
  const translate = useTranslate();
  return <p style={{ padding: '8px 16px' }}>{translate('app.none_yet')}</p>;
}
