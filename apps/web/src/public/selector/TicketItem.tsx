import type { PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { Group, Stack, Text } from '@mantine/core';
import { OrganizerHtml } from '../components/OrganizerHtml';
import { DonationInput } from './DonationInput';
import { QuantityStepper } from './QuantityStepper';
import { lineKey, type Selection } from './selection';
import { TicketPrice } from './TicketPrice';
import { TicketSaleState } from './TicketSaleState';

interface TicketItemProps {
  event: PublicEventDto;
  ticket: PublicTicketDto;
  selection: Selection;
  onQuantity: (key: string, quantity: number) => void;
  onAmount: (ticketId: number, minor: number | null) => void;
  /** Server errors about this ticket (not on sale, too many, donation too low). */
  error?: string;
  /** The ticket names' heading level (3 under the event page's "Tickets"; 2 in the widget). */
  headingLevel?: 2 | 3;
}

/** One ticket of the selector: name, description, state, price, and its quantity (or a row per tier). */
export function TicketItem({ event, ticket, selection, onQuantity, onAmount, error, headingLevel = 3 }: TicketItemProps) {
  const errorId = `ticket-${ticket.id}-error`;
  const { price_display_mode: mode } = event.settings;
  const describedBy = error ? errorId : undefined;
  const quantityOf = (tierId: number | null) => selection.quantities[lineKey(ticket.id, tierId)] ?? 0;

  return (
    <Stack gap="xs" component="li" pb="md" style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)' }} aria-labelledby={`ticket-${ticket.id}-name`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} id={`ticket-${ticket.id}-name`} component={`h${headingLevel}`} fz="md" m={0}>
            {ticket.name}
          </Text>
          {ticket.description && (
            <OrganizerHtml html={ticket.description} small />
          )}
          {ticket.type !== 'TIERED' && <TicketSaleState state={ticket.sale_state} saleStart={ticket.sale_start} timezone={event.timezone} remaining={ticket.remaining} />}
        </Stack>
        {ticket.type !== 'TIERED' && ticket.unit && (
          <Stack gap="xs" align="flex-end">
            {ticket.type !== 'DONATION' && <TicketPrice ticket={ticket} unit={ticket.unit} mode={mode} currency={event.currency} />}
            <QuantityStepper
              name={ticket.name}
              value={quantityOf(null)}
              min={ticket.min_per_order}
              max={ticket.max_selectable}
              onChange={(q) => onQuantity(lineKey(ticket.id), q)}
              invalid={Boolean(error)}
              describedBy={describedBy}
            />
          </Stack>
        )}
      </Group>
      {ticket.type === 'DONATION' && ticket.sale_state === 'ON_SALE' && (
        <DonationInput ticket={ticket} currency={event.currency} value={selection.amounts[ticket.id] ?? null} onChange={(m) => onAmount(ticket.id, m)} />
      )}
      {ticket.type === 'TIERED' && (
        <Stack gap="xs" pl="md" component="ul" m={0} style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)' }}>
          {ticket.tiers.map((tier) => {
            const name = `${ticket.name} – ${tier.label}`;
            return (
              <Group key={tier.id} component="li" justify="space-between" align="center" wrap="nowrap" gap="md" style={{ listStyle: 'none' }}>
                <Stack gap={2}>
                  <Text>{tier.label}</Text>
                  <TicketSaleState state={tier.sale_state} saleStart={tier.sale_start} timezone={event.timezone} remaining={tier.remaining} />
                </Stack>
                <Stack gap="xs" align="flex-end">
                  <TicketPrice ticket={ticket} unit={tier.unit} mode={mode} currency={event.currency} />
                  <QuantityStepper
                    name={name}
                    value={quantityOf(tier.id)}
                    min={ticket.min_per_order}
                    max={tier.max_selectable}
                    onChange={(q) => onQuantity(lineKey(ticket.id, tier.id), q)}
                    invalid={Boolean(error)}
                    describedBy={describedBy}
                  />
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
