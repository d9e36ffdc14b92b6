import { PaymentPage } from '../../features/account/components/PaymentPage';

export default PaymentPage;
