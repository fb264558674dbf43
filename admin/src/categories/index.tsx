import CategoryIcon from '@mui/icons-material/Category';
import { named } from '../common/NamedResource';

export default named(CategoryIcon);
