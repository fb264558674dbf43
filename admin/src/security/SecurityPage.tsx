import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { ChangePasswordForm } from './ChangePasswordForm';
import { Section, useStaffIdentity } from './StaffGate';
import { TwoFactorSection } from './TwoFactorSection';

/** One's own account security (the user menu's "Security"): the password and two-factor sign-in. */
export function SecurityPage() {
  const { identity, reload } = useStaffIdentity();
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="app.security.title" />
      <Section title="app.security.two_factor_title">
        <TwoFactorSection on={!!identity?.twoFactor} onChange={reload} />
      </Section>
      <Section title="app.security.password_title">
        <ChangePasswordForm onDone={reload} />
      </Section>
    </Box>
  );
}
