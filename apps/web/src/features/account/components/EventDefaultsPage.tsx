import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { AutomationList } from '../../automations/components/AutomationList';
import { useAccountPage } from '../hooks/useAccountPage';
import { EventDefaultsForm } from './EventDefaultsForm';

/** `/account/event-defaults` */
export function EventDefaultsPage() {
  const { t } = useLingui();
  usePageTitle(t`Event defaults`);
  const { allowed, account, accountId } = useAccountPage('account.manage');
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
        <Stack gap="lg">
          <SettingsSection title={<Trans>Checkout, e-mails and design</Trans>}>
            <EventDefaultsForm account={account.data} />
          </SettingsSection>
          <SettingsSection
            title={<Trans>Automatic mail</Trans>}
            description={
              <Trans>
                Reminders, the abandoned-checkout mail and the follow-up each new event starts with. Events made before
                keep their own: change those on the event's Automatic mail page.
              </Trans>
            }
          >
            <AutomationList scope={{ accountId }} headingOrder={3} />
          </SettingsSection>
        </Stack>
      )}
    </UnsavedChangesGuard>
  );
}
