import { DatesPage } from '../../features/event-dates/components/DatesPage';

export default DatesPage;
