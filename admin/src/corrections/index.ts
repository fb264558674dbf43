import EventNoteIcon from '@mui/icons-material/EditCalendar';
import { CorrectionList } from './CorrectionList';

/** Members' requests to correct their date of birth or grade (admins and sub-admins decide them). */
export default { list: CorrectionList, icon: EventNoteIcon };
