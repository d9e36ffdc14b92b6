import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { isApiError } from '../../../lib/api-error';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useConfirmSignUp } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AuthHeading } from './AuthHeading';

/** The link itself is bad (unknown, expired, used, or the address has a login now), as opposed to a failed call. */
const isBadLink = (error: unknown) =>
  isApiError(error) &&
  (error.code === 'INVALID_SIGNUP_LINK' || error.status === 400 || error.status === 404 || error.status === 422);

/**
 * Opens a mailed sign-up link: sends it once (a ref guards against StrictMode's second effect run,
 * since a used link answers "invalid"), stores the session the way login does and continues to the
 * first-run page.
 */
export function ConfirmSignUp({ token }: { token: string }) {
  const confirm = useConfirmSignUp();
  const finishLogin = useFinishLogin();
  const sent = useRef(false);
  const { mutate } = confirm;
  const run = useCallback(
    () => mutate(token, { onSuccess: () => finishLogin('/welcome') }),
    [finishLogin, mutate, token],
  );

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    run();
  }, [run]);

  if (confirm.isError && isBadLink(confirm.error)) {
    return (
      <>
        <AuthHeading title={<Trans>This link does not work</Trans>} />
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Trans>This sign-up link is invalid, expired or already used.</Trans>{' '}
            <Trans>Sign up again to get a new link. If you already finished signing up, log in.</Trans>
          </Alert>
          <Button component={SignInLink} to="/auth/register" fullWidth>
            <Trans>Sign up again</Trans>
          </Button>
          <Anchor component={SignInLink} to="/auth/login" size="sm" ta="center">
            <Trans>Go to login</Trans>
          </Anchor>
        </Stack>
      </>
    );
  }

  if (confirm.isError) {
    return (
      <>
        <AuthHeading title={<Trans>Finish signing up</Trans>} />
        <Stack gap="md">
          <FormErrorAlert error={confirm.error} />
          <Button fullWidth onClick={run}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={<Trans>Finish signing up</Trans>} description={<Trans>Creating your account…</Trans>} />
      <SectionLoader />
    </>
  );
}
