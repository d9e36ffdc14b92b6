import { formatMoney, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

import { hasStatus } from '../../lib/api-error';
import { seatText } from '../../lib/seat-text';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout, CheckoutLoading } from '../checkout/CheckoutLayout';
import { EventHeading } from '../checkout/EventHeading';
import { ticketPrintPath } from '../checkout/paths';
import { AddToCalendar } from './AddToCalendar';
import { PassDates } from './PassDates';
import { useTicket } from './ticket-api';
import { ticketLabel } from './ticket-text';
import { TicketMissing } from './TicketMissing';
import { TicketQr } from './TicketQr';
import { TicketStateBadge } from './TicketStateBadge';
import { WalletButtons } from './WalletButtons';

/** `/ticket/:eventId/:attendeeShortId`: the ticket to show at the entrance. */
export default function TicketPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Your ticket`);
  const { data: ticket, error, loading, reload } = useTicket(eventId, shortId);

  if (loading && !ticket) return <CheckoutLoading />;
  if (error || !ticket) return <TicketMissing notFound={hasStatus(error, 404)} error={error} onRetry={reload} />;
  const name = personName(ticket.attendee);

  return (
    <CheckoutLayout colors={ticket.event.colors}>
      <EventHeading event={ticket.event} date={ticket.date} />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="ticket-holder">
        <Stack gap="md">
          <Center>
            <TicketQr ticket={ticket} eventId={eventId} />
          </Center>
          <Title order={2} size="h3" id="ticket-holder" ta="center">
            {name}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Ticket</Trans>
              </Text>
              <Text fw={500}>{ticketLabel(ticket.attendee)}</Text>
            </div>
            {ticket.attendee.seat ? (
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Seat</Trans>
                </Text>
                <Text fw={500} data-testid="ticket-seat">
                  {seatText(i18n, ticket.attendee.seat)}
                </Text>
              </div>
            ) : null}
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Order number</Trans>
              </Text>
              <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                {ticket.order_number}
              </Text>
            </div>
            {ticket.unit && ticket.unit.total > 0 ? (
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Price</Trans>
                </Text>
                <Text fw={500}>{formatMoney(ticket.unit.total, ticket.event.currency, i18n.locale)}</Text>
              </div>
            ) : null}
            <div>
              <Text size="sm" c="dimmed">
                <Trans>Status</Trans>
              </Text>
              <TicketStateBadge
                state={ticket.ticket_state}
                checkedInAt={ticket.checked_in_at}
                timezone={ticket.event.timezone}
              />
            </div>
          </SimpleGrid>
          {ticket.pass_dates?.length ? <PassDates dates={ticket.pass_dates} timeZone={ticket.event.timezone} /> : null}
        </Stack>
      </Paper>
      <Group justify="center">
        {ticket.ticket_state === 'CANCELLED' ? null : (
          <AddToCalendar ticket={ticket} eventId={eventId} shortId={shortId} />
        )}
        <Button
          component="a"
          href={ticketPrintPath(eventId, shortId)}
          target="_blank"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-label={t`Print ticket (opens in a new tab)`}
        >
          <Trans>Print ticket</Trans>
        </Button>
      </Group>
      <WalletButtons wallet={ticket.wallet} eventId={eventId} shortId={shortId} />
    </CheckoutLayout>
  );
}
