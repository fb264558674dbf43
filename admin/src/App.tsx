import { useMemo } from 'react';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import events from './events';
import { i18nProvider } from './i18n';
import { DirectionProvider, useDirection } from './layout/DirectionProvider';
import { Layout } from './layout/Layout';
import { themes } from './layout/themes';
import { store } from './store';
import users from './users';

export function App() {
  const direction = useDirection();
  const { light, dark } = useMemo(() => themes(direction), [direction]);
  return (
    <DirectionProvider>
      <Admin
        title="WRO"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        loginPage={LoginPage}
        dashboard={Dashboard}
        layout={Layout}
        theme={light}
        darkTheme={dark}
        requireAuth
        disableTelemetry
      >
        {(permissions) => (
          <>
            <Resource name="users" {...users} />
            {permissions === 'admin' && <Resource name="events" {...events} />}
          </>
        )}
      </Admin>
    </DirectionProvider>
  );
}
