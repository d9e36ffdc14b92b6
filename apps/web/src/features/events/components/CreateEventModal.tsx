import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import { Trans } from '@lingui/react/macro';
import { Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { PanelHeader } from '../../../components/AppModal';
import { SectionLoader } from '../../../components/FullPageLoader';
import { useLateAutofocus } from '../../../components/use-late-autofocus';

// The form pulls in the date pickers and the rich text editor: load it only when the modal opens.
const CreateEventFlow = lazy(() => import('./CreateEventFlow').then((m) => ({ default: m.CreateEventFlow })));

/** "Create event" dialog; asks for an organizer first when the account has none. */
export function CreateEventModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const bodyRef = useLateAutofocus(opened);
  return (
    <Modal.Root opened={opened} onClose={onClose} size="xl">
      <Modal.Overlay />
      <Modal.Content>
        <PanelHeader of={Modal} title={<Trans>Create event</Trans>} />
        <Modal.Body ref={bodyRef}>
          {opened ? (
            <Suspense fallback={<SectionLoader />}>
              <CreateEventFlow onDone={onClose} />
            </Suspense>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
