import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import { useLingui } from '@lingui/react/macro';
import { Drawer, type MantineSize, Modal } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

import { rescueLostFocus } from '../lib/focus-rescue';
import { useLateAutofocus } from './use-late-autofocus';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize | number;
  children: ReactNode;
  /**
   * Not dismissed by Escape, a click outside or a close button: only the content's own buttons close it (what it
   * shows is shown once, and its reader confirms having kept it).
   */
  locked?: boolean;
}

/** A dialog with a title and a translated close button; Mantine unmounts its children once closed. */
export function AppModal({ opened, onClose, title, size = 'md', children, locked = false }: AppModalProps) {
  const bodyRef = useLateAutofocus(opened);
  // Mantine returns focus to the opener when the dialog closes; if what the dialog changed removes
  // the opener (an empty state replaced by a list), focus goes to the page's heading instead of <body>.
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(opened);
  useEffect(() => {
    if (opened) opener.current = document.activeElement;
    const closed = wasOpened.current && !opened;
    wasOpened.current = opened;
    return closed ? rescueLostFocus({ preferred: opener.current, waitMs: 5_000 }) : undefined;
  }, [opened]);
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} closeOnEscape={!locked} closeOnClickOutside={!locked}>
      <Modal.Overlay />
      <Modal.Content>
        <PanelHeader of={Modal} title={title} closable={!locked} />
        <Modal.Body ref={bodyRef}>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The title row of a dialog (`of={Modal}`) or drawer (`of={Drawer}`), with a translated close button. */
export function PanelHeader({
  of: Panel,
  title,
  closable = true,
}: {
  of: typeof Modal | typeof Drawer;
  title: ReactNode;
  closable?: boolean;
}) {
  const { t } = useLingui();
  return (
    // A div, not Mantine's default <header>: a second banner landmark confuses screen readers.
    <Panel.Header component="div">
      <Panel.Title fw={700} fz="lg">
        {title}
      </Panel.Title>
      {closable ? <Panel.CloseButton aria-label={t`Close`} /> : null}
    </Panel.Header>
  );
}
