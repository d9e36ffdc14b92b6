import { Trans, useLingui } from '@lingui/react/macro';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccountPage } from '../hooks/useAccountPage';
import { EventDefaultsForm } from './EventDefaultsForm';

/** `/account/event-defaults` */
export function EventDefaultsPage() {
  const { t } = useLingui();
  usePageTitle(t`Event defaults`);
  const { allowed, account } = useAccountPage('account.manage');
  if (!allowed) return <NoPermission />;
  return (
    <UnsavedChangesGuard>
      <PageHeader
        title={<Trans>Event defaults</Trans>}
        description={<Trans>Settings every new event starts with. Each event can change them later.</Trans>}
      />
      {account.isPending ? (
        <SectionLoader />
      ) : account.isError ? (
        <FormErrorAlert error={account.error} />
      ) : (
        <SettingsSection title={<Trans>Checkout, e-mails and design</Trans>}>
          <EventDefaultsForm account={account.data} />
        </SettingsSection>
      )}
    </UnsavedChangesGuard>
  );
}
