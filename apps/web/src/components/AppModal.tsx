import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { useLingui } from '@lingui/react/macro';
import { Modal, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize | number;
  children: ReactNode;
}

/** A dialog with a title and a translated close button; Mantine unmounts its children once closed. */
export function AppModal({ opened, onClose, title, size = 'md', children }: AppModalProps) {
  const { t } = useLingui();
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default <header>: a second banner landmark confuses screen readers. */}
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t`Close`} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
