import EventIcon from '@mui/icons-material/Event';
import { EventCreate, EventEdit } from './EventForm';
import { EventList } from './EventList';

export default {
  list: EventList,
  edit: EventEdit,
  create: EventCreate,
  icon: EventIcon,
  recordRepresentation: 'name_en',
};
