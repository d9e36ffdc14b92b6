import { ProfilePage } from '../../features/profile/components/ProfilePage';

export default ProfilePage;
