import { OrganizerPage } from '../../features/organizers/components/OrganizerPage';

export default OrganizerPage;
