import CampaignIcon from '@mui/icons-material/Campaign';
import type { BroadcastRecord } from '@platform/contract';
import { localeStore } from '../i18n';
import { BroadcastCreate, BroadcastEdit } from './BroadcastForm';
import { BroadcastList } from './BroadcastList';
import { BroadcastShow } from './BroadcastShow';

/** Staff messaging (issue 30): admins and sub-admins (whose segments the API keeps to a competition, season or region). */
export default {
  list: BroadcastList,
  create: BroadcastCreate,
  edit: BroadcastEdit,
  show: BroadcastShow,
  icon: CampaignIcon,
  // Its subject in the interface's language (page titles, breadcrumbs).
  recordRepresentation: (r: BroadcastRecord) => (localeStore.get() === 'ar' ? r.subject_ar : r.subject_en),
};
