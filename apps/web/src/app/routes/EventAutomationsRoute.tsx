import { AutomationsPage } from '../../features/automations/components/AutomationsPage';

export default AutomationsPage;
