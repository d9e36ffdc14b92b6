import { AccountReportsPage } from '../../features/reports/components/AccountReportsPage';

export default AccountReportsPage;
