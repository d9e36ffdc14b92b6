import { AttendeesPage } from '../../features/attendees/components/AttendeesPage';

export default AttendeesPage;
