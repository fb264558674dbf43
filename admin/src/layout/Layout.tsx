import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import PeopleIcon from '@mui/icons-material/People';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout as RaLayout,
  LocalesMenuButton,
  Menu,
  TitlePortal,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { ThemeMenu } from './ThemeMenu';

function AppMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.Item to="/" primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} />
      <Menu.Item to="/users" primaryText={translate('app.menu.users')} leftIcon={<PeopleIcon />} />
      {permissions === 'admin' && (
        <Menu.Item to="/events" primaryText={translate('app.menu.events')} leftIcon={<EventIcon />} />
      )}
    </Menu>
  );
}

function AppAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <LocalesMenuButton />
          <ThemeMenu />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppAppBar} menu={AppMenu}>
      {children}
    </RaLayout>
  );
}
