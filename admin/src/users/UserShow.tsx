import { BooleanField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { LocalDateField, LtrField } from '../common/fields';
import { ConsentFields, SubscriptionChip, UserAvatar, UserTypeField } from './fields';

/** One member, read only (editing comes with the user form). */
export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
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
        <BooleanField source="status" />
        <LocalDateField source="start_date" />
        <LocalDateField source="end_date" />
        <TextField source="nationality" emptyText="—" />
        <TextField source="gender" emptyText="—" />
        <LocalDateField source="dob" />
        <TextField source="guardian_name" emptyText="—" />
        <TextField source="guardian_phone" emptyText="—" />
        <ConsentFields />
        <LocalDateField source="created_at" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
