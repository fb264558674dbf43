import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { TransactionList } from './TransactionList';

export default { list: TransactionList, icon: ReceiptIcon, recordRepresentation: 'customer_name' };
