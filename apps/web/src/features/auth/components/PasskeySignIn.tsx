import type { AuthResponse } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { CalmNotice } from '../../../components/CalmNotice';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { passkeyCancelled, passkeyFailure } from '../../../lib/passkey';
import { passkeySignIn, passkeySignInOptions } from '../api/auth';
import { SignInOptionButton } from './SignInOptionButton';

/**
 * "Sign in with a passkey", under the login form: no address or password (the browser offers the person's passkeys,
 * and their fingerprint, face or PIN makes it both steps). Not shown where the browser has no passkeys at all. The
 * login form puts the "or" above it.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (response: AuthResponse) => void }) {
  // Read once: a browser does not gain WebAuthn while the page is open.
  const [supported] = useState(browserSupportsWebAuthn);
  const signIn = useMutation({
    mutationFn: async () => {
      // The browser's side comes with the first use: the login page's first download stays as it was.
      const { answerWithPasskey } = await import('../../../lib/passkey-prompt');
      return passkeySignIn(await answerWithPasskey(passkeySignInOptions));
    },
    onSuccess: onSignedIn,
  });
  if (!supported) return null;

  return (
    <Stack gap="md">
      {passkeyCancelled(signIn.error) ? (
        <CalmNotice>
          <Trans>The passkey request was cancelled or timed out. Try again, or log in with your password.</Trans>
        </CalmNotice>
      ) : (
        <FormErrorAlert error={passkeyFailure(signIn.error, 'credential')} />
      )}
      <SignInOptionButton
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        <Trans>Sign in with a passkey</Trans>
      </SignInOptionButton>
    </Stack>
  );
}
