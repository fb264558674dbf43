import EventIcon from '@mui/icons-material/Event';
import { EventCreate, EventEdit } from './EventForm';
import { EventList } from './EventList';
import { bilingualRepresentation } from '../common/fields';

export default {
  list: EventList,
  edit: EventEdit,
  create: EventCreate,
  icon: EventIcon,
  recordRepresentation: bilingualRepresentation,
};
