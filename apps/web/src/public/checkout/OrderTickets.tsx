import type { PublicOrderDto } from '@admitone/shared';
import { formatDateTime, formatOrderDate, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLink, IconPrinter, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';

import { Link } from '../../lib/history-navigation';
import { seatText } from '../../lib/seat-text';
import { TicketSelfService } from '../self-service/TicketSelfService';
import { ticketPath, ticketPrintPath } from './paths';

/**
 * An order's tickets: one card per attendee with view, print and copy-link (once issued), and what the
 * buyer may do themselves (correct details, send again: self-service/TicketSelfService.tsx).
 */
export function OrderTickets({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { t, i18n } = useLingui();
  const editUntil =
    order.self_service?.can_edit && order.self_service.edit_until
      ? formatDateTime(order.self_service.edit_until, order.event.timezone, i18n.locale)
      : null;
  const [announce, setAnnounce] = useState('');
  const eventId = order.event.id;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Stack component="section" aria-labelledby="tickets-heading" gap="sm">
      <Title order={2} size="h3" id="tickets-heading">
        <Trans>Your tickets</Trans>
      </Title>
      {editUntil ? (
        <Text size="sm" c="dimmed">
          <Trans>You can correct the names, e-mail addresses and some answers of your tickets until {editUntil}.</Trans>
        </Text>
      ) : null}
      <Text role="status" aria-live="polite" size="sm" c="grape.8" data-testid="tickets-status">
        {announce}
      </Text>
      {order.attendees.map((a) => {
        const name = personName(a);
        const ticket = a.tier_label ? `${a.ticket_name} (${a.tier_label})` : a.ticket_name;
        return (
          <Paper key={a.short_id} withBorder radius="md" p="sm" data-testid="order-ticket">
            <Group justify="space-between" align="center" gap="sm">
              <div>
                <Text fw={700}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {ticket}
                </Text>
                {a.seat ? (
                  <Text size="sm" data-testid="ticket-seat">
                    {seatText(i18n, a.seat)}
                  </Text>
                ) : null}
                {a.pass_date ? (
                  <Text size="sm" c="dimmed" data-testid="pass-ticket-date">
                    {formatOrderDate(a.pass_date, order.event.timezone, i18n.locale)}
                  </Text>
                ) : null}
              </div>
              {a.status === 'ACTIVE' && (
                <Group gap="xs">
                  <Button
                    component={Link}
                    href={ticketPath(eventId, a.short_id)}
                    size="xs"
                    leftSection={<IconTicket size={14} aria-hidden />}
                    aria-label={t`View ticket of ${name}`}
                  >
                    <Trans>View ticket</Trans>
                  </Button>
                  <Button
                    component="a"
                    href={ticketPrintPath(eventId, a.short_id)}
                    target="_blank"
                    size="xs"
                    variant="light"
                    leftSection={<IconPrinter size={14} aria-hidden />}
                    aria-label={t`Print ticket of ${name} (opens in a new tab)`}
                  >
                    <Trans>Print</Trans>
                  </Button>
                  <CopyButton value={origin + ticketPath(eventId, a.short_id)}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconLink size={14} aria-hidden />}
                        aria-label={t`Copy link to the ticket of ${name}`}
                        onClick={() => {
                          copy();
                          setAnnounce(t`Link copied.`);
                        }}
                      >
                        {copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              )}
            </Group>
            <TicketSelfService order={order} attendee={a} onChange={onChange} announce={setAnnounce} />
          </Paper>
        );
      })}
    </Stack>
  );
}
