import { BooleanField, DateField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { LtrField, SubscriptionChip, UserAvatar, UserTypeField } from './fields';

export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <UserAvatar />
        <TextField source="name" />
        <TextField source="national_id" />
        <TextField source="email" />
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
        <DateField source="start_date" emptyText="—" />
        <DateField source="end_date" emptyText="—" />
        <TextField source="nationality" emptyText="—" />
        <TextField source="gender" emptyText="—" />
        <DateField source="dob" emptyText="—" />
        <TextField source="guardian_name" />
        <TextField source="guardian_phone" />
        <DateField source="created_at" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
