import { AccountSettingsPage } from '../../features/account/components/AccountSettingsPage';

export default AccountSettingsPage;
