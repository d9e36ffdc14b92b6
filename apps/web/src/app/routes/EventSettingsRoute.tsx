import { EventSettingsPage } from '../../features/event-settings/components/EventSettingsPage';

export default EventSettingsPage;
