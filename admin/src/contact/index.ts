import ContactMailIcon from '@mui/icons-material/ContactMail';
import { ContactList } from './ContactList';

export default { list: ContactList, icon: ContactMailIcon, recordRepresentation: 'name' };
