import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useMemo, useSyncExternalStore } from 'react';
import { Admin, Resource } from 'react-admin';
import rtlPlugin from 'stylis-plugin-rtl';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { Dashboard } from './dashboard/Dashboard';
import events from './events';
import { i18nProvider, localeStore } from './i18n';
import { Layout } from './layout/Layout';
import { themes } from './layout/themes';
import { LoginPage } from './login/LoginPage';
import users from './users';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
};

export function App() {
  const locale = useSyncExternalStore(localeStore.subscribe, localeStore.get);
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const { light, dark } = useMemo(() => themes(direction), [direction]);
  return (
    <CacheProvider value={caches[direction]}>
      <Admin
        title="WRO"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
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
    </CacheProvider>
  );
}
