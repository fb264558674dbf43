import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu as RaMenu, usePermissions } from 'react-admin';

/**
 * Dashboard, then the resources in the spec's order. An item shows only when its <Resource> is
 * registered, and App registers admin-only resources for admins only, so sub-admins see Dashboard,
 * Users, Correction requests and Broadcasts.
 */
export function Menu() {
  const { permissions } = usePermissions();
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItem name="plans" />
      <RaMenu.ResourceItem name="users" />
      <RaMenu.ResourceItem name="corrections" />
      <RaMenu.ResourceItem name="judges" />
      <RaMenu.ResourceItem name="admins" />
      <RaMenu.ResourceItem name="events" />
      <RaMenu.ResourceItem name="announcements" />
      <RaMenu.ResourceItem name="categories" />
      <RaMenu.ResourceItem name="blogs" />
      {permissions === 'admin' && (
        <RaMenu.Item to="/media" primaryText="app.media.title" leftIcon={<PermMediaIcon />} />
      )}
      <RaMenu.ResourceItem name="seasons" />
      <RaMenu.ResourceItem name="competitions" />
      <RaMenu.ResourceItem name="registrations" />
      <RaMenu.ResourceItem name="teams" />
      <RaMenu.ResourceItem name="event-days" />
      <RaMenu.ResourceItem name="transections" />
      {permissions === 'admin' && <RaMenu.ResourceItem name="einvoices" />}
      {permissions === 'admin' && (
        <RaMenu.Item to="/settings" primaryText="resources.settings.name" leftIcon={<SettingsIcon />} />
      )}
      <RaMenu.ResourceItem name="contactus" />
      <RaMenu.ResourceItem name="messages" />
      <RaMenu.ResourceItem name="broadcasts" />
      <RaMenu.ResourceItem name="certificates" />
      <RaMenu.ResourceItem name="certificate-templates" />
      <RaMenu.ResourceItem name="partners" />
      <RaMenu.ResourceItem name="audit" />
      {permissions === 'admin' && (
        <RaMenu.Item to="/system" primaryText="app.system.title" leftIcon={<MonitorHeartIcon />} />
      )}
    </RaMenu>
  );
}
