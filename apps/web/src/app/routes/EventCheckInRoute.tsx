import { CheckInPage } from '../../features/check-in/components/CheckInPage';

export default CheckInPage;
