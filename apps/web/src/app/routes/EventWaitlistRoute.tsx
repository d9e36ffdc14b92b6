import { WaitlistPage } from '../../features/waitlist/components/WaitlistPage';

export default WaitlistPage;
