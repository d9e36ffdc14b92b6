import { Trans } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { hasStatus } from '../../../lib/api-error';
import { useStartSso } from '../api/auth';
import { leaveForProvider } from '../hooks/leave-for-provider';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';

/**
 * The team's sign-in link (`/auth/sso/:token`): starts the account's single sign-on at once and sends the browser to
 * its identity provider. An unknown link, or one whose single sign-on is turned off, says so.
 */
export function SsoLink({ token }: { token: string }) {
  const start = useStartSso();
  const started = useRef(false);
  const { mutate } = start;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ link: token }, { onSuccess: ({ url }) => leaveForProvider(url) });
  }, [mutate, token]);

  if (start.isError) {
    return (
      <>
        <AuthHeading title={<Trans>This sign-in link does not work</Trans>} />
        <Stack gap="md">
          {hasStatus(start.error, 422) ? (
            // Not even the shape of a link: cut off, or typed by hand.
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Trans>This sign-in link is incomplete. Ask your admin for your team's link.</Trans>
            </Alert>
          ) : (
            <FormErrorAlert error={start.error} />
          )}
          <BackToLogin />
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title={<Trans>Single sign-on</Trans>}
        description={<Trans>Taking you to your organization's sign-in…</Trans>}
      />
      <SectionLoader />
    </>
  );
}
