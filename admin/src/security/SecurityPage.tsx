import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { forgetSession, type StaffIdentity } from '../auth/session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSection } from './TwoFactorSection';

/** The signed-in staff member, read again after a change to their account. */
export function useStaffIdentity() {
  const { identity, refetch } = useGetIdentity();
  const reload = () => {
    forgetSession();
    void refetch();
  };
  return { identity: identity as StaffIdentity | undefined, reload };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

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

/**
 * What a staff member must do before anything else, as the API enforces it: choose their own password
 * (one set by someone else), then turn on two-factor sign-in when admins are required to.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { identity, reload } = useStaffIdentity();
  if (identity?.mustChangePassword) {
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <Title title="app.security.password_title" />
        <Section title="app.security.password_title">
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.security.password_forced')}
          </Alert>
          <ChangePasswordForm onDone={reload} />
        </Section>
      </Box>
    );
  }
  if (identity?.twoFactorRequired) {
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <Title title="app.security.two_factor_title" />
        <Section title="app.security.two_factor_title">
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.security.two_factor_required')}
          </Alert>
          <TwoFactorSection on={false} onChange={reload} />
        </Section>
      </Box>
    );
  }
  return <>{children}</>;
}
