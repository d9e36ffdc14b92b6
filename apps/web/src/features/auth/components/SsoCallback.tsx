import { Trans } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { useFinishSso } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';

/**
 * Where the identity provider sends the browser back (`/auth/sso/callback?code=…&state=…`, or `?error=…`): sends its
 * answer to the server once, stores the session the way login does and opens the saved address. The answer works only
 * once, so a failure is shown and never sent again (a ref guards against StrictMode's second effect run); the person
 * starts over from the login page or the team's link.
 */
export function SsoCallback() {
  const finish = useFinishSso();
  const finishLogin = useFinishLogin();
  const sent = useRef(false);
  const [noSession, setNoSession] = useState(false);
  const { mutate } = finish;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const query = window.location.search;
    // The code is for one use: out of the address bar and the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    mutate({ query }, { onSuccess: (response) => (response.token ? finishLogin() : setNoSession(true)) });
  }, [finishLogin, mutate]);

  if (finish.isError || noSession) {
    return (
      <>
        <AuthHeading title={<Trans>Single sign-on did not work</Trans>} />
        <Stack gap="md">
          <FormErrorAlert error={finish.error ?? new Error('no session')} />
          <BackToLogin />
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={<Trans>Single sign-on</Trans>} description={<Trans>Signing you in…</Trans>} />
      <SectionLoader />
    </>
  );
}
