import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import type { PublicEventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ComponentType, Suspense, useState } from 'react';

import { PanelHeader } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useBoxOfficePickerEvent } from '../api/box-office';

/** The buyer's seat picker, given by the app (features do not know the buyer app; it is loaded when first shown). */
export type SeatPickerComponent = ComponentType<{
  event: PublicEventDto;
  onSeats: (seats: Record<string, number[]>) => void;
  headingLevel: 2 | 3;
}>;

/**
 * Choosing seats at the box office: the buyer's seat picker on the event's plan (the same holds and what is taken on
 * the date), with the tickets as the box office sells them; the seats chosen go into the sale. Kept open between
 * openings, so a change starts from what was chosen; `resetKey` starts afresh after a sale.
 */
export function SeatChooser({
  eventId,
  dateId,
  opened,
  resetKey,
  onClose,
  onChosen,
  picker: SeatPicker,
}: {
  eventId: number;
  dateId: number | null;
  opened: boolean;
  resetKey: number;
  onClose: () => void;
  onChosen: (seats: Record<string, number[]>) => void;
  picker: SeatPickerComponent;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  const event = useBoxOfficePickerEvent(eventId, dateId, wanted);
  const [draft, setDraft] = useState<Record<string, number[]>>({});
  const count = Object.values(draft).reduce((s, ids) => s + ids.length, 0);
  return (
    <Modal.Root opened={opened} onClose={onClose} size="xl" fullScreen={phone} keepMounted>
      <Modal.Overlay />
      <Modal.Content>
        <PanelHeader of={Modal} title={t`Choose seats`} />
        <Modal.Body>
          {!wanted ? null : event.error ? (
            <FormErrorAlert error={event.error} />
          ) : event.data ? (
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label={t`Loading the seating plan`} />
                </Center>
              }
            >
              <SeatPicker key={`${resetKey}:${dateId}`} event={event.data} onSeats={setDraft} headingLevel={3} />
            </Suspense>
          ) : (
            <Center py="xl">
              <Loader aria-label={t`Loading the seating plan`} />
            </Center>
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              onClick={() => {
                onChosen(draft);
                onClose();
              }}
              disabled={!count}
            >
              <Trans>Add to the sale ({count})</Trans>
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
