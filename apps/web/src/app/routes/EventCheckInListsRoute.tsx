import { CheckInListsPage } from '../../features/check-in-lists/components/CheckInListsPage';

export default CheckInListsPage;
