import { CapacityPage } from '../../features/capacity/components/CapacityPage';

export default CapacityPage;
