import { Menu as RaMenu } from 'react-admin';

/**
 * Dashboard, then the resources in a fixed order. An item shows only when its <Resource> is
 * registered, and App registers admin-only resources (events) for admins only, so sub-admins see
 * Dashboard and Users.
 */
export function Menu() {
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItem name="users" />
      <RaMenu.ResourceItem name="events" />
    </RaMenu>
  );
}
