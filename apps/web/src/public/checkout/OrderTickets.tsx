import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLink, IconPrinter, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../router/navigation';
import { ticketPath, ticketPrintPath } from './paths';

/** A completed order's tickets: one card per attendee with view, print and copy-link. */
export function OrderTickets({ order }: { order: PublicOrderDto }) {
  const { t } = useLingui();
  const [announce, setAnnounce] = useState('');
  const eventId = order.event.id;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Stack component="section" aria-labelledby="tickets-heading" gap="sm">
      <Title order={2} size="h3" id="tickets-heading">
        <Trans>Your tickets</Trans>
      </Title>
      <VisuallyHidden role="status" aria-live="polite">
        {announce}
      </VisuallyHidden>
      {order.attendees.map((a) => {
        const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
        const ticket = a.tier_label ? `${a.ticket_name} (${a.tier_label})` : a.ticket_name;
        return (
          <Paper key={a.short_id} withBorder radius="md" p="sm" data-testid="order-ticket">
            <Group justify="space-between" align="center" gap="sm">
              <div>
                <Text fw={700}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {ticket}
                </Text>
              </div>
              {a.status === 'ACTIVE' && (
                <Group gap="xs">
                  <Button component={Link} href={ticketPath(eventId, a.short_id)} size="xs" leftSection={<IconTicket size={14} aria-hidden />} aria-label={t`View ticket of ${name}`}>
                    <Trans>View ticket</Trans>
                  </Button>
                  <Button component="a" href={ticketPrintPath(eventId, a.short_id)} target="_blank" size="xs" variant="light" leftSection={<IconPrinter size={14} aria-hidden />} aria-label={t`Print ticket of ${name} (opens in a new tab)`}>
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
          </Paper>
        );
      })}
    </Stack>
  );
}
