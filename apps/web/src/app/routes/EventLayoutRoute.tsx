import { EventLayout } from '../../features/events/components/EventLayout';

export default EventLayout;
