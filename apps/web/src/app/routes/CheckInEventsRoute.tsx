import { CheckInEventsPage } from '../../features/check-in/components/CheckInEventsPage';

export default CheckInEventsPage;
