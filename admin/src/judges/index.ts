import GavelIcon from '@mui/icons-material/Gavel';
import { JudgeList } from './JudgeList';

export default { list: JudgeList, icon: GavelIcon, recordRepresentation: 'organization_name' };
