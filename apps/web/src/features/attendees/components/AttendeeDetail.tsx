import type { AttendeeDetailDto, EventDto, TicketDto } from '@admitone/shared';
import { formatDateTime, formatOrderDate } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { seatText } from '../../../lib/seat-text';
import { AnswerList } from '../../orders/components/AnswerList';
import { DetailRow, DetailSection } from '../../orders/components/DetailSection';
import { OrderStatusBadge } from '../../orders/components/OrderStatusBadge';
import { AttendeeActions } from './AttendeeActions';
import { AttendeeStatusBadge } from './AttendeeStatusBadge';

/**
 * One attendee: ticket, order, contact, answers, check-ins and what can be done. `showDates` (an event with
 * several dates): the date the ticket is for, in the event's time zone with its label.
 */
export function AttendeeDetail({
  event,
  tickets,
  attendee,
  showDates = false,
}: {
  event: EventDto;
  tickets: TicketDto[];
  attendee: AttendeeDetailDto;
  showDates?: boolean;
}) {
  const { t, i18n } = useLingui();
  const when = (iso: string) => formatDateTime(iso, event.timezone, i18n.locale);
  const added = when(attendee.created_at);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <AttendeeStatusBadge attendee={attendee} />
        <Text size="sm" c="dimmed">
          <Trans>Added {added}</Trans>
        </Text>
        <AttendeeActions event={event} tickets={tickets} attendee={attendee} />
      </Stack>
      <Divider />
      <DetailSection title={<Trans>Ticket</Trans>}>
        <DetailRow label={<Trans>Ticket</Trans>}>
          {attendee.tier_label ? `${attendee.ticket_name} · ${attendee.tier_label}` : attendee.ticket_name}
        </DetailRow>
        {attendee.seat ? (
          <DetailRow label={<Trans>Seat</Trans>}>
            <span data-testid="attendee-seat">{seatText(i18n, attendee.seat)}</span>
          </DetailRow>
        ) : null}
        {showDates ? (
          <DetailRow label={<Trans>Date</Trans>}>
            {formatOrderDate(attendee.date, event.timezone, i18n.locale)}
          </DetailRow>
        ) : null}
        <DetailRow label={<Trans>E-mail</Trans>}>
          {attendee.email ? <Anchor href={`mailto:${attendee.email}`}>{attendee.email}</Anchor> : '—'}
        </DetailRow>
        <DetailRow label={<Trans>Order</Trans>}>
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Anchor
              component={Link}
              to={`/manage/event/${event.id}/orders?order=${attendee.order_id}`}
              ff="monospace"
              style={{ whiteSpace: 'nowrap' }}
            >
              {attendee.order_number}
            </Anchor>
            <OrderStatusBadge status={attendee.order_status} size="sm" />
          </Group>
        </DetailRow>
        {attendee.is_manually_created ? (
          <DetailRow label={<Trans>Origin</Trans>}>
            <Trans>Added by the organizer</Trans>
          </DetailRow>
        ) : null}
      </DetailSection>
      <DetailSection title={<Trans>Answers</Trans>}>
        <AnswerList answers={attendee.answers} order={{ eventId: event.id, orderId: attendee.order_id }} />
      </DetailSection>
      <DetailSection title={<Trans>Check-ins</Trans>}>
        {attendee.check_ins.length ? (
          <Stack gap={4}>
            {attendee.check_ins.map((c) => {
              const at = when(c.scanned_at);
              const who = c.by?.name ?? (c.via_staff_link ? t`staff link` : undefined);
              const list = c.list_id === null ? t`a deleted list` : (c.list_name ?? t`All tickets`);
              const device = c.device;
              return (
                <Stack key={c.id} gap={0} data-testid="check-in-entry">
                  <Text size="sm">
                    {c.action === 'CHECK_IN' ? (
                      who ? (
                        <Trans>
                          Checked in {at} by {who}
                        </Trans>
                      ) : (
                        <Trans>Checked in {at}</Trans>
                      )
                    ) : who ? (
                      <Trans>
                        Checked out {at} by {who}
                      </Trans>
                    ) : (
                      <Trans>Checked out {at}</Trans>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {device ? (
                      <Trans>
                        On {list} · {device}
                      </Trans>
                    ) : (
                      <Trans>On {list}</Trans>
                    )}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Not checked in yet.</Trans>
          </Text>
        )}
      </DetailSection>
    </Stack>
  );
}
