import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { CalmNotice } from '../../../components/CalmNotice';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { browserTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { SessionsSection } from '../../sessions/components/SessionsSection';
import { TwoFactorSection } from '../../two-factor/components/TwoFactorSection';
import { useMe } from '../../users/api/me';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailSection } from './EmailSection';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/**
 * A session opened by single sign-on cannot change how its person signs in (the server refuses with
 * SSO_SESSION_LIMITED): instead of the e-mail, password, two-factor and passkey controls, what to do instead.
 */
function SignedInWithSso({ email }: { email: string }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          <Trans>Current e-mail address</Trans>
        </Text>
        <Text fw={600}>{email}</Text>
      </Stack>
      <CalmNotice>
        <Trans>
          You signed in with single sign-on. Your organization's identity provider manages how you sign in. To change
          your password, e-mail address or two-factor sign-in here, log in with your password.
        </Trans>
      </CalmNotice>
    </Stack>
  );
}

/**
 * `/manage/profile`: the logged-in user's details, e-mail address and password, two-factor sign-in and the devices
 * they are signed in on.
 */
export function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const me = useMe();
  // The person's own times (two-factor sign-in since, devices last used) in their time zone.
  const timeZone = me.data?.user.timezone ?? browserTimeZone();
  const { hash } = useLocation();
  const ready = Boolean(me.data);
  // A link to one section (`profile#two-factor`, from the account settings): once it is there, bring it into view and
  // put the keyboard on its heading.
  useEffect(() => {
    if (!ready || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [ready, hash]);

  return (
    <Container size="md" py="xl">
      <PageHeader
        title={<Trans>Profile</Trans>}
        description={<Trans>Your personal details, e-mail address, password and sign-in security.</Trans>}
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
          {me.data.signed_in_with_sso ? (
            <SettingsSection title={<Trans>E-mail address and sign-in</Trans>} anchor="two-factor">
              <SignedInWithSso email={me.data.user.email} />
            </SettingsSection>
          ) : (
            <>
              <SettingsSection
                title={<Trans>E-mail address</Trans>}
                description={
                  <Trans>We send a confirmation link to the new address before the change takes effect.</Trans>
                }
              >
                <EmailSection user={me.data.user} />
              </SettingsSection>
              <SettingsSection
                title={<Trans>Password</Trans>}
                description={<Trans>Changing your password logs you out on every other device.</Trans>}
              >
                <ChangePasswordForm />
              </SettingsSection>
              <SettingsSection
                title={<Trans>Two-factor sign-in</Trans>}
                description={
                  <Trans>
                    Logging in asks for a second step after your password: a code from an app on your phone, or a
                    passkey. A stolen password alone is then not enough.
                  </Trans>
                }
                anchor="two-factor"
              >
                <TwoFactorSection timeZone={timeZone} />
              </SettingsSection>
            </>
          )}
          <SettingsSection
            title={<Trans>Where you are signed in</Trans>}
            description={
              <Trans>The devices signed in with your login, in every account. Sign out any you do not recognise.</Trans>
            }
          >
            <SessionsSection timeZone={timeZone} />
          </SettingsSection>
        </Stack>
      )}
    </Container>
  );
}
