import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import CategoryIcon from '@mui/icons-material/Category';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import EventNoteIcon from '@mui/icons-material/EditCalendar';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import StadiumIcon from '@mui/icons-material/Stadium';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { BroadcastRecord } from '@platform/contract';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { AdminContext, CustomRoutes, LoadingPage, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { bilingualRepresentation } from './common/fields';
import { lazyPage, lazyResource } from './common/lazyResource';
import { dataProvider } from './dataProvider';
import { i18nProvider, localeStore } from './i18n';
import { DirectionProvider, useDirection } from './layout/DirectionProvider';
import { AdminUI } from './layout/AdminUI';
import { themes } from './layout/themes';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { store } from './store';

// Every screen loads when first shown (issue 36): the sign-in page and the dashboard carry only
// react-admin's frame, the menu's icons and themselves. Each resource's module is one chunk.
const all = ['list', 'show', 'edit', 'create'] as const;
const editable = ['list', 'edit', 'create'] as const;
const plans = lazyResource(() => import('./plans').then((m) => m.default), editable, {
  icon: CardMembershipIcon,
  recordRepresentation: bilingualRepresentation,
});
const users = lazyResource(() => import('./users').then((m) => m.default), all, {
  icon: PeopleIcon,
  recordRepresentation: 'name',
});
const corrections = lazyResource(() => import('./corrections').then((m) => m.default), ['list'], {
  icon: EventNoteIcon,
});
const judges = lazyResource(() => import('./judges').then((m) => m.default), ['list'], {
  icon: GavelIcon,
  recordRepresentation: 'organization_name',
});
const admins = lazyResource(() => import('./admins').then((m) => m.default), editable, {
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
});
const events = lazyResource(() => import('./events').then((m) => m.default), editable, {
  icon: EventIcon,
  recordRepresentation: bilingualRepresentation,
});
const announcements = lazyResource(() => import('./announcements').then((m) => m.default), editable, {
  icon: CampaignIcon,
  recordRepresentation: bilingualRepresentation,
});
const categories = lazyResource(() => import('./categories').then((m) => m.default), editable, {
  icon: CategoryIcon,
  recordRepresentation: bilingualRepresentation,
});
const blogs = lazyResource(() => import('./blogs').then((m) => m.default), editable, {
  icon: ArticleIcon,
  recordRepresentation: bilingualRepresentation,
});
const seasons = lazyResource(() => import('./teams').then((m) => m.seasons), editable, {
  icon: EmojiEventsIcon,
  recordRepresentation: bilingualRepresentation,
});
const competitions = lazyResource(() => import('./teams').then((m) => m.competitions), editable, {
  icon: EmojiEventsIcon,
  recordRepresentation: bilingualRepresentation,
});
const registrations = lazyResource(() => import('./registrations').then((m) => m.default), editable, {
  icon: HowToRegIcon,
});
const teams = lazyResource(() => import('./teams').then((m) => m.teams), editable, {
  icon: GroupsIcon,
  recordRepresentation: 'team_no',
});
const eventDays = lazyResource(() => import('./event-days').then((m) => m.default), editable, {
  icon: StadiumIcon,
  recordRepresentation: (r: { venue_name?: string; event_date?: string }) =>
    `${r.venue_name ?? ''} · ${r.event_date ?? ''}`,
});
const transactions = lazyResource(() => import('./transactions').then((m) => m.default), ['list'], {
  icon: ReceiptIcon,
  recordRepresentation: 'customer_name',
});
const contact = lazyResource(() => import('./contact').then((m) => m.default), ['list'], {
  icon: ContactMailIcon,
  recordRepresentation: 'name',
});
const messages = lazyResource(() => import('./messages').then((m) => m.default), ['list', 'show'], {
  icon: OutboxIcon,
  recordRepresentation: 'to',
});
const partners = lazyResource(() => import('./partners').then((m) => m.default), editable, {
  icon: HandshakeIcon,
  recordRepresentation: 'name',
});
const broadcasts = lazyResource(() => import('./broadcasts').then((m) => m.default), all, {
  icon: CampaignIcon,
  // Its subject in the interface's language (page titles, breadcrumbs).
  recordRepresentation: (r: BroadcastRecord) => (localeStore.get() === 'ar' ? r.subject_ar : r.subject_en),
});
const certificates = lazyResource(() => import('./certificates').then((m) => m.default), ['list'], {
  icon: WorkspacePremiumIcon,
});
const certificateTemplates = lazyResource(() => import('./certificates').then((m) => m.templates), editable, {
  icon: WallpaperIcon,
});
const audit = lazyResource(() => import('./audit').then((m) => m.default), ['list'], { icon: HistoryIcon });
const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
const MediaPage = lazyPage(() => import('./media/MediaPage'), 'MediaPage');
const SystemPage = lazyPage(() => import('./system/SystemPage'), 'SystemPage');
const SecurityPage = lazyPage(() => import('./security/SecurityPage'), 'SecurityPage');
const einvoices = lazyResource(() => import('./einvoices').then((m) => m.default), ['list'], {
  icon: VerifiedIcon,
  recordRepresentation: 'number',
});

// The signed-in frame (app bar, menu, the staff gate) and the dashboard load after signing in: the
// sign-in page carries neither (issue 36).
const loadDashboard = () => import('./dashboard/Dashboard');
const LazyLayout = lazy(() => {
  void loadDashboard(); // side by side with the frame, not after it
  return import('./layout/Layout').then((m) => ({ default: m.Layout }));
});
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingPage />}>
    <LazyLayout>{children}</LazyLayout>
  </Suspense>
);
const Dashboard = lazyPage(loadDashboard, 'Dashboard');

export function App() {
  const direction = useDirection();
  const { light, dark } = useMemo(() => themes(direction), [direction]);
  return (
    <DirectionProvider>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={light}
        darkTheme={dark}
      >
        <AdminUI title="WRO" loginPage={LoginPage} dashboard={Dashboard} layout={Layout} requireAuth disableTelemetry>
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
        </AdminUI>
      </AdminContext>
    </DirectionProvider>
  );
}
