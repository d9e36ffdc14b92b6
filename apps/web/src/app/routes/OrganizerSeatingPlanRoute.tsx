import { SeatingPlanPage } from '../../features/seating/components/SeatingPlanPage';

export default SeatingPlanPage;
