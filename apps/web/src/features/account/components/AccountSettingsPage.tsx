import { Trans, useLingui } from '@lingui/react/macro';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccountPage } from '../hooks/useAccountPage';
import { AccountSettingsForm } from './AccountSettingsForm';

/** `/account/settings` */
export function AccountSettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Account settings`);
  const { allowed, account } = useAccountPage('account.manage');
  if (!allowed) return <NoPermission />;
  return (
    <UnsavedChangesGuard>
      <PageHeader title={<Trans>Account settings</Trans>} description={<Trans>The basics of your account.</Trans>} />
      {account.isPending ? (
        <SectionLoader />
      ) : account.isError ? (
        <FormErrorAlert error={account.error} />
      ) : (
        <SettingsSection title={<Trans>General</Trans>}>
          <AccountSettingsForm account={account.data} />
        </SettingsSection>
      )}
    </UnsavedChangesGuard>
  );
}
