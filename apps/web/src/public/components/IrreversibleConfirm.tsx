import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';

interface IrreversibleConfirmProps {
  title: string;
  /** What happens, said before it is done. */
  children: ReactNode;
  /** The button that keeps things as they are, and the one that goes ahead (red). */
  keepLabel: ReactNode;
  confirmLabel: ReactNode;
  failure: unknown;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** A buyer's last word before something that cannot be undone (cancelling an order, leaving a waitlist). */
export function IrreversibleConfirm({
  title,
  children,
  keepLabel,
  confirmLabel,
  failure,
  busy,
  onClose,
  onConfirm,
}: IrreversibleConfirmProps) {
  const { t } = useLingui();
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="md">
        <Text>{children}</Text>
        <Text size="sm" c="dimmed">
          <Trans>This cannot be undone.</Trans>
        </Text>
        <FormErrorAlert error={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button color="red.9" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
