import { EventSeatingPage } from '../../features/seating/components/EventSeatingPage';

export default EventSeatingPage;
