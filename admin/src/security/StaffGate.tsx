import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading, Title, useGetIdentity, useTranslate } from 'react-admin';
import { forgetSession, type StaffIdentity } from '../auth/session';

// The forms load only when a staff member has to use them (issue 36: the dashboard does not carry
// react-hook-form and the inputs).
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm })));
const TwoFactorSection = lazy(() => import('./TwoFactorSection').then((m) => ({ default: m.TwoFactorSection })));

/** The signed-in staff member, read again after a change to their account. */
export function useStaffIdentity() {
  const { identity, refetch } = useGetIdentity();
  const reload = () => {
    forgetSession();
    void refetch();
  };
  return { identity: identity as StaffIdentity | undefined, reload };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
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
          <Suspense fallback={<Loading />}>
            <ChangePasswordForm onDone={reload} />
          </Suspense>
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
          <Suspense fallback={<Loading />}>
            <TwoFactorSection on={false} onChange={reload} />
          </Suspense>
        </Section>
      </Box>
    );
  }
  return <>{children}</>;
}
