import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormErrorAlert } from '../../components/FormErrorAlert';

/** The frame of a buyer's change on their order: a dialog with a form, an error above it, Cancel and the action. */
export function SelfServiceDialog({
  title,
  onClose,
  onSubmit,
  failure,
  busy,
  action,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  failure: unknown;
  busy: boolean;
  action: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={failure} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
