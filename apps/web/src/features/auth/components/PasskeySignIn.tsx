import type { AuthResponse } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Divider, Stack } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { CalmNotice } from '../../../components/CalmNotice';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { passkeyCancelled, passkeyFailure } from '../../../lib/passkey';
import { passkeySignIn, passkeySignInOptions } from '../api/auth';

/**
 * "Sign in with a passkey", under the login form: no address or password (the browser offers the person's passkeys,
 * and their fingerprint, face or PIN makes it both steps). Not shown where the browser has no passkeys at all.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (response: AuthResponse) => void }) {
  const { t } = useLingui();
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
      <Divider label={t`or`} labelPosition="center" />
      {passkeyCancelled(signIn.error) ? (
        <CalmNotice>
          <Trans>The passkey request was cancelled or timed out. Try again, or log in with your password.</Trans>
        </CalmNotice>
      ) : (
        <FormErrorAlert error={passkeyFailure(signIn.error, 'credential')} />
      )}
      {/* The label wraps on a phone: in some languages it is longer than the button is wide. */}
      <Button
        variant="default"
        fullWidth
        size="md"
        h="auto"
        mih={42}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </Stack>
  );
}
