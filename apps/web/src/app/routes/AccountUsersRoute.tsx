import { UsersPage } from '../../features/team/components/UsersPage';

export default UsersPage;
