import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { EinvoiceList } from './EinvoiceList';

export default { list: EinvoiceList, icon: VerifiedIcon, recordRepresentation: 'number' };
