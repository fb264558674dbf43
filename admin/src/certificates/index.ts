import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { CertificateList } from './CertificateList';

export { templates } from './templates';

/** Certificates (issue 33): the list with issuing, revoking, PDFs and CSV. */
export default { list: CertificateList, icon: WorkspacePremiumIcon };
