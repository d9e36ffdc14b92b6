import { LIMITS, type PublicEventDto, type PublicTicketDto, type TicketSaleState as SaleState } from '@admitone/shared';
import { Plural, Trans } from '@lingui/react/macro';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { OrganizerHtml } from '../components/OrganizerHtml';
import { DonationInput } from './DonationInput';
import { PassNote } from './PassNote';
import { QuantityStepper } from './QuantityStepper';
import { lineKey, type LineLimit, lineLimit, type Selection } from './selection';
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
  headingLevel?: 2 | 3 | 4;
  /** Sold out with a waitlist open (`ticket.waitlist`): shown instead of the quantities. */
  waitlistAction?: ReactNode;
  /** Sold by seat: chosen on the plan, so the quantity is how many seats are chosen (no stepper). */
  seated?: boolean;
}

/** A seated line's quantity: the seats chosen on the plan. */
function SeatCount({ count }: { count: number }) {
  return (
    <Text size="sm" c="dimmed" ta="end" data-testid="seat-count">
      {count ? <Plural value={count} one="# seat chosen" other="# seats chosen" /> : <Trans>Choose on the plan</Trans>}
    </Text>
  );
}

/** Why no more of a line can be chosen, in the buyer's language (nothing when it is not on sale). */
function limitNote(limit: LineLimit, state: SaleState, perOrder: number | null, remaining: number | null): ReactNode {
  if (state !== 'ON_SALE') return null;
  switch (limit.reason) {
    case 'PER_ORDER':
      return <Plural value={perOrder ?? limit.max} one="Max # per order" other="Max # per order" />;
    case 'ADD_ON':
      return limit.max === 0 ? (
        <Trans>Choose a ticket first</Trans>
      ) : (
        <Trans>No more than the tickets chosen allow</Trans>
      );
    case 'ORDER_UNITS':
      return <Plural value={LIMITS.ORDER_UNITS_MAX} one="Max # ticket per order" other="Max # tickets per order" />;
    case 'ORDER_LINES':
      return (
        <Plural
          value={LIMITS.ORDER_LINES_MAX}
          one="Max # different ticket per order"
          other="Max # different tickets per order"
        />
      );
    case 'STOCK':
      return remaining === null ? (
        <Trans>No more available</Trans>
      ) : (
        <Plural value={remaining} one="Only # left" other="Only # left" />
      );
  }
}

/** One ticket of the selector: name, description, state, price, and its quantity (or a row per tier). */
export function TicketItem({
  event,
  ticket,
  selection,
  onQuantity,
  onAmount,
  error,
  headingLevel = 3,
  waitlistAction,
  seated,
}: TicketItemProps) {
  const errorId = `ticket-${ticket.id}-error`;
  const { price_display_mode: mode } = event.settings;
  const describedBy = error ? errorId : undefined;
  const quantityOf = (tierId: number | null) =>
    seated
      ? (selection.seats?.[lineKey(ticket.id, tierId)]?.length ?? 0)
      : (selection.quantities[lineKey(ticket.id, tierId)] ?? 0);
  const single = lineLimit(event, ticket, null, selection);
  const waitlist = ticket.waitlist && waitlistAction ? waitlistAction : null;

  return (
    <Stack
      gap="xs"
      component="li"
      pb="md"
      style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      aria-labelledby={`ticket-${ticket.id}-name`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} id={`ticket-${ticket.id}-name`} component={`h${headingLevel}`} fz="md" m={0}>
            {ticket.name}
          </Text>
          {ticket.description && <OrganizerHtml html={ticket.description} small />}
          {ticket.pass ? <PassNote pass={ticket.pass} timeZone={event.timezone} /> : null}
          {ticket.addon_max_per_ticket !== null && (
            <Text size="sm" c="dimmed" data-testid="addon-note">
              <Plural
                value={ticket.addon_max_per_ticket}
                one="Only with a ticket: up to # per ticket"
                other="Only with a ticket: up to # per ticket"
              />
            </Text>
          )}
          {ticket.type !== 'TIERED' && (
            <TicketSaleState
              state={ticket.sale_state}
              saleStart={ticket.sale_start}
              timezone={event.timezone}
              remaining={ticket.remaining}
            />
          )}
        </Stack>
        {ticket.type !== 'TIERED' && ticket.unit && (
          <Stack gap="xs" align="flex-end">
            {ticket.type !== 'DONATION' && (
              <TicketPrice ticket={ticket} unit={ticket.unit} mode={mode} currency={event.currency} />
            )}
            {waitlist ??
              (seated ? (
                <SeatCount count={quantityOf(null)} />
              ) : (
                <QuantityStepper
                  name={ticket.name}
                  value={quantityOf(null)}
                  min={ticket.min_per_order}
                  max={single.max}
                  onChange={(q) => onQuantity(lineKey(ticket.id), q)}
                  invalid={Boolean(error)}
                  describedBy={describedBy}
                  limit={limitNote(single, ticket.sale_state, ticket.max_per_order, ticket.remaining)}
                  limitId={`ticket-${ticket.id}-limit`}
                />
              ))}
          </Stack>
        )}
      </Group>
      {ticket.type === 'DONATION' && ticket.sale_state === 'ON_SALE' && (
        <DonationInput
          ticket={ticket}
          currency={event.currency}
          value={selection.amounts[ticket.id] ?? null}
          onChange={(m) => onAmount(ticket.id, m)}
        />
      )}
      {ticket.type === 'TIERED' && (
        <Stack
          gap="xs"
          pl="md"
          component="ul"
          m={0}
          style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)' }}
        >
          {ticket.tiers.map((tier) => {
            const name = `${ticket.name} – ${tier.label}`;
            const limit = lineLimit(event, ticket, tier.id, selection);
            return (
              <Group
                key={tier.id}
                component="li"
                justify="space-between"
                align="center"
                wrap="nowrap"
                gap="md"
                style={{ listStyle: 'none' }}
              >
                <Stack gap={2}>
                  <Text>{tier.label}</Text>
                  <TicketSaleState
                    state={tier.sale_state}
                    saleStart={tier.sale_start}
                    timezone={event.timezone}
                    remaining={tier.remaining}
                  />
                </Stack>
                <Stack gap="xs" align="flex-end">
                  <TicketPrice ticket={ticket} unit={tier.unit} mode={mode} currency={event.currency} />
                  {!waitlist && seated && <SeatCount count={quantityOf(tier.id)} />}
                  {!waitlist && !seated && (
                    <QuantityStepper
                      name={name}
                      value={quantityOf(tier.id)}
                      min={ticket.min_per_order}
                      max={limit.max}
                      onChange={(q) => onQuantity(lineKey(ticket.id, tier.id), q)}
                      invalid={Boolean(error)}
                      describedBy={describedBy}
                      limit={limitNote(limit, tier.sale_state, ticket.max_per_order, tier.remaining)}
                      limitId={`ticket-${ticket.id}-${tier.id}-limit`}
                    />
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {ticket.type === 'TIERED' && waitlist && <Group justify="flex-end">{waitlist}</Group>}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
