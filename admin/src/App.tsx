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
import { bilingualRepresentation } from './common/representation';
import { lazyPage, lazyResource } from './common/lazyResource';
import { dataProvider } from './dataProvider';
import { i18nProvider, loadFullCatalogue, localeStore } from './i18n';
import { DirectionProvider, useDirection } from './layout/DirectionProvider';
import { AdminUI } from './layout/AdminUI';
import { themes } from './layout/themes';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { store } from './store';

// The signed-in frame (app bar, menu, the staff gate) and the dashboard load after signing in, in one
// chunk: the sign-in page carries neither (issue 36). Each screen's module is imported through it
// (layout/signedIn.ts), one chunk per module.
const signedIn = () => import('./layout/signedIn');
type Screens = Awaited<ReturnType<typeof signedIn>>['screens'];
const screen = <K extends keyof Screens>(name: K) =>
  // With the whole catalogue (the first screens' part is all that is loaded until then).
  Promise.all([signedIn().then((m): Promise<unknown> => m.screens[name]()), loadFullCatalogue()]).then(
    ([module]) => module,
  ) as ReturnType<Screens[K]>;

// Every screen loads when first shown (issue 36): the sign-in page and the dashboard carry only
// react-admin's frame, the menu's icons and themselves. Each resource's module is one chunk.
const all = ['list', 'show', 'edit', 'create'] as const;
const editable = ['list', 'edit', 'create'] as const;
const plans = lazyResource(() => screen('plans').then((m) => m.default), editable, {
  icon: CardMembershipIcon,
  recordRepresentation: bilingualRepresentation,
});
const users = lazyResource(() => screen('users').then((m) => m.default), all, {
  icon: PeopleIcon,
  recordRepresentation: 'name',
});
const corrections = lazyResource(() => screen('corrections').then((m) => m.default), ['list'], {
  icon: EventNoteIcon,
});
const judges = lazyResource(() => screen('judges').then((m) => m.default), ['list'], {
  icon: GavelIcon,
  recordRepresentation: 'organization_name',
});
const admins = lazyResource(() => screen('admins').then((m) => m.default), editable, {
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
});
const events = lazyResource(() => screen('events').then((m) => m.default), editable, {
  icon: EventIcon,
  recordRepresentation: bilingualRepresentation,
});
const announcements = lazyResource(() => screen('announcements').then((m) => m.default), editable, {
  icon: CampaignIcon,
  recordRepresentation: bilingualRepresentation,
});
const categories = lazyResource(() => screen('categories').then((m) => m.default), editable, {
  icon: CategoryIcon,
  recordRepresentation: bilingualRepresentation,
});
const blogs = lazyResource(() => screen('blogs').then((m) => m.default), editable, {
  icon: ArticleIcon,
  recordRepresentation: bilingualRepresentation,
});
const seasons = lazyResource(() => screen('teams').then((m) => m.seasons), editable, {
  icon: EmojiEventsIcon,
  recordRepresentation: bilingualRepresentation,
});
const competitions = lazyResource(() => screen('teams').then((m) => m.competitions), editable, {
  icon: EmojiEventsIcon,
  recordRepresentation: bilingualRepresentation,
});
const registrations = lazyResource(() => screen('registrations').then((m) => m.default), editable, {
  icon: HowToRegIcon,
});
const teams = lazyResource(() => screen('teams').then((m) => m.teams), editable, {
  icon: GroupsIcon,
  recordRepresentation: 'team_no',
});
const eventDays = lazyResource(() => screen('eventDays').then((m) => m.default), editable, {
  icon: StadiumIcon,
  recordRepresentation: (r: { venue_name?: string; event_date?: string }) =>
    `${r.venue_name ?? ''} · ${r.event_date ?? ''}`,
});
const transactions = lazyResource(() => screen('transactions').then((m) => m.default), ['list'], {
  icon: ReceiptIcon,
  recordRepresentation: 'customer_name',
});
const contact = lazyResource(() => screen('contact').then((m) => m.default), ['list'], {
  icon: ContactMailIcon,
  recordRepresentation: 'name',
});
const messages = lazyResource(() => screen('messages').then((m) => m.default), ['list', 'show'], {
  icon: OutboxIcon,
  recordRepresentation: 'to',
});
const partners = lazyResource(() => screen('partners').then((m) => m.default), editable, {
  icon: HandshakeIcon,
  recordRepresentation: 'name',
});
const broadcasts = lazyResource(() => screen('broadcasts').then((m) => m.default), all, {
  icon: CampaignIcon,
  // Its subject in the interface's language (page titles, breadcrumbs).
  recordRepresentation: (r: BroadcastRecord) => (localeStore.get() === 'ar' ? r.subject_ar : r.subject_en),
});
const certificates = lazyResource(() => screen('certificates').then((m) => m.default), ['list'], {
  icon: WorkspacePremiumIcon,
});
const certificateTemplates = lazyResource(() => screen('certificates').then((m) => m.templates), editable, {
  icon: WallpaperIcon,
});
const audit = lazyResource(() => screen('audit').then((m) => m.default), ['list'], { icon: HistoryIcon });
const SettingsPage = lazyPage(() => screen('settings'), 'SettingsPage');
const MediaPage = lazyPage(() => screen('media'), 'MediaPage');
const SystemPage = lazyPage(() => screen('system'), 'SystemPage');
const SecurityPage = lazyPage(() => screen('security'), 'SecurityPage');
const einvoices = lazyResource(() => screen('einvoices').then((m) => m.default), ['list'], {
  icon: VerifiedIcon,
  recordRepresentation: 'number',
});

const LazyLayout = lazy(() => signedIn().then((m) => ({ default: m.Layout })));
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingPage />}>
    <LazyLayout>{children}</LazyLayout>
  </Suspense>
);
const Dashboard = lazyPage(signedIn, 'Dashboard');

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
