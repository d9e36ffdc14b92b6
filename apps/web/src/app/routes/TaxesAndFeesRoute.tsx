import { TaxesAndFeesPage } from '../../features/account/components/TaxesAndFeesPage';

export default TaxesAndFeesPage;
