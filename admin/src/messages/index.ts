import OutboxIcon from '@mui/icons-material/Outbox';
import { MessageList } from './MessageList';
import { MessageShow } from './MessageShow';

/** The outbox: every message sent or waiting to go, for admins. */
export default { list: MessageList, show: MessageShow, icon: OutboxIcon, recordRepresentation: 'to' };
