import { addPasskeyBody, type PasskeyAddedDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFingerprint } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { CalmNotice } from '../../../components/CalmNotice';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { isApiError, toFormErrors } from '../../../lib/api-error';
import { thisDevice } from '../../../lib/device-name';
import { passkeyCancelled, passkeyFailure } from '../../../lib/passkey';
import { useSchemaValidation } from '../../../lib/validation';
import { useAddPasskey } from '../api/passkeys';
import { RecoveryCodes } from './RecoveryCodes';

const NAME_BODY = addPasskeyBody.pick({ name: true });

interface AddPasskeyDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * Called once the passkey is added (and its recovery codes saved, when it brought some) instead of closing with a
   * notification: the required set-up goes on to the app.
   */
  onAdded?: () => void;
  /** The recovery codes' last button ("Done" unless given). */
  doneLabel?: ReactNode;
  doneLoading?: boolean;
}

/**
 * Adding a passkey: its name, then the browser's prompt; the first second factor also brings the recovery codes,
 * shown once (the dialog stays open until they are saved).
 */
export function AddPasskeyDialog({ opened, onClose, onAdded, doneLabel, doneLoading }: AddPasskeyDialogProps) {
  const { t } = useLingui();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  const done = (firstFactor: boolean) => {
    if (onAdded) return onAdded();
    close();
    notifications.show({
      color: 'teal',
      message: firstFactor ? t`Two-factor sign-in is on.` : t`The passkey is added.`,
    });
  };
  const added = (result: PasskeyAddedDto) => {
    if (result.recovery_codes) setCodes(result.recovery_codes);
    else done(false);
  };

  return (
    <AppModal opened={opened} onClose={close} title={<Trans>Add a passkey</Trans>} locked={codes !== null}>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => done(true)}
          doneLabel={doneLabel}
          doneLoading={doneLoading}
          reason={
            <Trans>
              If you lose the device that keeps your passkey, each code signs you in once instead of it. They are shown
              only this once: keep them somewhere safe, such as a password manager.
            </Trans>
          }
        />
      ) : (
        <PasskeyNameForm onAdded={added} onCancel={close} />
      )}
    </AppModal>
  );
}

/** The new passkey's name (this browser and system to begin with), then the browser's prompt. */
function PasskeyNameForm({ onAdded, onCancel }: { onAdded: (result: PasskeyAddedDto) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const add = useAddPasskey();
  const { browser, os } = thisDevice();
  const validate = useSchemaValidation<{ name: string }>(NAME_BODY);
  const form = useForm({
    initialValues: { name: browser && os ? t`${browser} on ${os}` : (browser ?? os ?? '') },
    validate,
  });
  const [error, setError] = useState<unknown>(null);

  const submit = ({ name }: { name: string }) => {
    setError(null);
    add.mutate(name, {
      onSuccess: onAdded,
      onError: (e) => {
        // The name's problem goes on its field; the passkey's (`credential`), which no field shows, above the form.
        const fields = isApiError(e) ? toFormErrors(e.fieldErrors) : {};
        if (fields.name) form.setErrors({ name: fields.name });
        setError(fields.name && !fields.credential ? null : passkeyFailure(e, 'credential'));
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Name the passkey to tell it apart later, such as after the device or password manager that keeps it. Your
            browser then asks you to create it with your fingerprint, face, screen lock or security key.
          </Trans>
        </Text>
        {passkeyCancelled(error) ? (
          <CalmNotice>
            <Trans>The passkey was not added: the request was cancelled or timed out.</Trans>
          </CalmNotice>
        ) : (
          <FormErrorAlert error={error} />
        )}
        <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={add.isPending} leftSection={<IconFingerprint size={16} aria-hidden />}>
            <Trans>Add passkey</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
