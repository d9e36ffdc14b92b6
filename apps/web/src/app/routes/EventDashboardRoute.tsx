import { EventOverview } from '../../features/events/components/EventOverview';

export default EventOverview;
