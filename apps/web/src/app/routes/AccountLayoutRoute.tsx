import { AccountLayout } from '../../features/account/components/AccountLayout';

export default AccountLayout;
