import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { AdminCreate, AdminEdit } from './AdminForm';
import { AdminList } from './AdminList';

export default {
  list: AdminList,
  edit: AdminEdit,
  create: AdminCreate,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
};
