import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { SystemPage } from './system/SystemPage';
import { Route } from 'react-router-dom';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import admins from './admins';
import announcements from './announcements';
import audit from './audit';
import blogs from './blogs';
import broadcasts from './broadcasts';
import certificates, { templates as certificateTemplates } from './certificates';
import categories from './categories';
import contact from './contact';
import corrections from './corrections';
import events from './events';
import eventDays from './event-days';
import { i18nProvider } from './i18n';
import { DirectionProvider, useDirection } from './layout/DirectionProvider';
import { Layout } from './layout/Layout';
import { themes } from './layout/themes';
import { store } from './store';
import judges from './judges';
import messages from './messages';
import plans from './plans';
import { MediaPage } from './media/MediaPage';
import registrations from './registrations';
import { SecurityPage } from './security/SecurityPage';
import { SettingsPage } from './settings/SettingsPage';
import { competitions, seasons, teams } from './teams';
import transactions from './transactions';
import einvoices from './einvoices';
import partners from './partners';
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
        {(permissions) =>
          permissions === 'admin' ? (
            <>
              <Resource name="plans" {...plans} />
              <Resource name="users" {...users} />
              <Resource name="corrections" {...corrections} />
              <Resource name="judges" {...judges} />
              <Resource name="admins" {...admins} />
              <Resource name="events" {...events} />
              <Resource name="announcements" {...announcements} />
              <Resource name="categories" {...categories} />
              <Resource name="blogs" {...blogs} />
              <Resource name="seasons" {...seasons} />
              <Resource name="competitions" {...competitions} />
              <Resource name="registrations" {...registrations} />
              <Resource name="teams" {...teams} />
              <Resource name="event-days" {...eventDays} />
              <Resource name="transections" {...transactions} />
              <Resource name="einvoices" {...einvoices} />
              <Resource name="contactus" {...contact} />
              <Resource name="messages" {...messages} />
              <Resource name="partners" {...partners} />
              <Resource name="broadcasts" {...broadcasts} />
              <Resource name="broadcast-recipients" />
              <Resource name="certificates" {...certificates} />
              <Resource name="certificate-templates" {...certificateTemplates} />
              <Resource name="audit" {...audit} />
              <Resource name="settings" />
              <CustomRoutes>
                <Route path="/settings" element={<SettingsPage />} />
                <Route path="/media" element={<MediaPage />} />
                <Route path="/security" element={<SecurityPage />} />
                <Route path="/system" element={<SystemPage />} />
              </CustomRoutes>
            </>
          ) : (
            // Sub-admins: the users list, view and edit, members' correction requests, and broadcasts to a
            // competition, season or region (the API refuses the rest too).
            <>
              <Resource name="users" {...users} create={undefined} />
              <Resource name="corrections" {...corrections} />
              <CustomRoutes>
                <Route path="/security" element={<SecurityPage />} />
              </CustomRoutes>
              <Resource name="broadcasts" {...broadcasts} />
              <Resource name="broadcast-recipients" />
            </>
          )
        }
      </Admin>
    </DirectionProvider>
  );
}
