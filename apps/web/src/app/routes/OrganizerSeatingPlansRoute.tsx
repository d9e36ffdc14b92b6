import { SeatingPlansPage } from '../../features/seating/components/SeatingPlansPage';

export default SeatingPlansPage;
