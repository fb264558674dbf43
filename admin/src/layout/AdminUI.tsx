import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AuthenticationError,
  CoreAdminUI,
  Error,
  LoadingPage,
  NotFound,
  Notification,
  type CoreAdminUIProps,
} from 'react-admin';

/**
 * react-admin's AdminUI with our sign-in page, without its defaults we never show: `<Admin>` imports
 * its own Login page (a react-hook-form form) and AuthCallback to offer them as defaults, and so
 * the first screen carried them (issue 36). `<AdminContext>` + this is react-admin's documented split
 * of `<Admin>`.
 */
export function AdminUI(props: CoreAdminUIProps) {
  return (
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        accessDenied={AccessDenied}
        authenticationError={AuthenticationError}
        catchAll={NotFound as CoreAdminUIProps['catchAll']}
        error={Error}
        loading={LoadingPage}
        {...props}
      />
      <Notification />
    </CssBaseline>
  );
}
