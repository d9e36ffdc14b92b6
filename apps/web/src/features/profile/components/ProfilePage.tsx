import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailSection } from './EmailSection';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/** `/manage/profile`: the logged-in user's details, e-mail address and password. */
export function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const me = useMe();

  return (
    <Container size="md" py="xl">
      <PageHeader
        title={<Trans>Profile</Trans>}
        description={<Trans>Your personal details, e-mail address and password.</Trans>}
      />
      {me.isPending ? (
        <SectionLoader />
      ) : me.isError ? (
        <FormErrorAlert error={me.error} />
      ) : (
        <Stack gap="lg">
          <SettingsSection title={<Trans>Your details</Trans>}>
            <ProfileDetailsForm user={me.data.user} />
          </SettingsSection>
          <SettingsSection
            title={<Trans>E-mail address</Trans>}
            description={<Trans>We send a confirmation link to the new address before the change takes effect.</Trans>}
          >
            <EmailSection user={me.data.user} />
          </SettingsSection>
          <SettingsSection
            title={<Trans>Password</Trans>}
            description={<Trans>Changing your password logs you out on every other device.</Trans>}
          >
            <ChangePasswordForm />
          </SettingsSection>
        </Stack>
      )}
    </Container>
  );
}
