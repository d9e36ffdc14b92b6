import { EventsPage } from '../../features/events/components/EventsPage';

export default EventsPage;
