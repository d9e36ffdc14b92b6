import { loginTwoFactorBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { issueTranslator } from '../../../lib/error-text';
import { zodFormErrors } from '../../../lib/zod-form';
import { AuthHeading } from './AuthHeading';

/** What the step sends besides the challenge: a code from the app, or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

const CODE_BODY = loginTwoFactorBody.pick({ code: true }).required();
const RECOVERY_BODY = loginTwoFactorBody.pick({ recovery_code: true }).required();

interface TwoFactorCodeFormProps {
  pending: boolean;
  /** A failed check that is not about the field (shown above the form). */
  error: unknown;
  /** Sends the code; the field errors of a refused one go through `setErrors`. */
  onSubmit: (factor: SecondFactor, setErrors: (errors: Record<string, string>) => void) => void;
  onBack: () => void;
  /** The step's heading level: 2 inside a page that has its own title (accepting an invitation). */
  headingOrder?: 1 | 2;
}

/** The sign-in's second step: the six digits of the authenticator app, or one of the recovery codes. */
export function TwoFactorCodeForm({ pending, error, onSubmit, onBack, headingOrder = 1 }: TwoFactorCodeFormProps) {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const form = useForm({ initialValues: { code: '', recovery_code: '' } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { code, recovery_code } = form.getValues();
    const factor: SecondFactor = mode === 'code' ? { code } : { recovery_code };
    const errors = zodFormErrors(mode === 'code' ? CODE_BODY : RECOVERY_BODY, factor, issueTranslator(i18n));
    form.setErrors(errors);
    if (!Object.keys(errors).length) onSubmit(factor, form.setErrors);
  };

  const switchMode = () => {
    form.clearErrors();
    setMode(mode === 'code' ? 'recovery' : 'code');
  };

  return (
    <>
      <AuthHeading
        order={headingOrder}
        title={<Trans>Two-factor sign-in</Trans>}
        description={
          mode === 'code' ? (
            <Trans>Open your authenticator app and enter the six-digit code it shows for AdmitOne.</Trans>
          ) : (
            <Trans>
              Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.
            </Trans>
          )
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          ) : (
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
          )}
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {mode === 'code' ? (
                <Trans>Use a recovery code instead</Trans>
              ) : (
                <Trans>Use a code from your app instead</Trans>
              )}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={pending}>
            <Trans>Verify</Trans>
          </Button>
          <Button variant="subtle" color="dark" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            <Trans>Back</Trans>
          </Button>
        </Stack>
      </form>
    </>
  );
}
