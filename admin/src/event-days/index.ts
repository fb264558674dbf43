import StadiumIcon from '@mui/icons-material/Stadium';
import { EventDayCreate, EventDayEdit } from './EventDayForm';
import { EventDayList } from './EventDayList';

/** Event days of a competition (issue 32): venue, teams, rounds, judges, ranking, awards. */
export default {
  list: EventDayList,
  edit: EventDayEdit,
  create: EventDayCreate,
  icon: StadiumIcon,
  recordRepresentation: (r: { venue_name?: string; event_date?: string }) =>
    `${r.venue_name ?? ''} · ${r.event_date ?? ''}`,
};
