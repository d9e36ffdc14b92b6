import { loginTwoFactorBody, type SecondFactorMethod } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconArrowLeft, IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { CalmNotice } from '../../../components/CalmNotice';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { issueTranslator } from '../../../lib/error-text';
import { zodFormErrors } from '../../../lib/zod-form';
import { AuthHeading } from './AuthHeading';

/** What the step sends besides the challenge: a code from the app, or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

const CODE_BODY = loginTwoFactorBody.pick({ code: true }).required();
const RECOVERY_BODY = loginTwoFactorBody.pick({ recovery_code: true }).required();

interface TwoFactorCodeFormProps {
  /** What the person has besides recovery codes: an authenticator app, passkeys, or both. */
  methods: SecondFactorMethod[];
  pending: boolean;
  /** The passkey's prompt is open, or its answer on the way. */
  passkeyPending: boolean;
  /** A failed check that is not about the field (shown above the form). */
  error: unknown;
  /** The passkey's prompt was cancelled or ran out (said calmly, not as an error). */
  passkeyCancelled: boolean;
  /** Sends the code; the field errors of a refused one go through `setErrors`. */
  onSubmit: (factor: SecondFactor, setErrors: (errors: Record<string, string>) => void) => void;
  /** Asks the browser for one of the person's passkeys instead of a code. */
  onPasskey: () => void;
  onBack: () => void;
  /** The step's heading level: 2 inside a page that has its own title (accepting an invitation). */
  headingOrder?: 1 | 2;
}

/**
 * The sign-in's second step: the six digits of the authenticator app, a passkey, or one of the recovery codes. A
 * person without the app starts with the passkey (no code field to puzzle over).
 */
export function TwoFactorCodeForm({
  methods,
  pending,
  passkeyPending,
  error,
  passkeyCancelled,
  onSubmit,
  onPasskey,
  onBack,
  headingOrder = 1,
}: TwoFactorCodeFormProps) {
  const { t, i18n } = useLingui();
  const hasApp = methods.includes('totp') || !methods.includes('passkey');
  // Read once: a browser does not gain WebAuthn while the page is open.
  const [supported] = useState(browserSupportsWebAuthn);
  const hasPasskey = methods.includes('passkey');
  const [mode, setMode] = useState<'code' | 'passkey' | 'recovery'>(hasApp ? 'code' : 'passkey');
  const form = useForm({ initialValues: { code: '', recovery_code: '' } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The passkey's step has no field to send (its button asks the browser).
    if (mode === 'passkey') return;
    const { code, recovery_code } = form.getValues();
    const factor: SecondFactor = mode === 'code' ? { code } : { recovery_code };
    const errors = zodFormErrors(mode === 'code' ? CODE_BODY : RECOVERY_BODY, factor, issueTranslator(i18n));
    form.setErrors(errors);
    if (!Object.keys(errors).length) onSubmit(factor, form.setErrors);
  };

  const switchTo = (next: typeof mode) => {
    form.clearErrors();
    setMode(next);
  };
  // Back from a recovery code: to the app's code, or to the passkey for a person without the app.
  const main = hasApp ? 'code' : 'passkey';
  const passkeyButton = !supported ? (
    <Text size="sm">
      <Trans>This browser cannot use passkeys. Use a recovery code, or log in with a current browser.</Trans>
    </Text>
  ) : (
    <Button
      variant={mode === 'passkey' ? 'filled' : 'default'}
      fullWidth
      size="md"
      leftSection={<IconFingerprint size={18} aria-hidden />}
      loading={passkeyPending}
      autoFocus={mode === 'passkey'}
      onClick={onPasskey}
    >
      <Trans>Use a passkey</Trans>
    </Button>
  );

  return (
    <>
      <AuthHeading
        order={headingOrder}
        title={<Trans>Two-factor sign-in</Trans>}
        description={
          mode === 'code' ? (
            <Trans>Open your authenticator app and enter the six-digit code it shows for AdmitOne.</Trans>
          ) : mode === 'passkey' ? (
            <Trans>
              Confirm it is you with your passkey: your browser asks for your fingerprint, face, screen lock or security
              key.
            </Trans>
          ) : (
            <Trans>
              Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.
            </Trans>
          )
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {passkeyCancelled ? (
            <CalmNotice>
              <Trans>The passkey request was cancelled or timed out. Try again, or use another way.</Trans>
            </CalmNotice>
          ) : null}
          <FormErrorAlert error={error} />
          {mode === 'code' ? (
            <TextInput
              key="code"
              label={t`Six-digit code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
              {...form.getInputProps('code')}
            />
          ) : mode === 'recovery' ? (
            <TextInput
              key="recovery"
              label={t`Recovery code`}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('recovery_code')}
            />
          ) : (
            passkeyButton
          )}
          <Group justify="flex-end" mt={-8}>
            {mode === 'recovery' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo(main)}>
                {hasApp ? <Trans>Use a code from your app instead</Trans> : <Trans>Use a passkey instead</Trans>}
              </Anchor>
            ) : (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('recovery')}>
                <Trans>Use a recovery code instead</Trans>
              </Anchor>
            )}
          </Group>
          {mode === 'passkey' ? null : (
            <Button type="submit" fullWidth size="md" loading={pending}>
              <Trans>Verify</Trans>
            </Button>
          )}
          {mode === 'code' && hasPasskey && supported ? passkeyButton : null}
          <Button variant="subtle" color="dark" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            <Trans>Back</Trans>
          </Button>
        </Stack>
      </form>
    </>
  );
}
