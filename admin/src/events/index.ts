import EventIcon from '@mui/icons-material/Event';
import { EventList } from './EventList';

export default { list: EventList, icon: EventIcon, recordRepresentation: 'name_en' };
