import { ReportsPage } from '../../features/reports/components/ReportsPage';

export default ReportsPage;
