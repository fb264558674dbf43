import PeopleIcon from '@mui/icons-material/People';
import { UserCreate, UserEdit } from './UserForm';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** `create` is registered for admins only (App); sub-admins list, view and edit. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
