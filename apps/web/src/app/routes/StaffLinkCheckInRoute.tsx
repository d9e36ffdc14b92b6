import { StaffLinkCheckInPage } from '../../features/check-in/components/StaffLinkCheckInPage';

export default StaffLinkCheckInPage;
