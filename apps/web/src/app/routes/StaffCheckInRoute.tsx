import { EventCheckInPage } from '../../features/check-in/components/EventCheckInPage';

export default EventCheckInPage;
