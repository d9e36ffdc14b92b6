import { type ConfirmTotpBody, confirmTotpBody, type TotpSetupDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { QrCodeImage } from '../../../components/QrCodeImage';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useConfirmTotp } from '../api/two-factor';
import { TotpSecretKey } from './TotpSecretKey';

interface AuthenticatorStepProps {
  setup: TotpSetupDto;
  /** The app's first code was right: two-factor sign-in is on, and these are the recovery codes. */
  onConfirmed: (codes: string[]) => void;
}

/** Set-up's first step: the QR code (and the key as text) for the app, then the app's first code. */
export function AuthenticatorStep({ setup, onConfirmed }: AuthenticatorStepProps) {
  const { t } = useLingui();
  const confirm = useConfirmTotp();
  const validate = useSchemaValidation<ConfirmTotpBody>(confirmTotpBody);
  const form = useForm<ConfirmTotpBody>({ initialValues: { code: '' }, validate });
  const { error, handle } = useFormError(form.setErrors);

  const submit = (values: ConfirmTotpBody) =>
    confirm.mutate(
      values,
      handle((result) => onConfirmed(result.codes)),
    );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>1. Scan the QR code</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or
            Aegis, and add AdmitOne by scanning this code.
          </Trans>
        </Text>
        <Center>
          <QrCodeImage value={setup.uri} alt={t`QR code for your authenticator app`} />
        </Center>
        <TotpSecretKey secret={setup.secret} />
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="md">
            <Trans>2. Enter the code from the app</Trans>
          </Title>
          <FormErrorAlert error={error} />
          <TextInput
            label={t`Six-digit code`}
            description={t`The app shows a new code every 30 seconds.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            data-autofocus
            maw={240}
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              <Trans>Turn on</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
