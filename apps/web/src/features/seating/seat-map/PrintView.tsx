import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';

import type { SeatingLayout } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useId, useMemo } from 'react';

import { compareSeats, type SeatMapModel } from './map-model';
import { PlanStates, StateLegend } from './PlanStates';
import classes from './print.module.css';

interface PrintViewProps {
  opened: boolean;
  onClose: () => void;
  eventTitle: string;
  /** The date the map is of, in words (none: the event has one date). */
  dateLabel: string | null;
  layout: SeatingLayout;
  model: SeatMapModel;
}

/**
 * The seat map ready to print: the plan in its states with their counts, then every seat sold with who sits there
 * (section, row and seat in natural order) and the order (a seat in a checkout is nobody's yet). On paper only this
 * sheet is printed.
 */
export function PrintView({ opened, onClose, eventTitle, dateLabel, layout, model }: PrintViewProps) {
  const { t } = useLingui();
  const prefix = `pv${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const seated = useMemo(
    () =>
      [...model.places]
        .filter((p) => p.state === 'SOLD' && p.attendees.length)
        .sort(compareSeats)
        .flatMap((p) => p.attendees.map((a) => ({ place: p, attendee: a }))),
    [model],
  );
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen className={classes.root}>
      <Modal.Content>
        <Modal.Header component="div" className={classes.screenOnly}>
          <Modal.Title fw={700} fz="lg">
            <Trans>Print the seat map</Trans>
          </Modal.Title>
          <Group gap="sm">
            <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
              <Trans>Print</Trans>
            </Button>
            <Modal.CloseButton aria-label={t`Close`} />
          </Group>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md" className={classes.sheet} data-testid="seat-map-print">
            <Stack gap={2}>
              <Title order={2} fz={24}>
                {eventTitle}
              </Title>
              {dateLabel ? <Text>{dateLabel}</Text> : null}
            </Stack>
            <svg
              className={classes.plan}
              role="img"
              aria-label={t`The seat map in print: sold, held and free seats`}
              viewBox={`0 0 ${layout.size.width} ${layout.size.height}`}
              preserveAspectRatio="xMidYMid meet"
            >
              <PlanStates layout={layout} model={model} prefix={prefix} />
            </svg>
            <StateLegend counts={model.counts} label={t`Seats by state`} />
            <Title order={3} fz={18}>
              <Trans>Seats and attendees</Trans>
            </Title>
            {seated.length ? (
              <table className={classes.table} data-testid="print-attendees">
                <thead>
                  <tr>
                    <th>
                      <Trans>Section</Trans>
                    </th>
                    <th>
                      <Trans>Row</Trans>
                    </th>
                    <th>
                      <Trans>Seat</Trans>
                    </th>
                    <th>
                      <Trans>Attendee</Trans>
                    </th>
                    <th>
                      <Trans>Ticket code</Trans>
                    </th>
                    <th>
                      <Trans>Order</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {seated.map(({ place, attendee }) => (
                    <tr key={attendee.id}>
                      <td>{place.seat.section}</td>
                      <td>{place.seat.row}</td>
                      <td>{place.seat.seat || '—'}</td>
                      <td>{attendee.name || '—'}</td>
                      <td>{attendee.short_id}</td>
                      <td>{attendee.order_number}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <Text c="dimmed">
                <Trans>Nobody has a seat on this date yet.</Trans>
              </Text>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
