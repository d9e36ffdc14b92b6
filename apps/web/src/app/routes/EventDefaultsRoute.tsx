import { EventDefaultsPage } from '../../features/account/components/EventDefaultsPage';

export default EventDefaultsPage;
