/**
 * What signing in loads (issue 36), as one chunk: the frame (app bar, menu, the staff gate) and the
 * dashboard. Every screen's module is imported from here too, so the bundler knows the frame is
 * already loaded when a screen loads: the pieces of MUI and react-admin the frame shares with the
 * screens (buttons, toolbars, lists' items) stay in this chunk instead of a dozen small files, each
 * with its own request and headers, on the dashboard's first load.
 */
export { Layout } from './Layout';
export { Dashboard } from '../dashboard/Dashboard';

export const screens = {
  plans: () => import('../plans'),
  users: () => import('../users'),
  corrections: () => import('../corrections'),
  judges: () => import('../judges'),
  admins: () => import('../admins'),
  events: () => import('../events'),
  announcements: () => import('../announcements'),
  categories: () => import('../categories'),
  blogs: () => import('../blogs'),
  teams: () => import('../teams'),
  registrations: () => import('../registrations'),
  eventDays: () => import('../event-days'),
  transactions: () => import('../transactions'),
  contact: () => import('../contact'),
  messages: () => import('../messages'),
  partners: () => import('../partners'),
  broadcasts: () => import('../broadcasts'),
  certificates: () => import('../certificates'),
  audit: () => import('../audit'),
  einvoices: () => import('../einvoices'),
  settings: () => import('../settings/SettingsPage'),
  media: () => import('../media/MediaPage'),
  system: () => import('../system/SystemPage'),
  security: () => import('../security/SecurityPage'),
};
