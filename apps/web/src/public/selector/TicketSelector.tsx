import { formatMoney, isLocale, type PublicEventDto, type ReserveOrderResult } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';

import { isApiError } from '../../lib/api-error';
import { Notice } from '../components/Notice';
import { affiliateCodes } from '../lib/affiliate';
import { checkoutTokens, openOrders, orderSecrets } from '../lib/checkout-token';
import { newIdempotencyKey, publicFetch } from '../lib/public-api';
import { lostPlaces } from '../seating/seat-lines';
import type { SeatPickerHandle } from '../seating/SeatPicker';
import { loadDeepMessages } from '../shell/public-i18n';
import { CategoryGroup, ticketGroups } from './CategoryGroup';
import { splitReserveErrors } from './reserve-errors';
import {
  donationsBelowMinimum,
  emptySelection,
  reservationBody,
  selectedLines,
  type Selection,
  selectionTotal,
  withQuantity,
} from './selection';
import { TicketItem } from './TicketItem';
import { WaitlistButton } from './WaitlistButton';

// The seat picker is a chunk of its own, with its messages in the lazily loaded pages' catalog: most events are
// not seated.
const SeatPicker = lazy(() =>
  Promise.all([import('../seating/SeatPicker'), loadDeepMessages()]).then(([module]) => module),
);

interface TicketSelectorProps {
  event: PublicEventDto;
  /** Fetch the event again (the prices changed under the buyer). */
  reload: () => void;
  /** The tickets are held: go on to the checkout. */
  onReserved: (result: ReserveOrderResult) => void;
  /** The widget's own wording of the button. */
  buttonText?: string | null;
  /** Heading level of the ticket names. */
  headingLevel?: 2 | 3;
  /** The organizer's preview of an event that is not live: choosing works, buying does not. */
  preview?: boolean;
  /** The widget: "Join the waitlist" opens the event page in a new tab instead of a dialog. */
  waitlistInNewTab?: boolean;
  /** What is chosen at first (a checkout the buyer left, made again); read once, as the selector mounts. */
  initialSelection?: Selection;
}

/** The tickets with quantities, a running total and "Continue", which reserves them. */
export function TicketSelector({
  event,
  reload,
  onReserved,
  buttonText,
  headingLevel,
  preview,
  waitlistInNewTab,
  initialSelection,
}: TicketSelectorProps) {
  const { t, i18n } = useLingui();
  const [chosenSelection, setSelection] = useState<Selection>(() => initialSelection ?? emptySelection());
  const seated = event.seated_ticket_ids.length > 0 && event.dates.chosen !== null;
  // Seated tickets: the places chosen on the plan, as the picker groups them by line.
  const [seats, setSeats] = useState<Record<string, number[]>>({});
  const picker = useRef<SeatPickerHandle>(null);
  const selection: Selection = seated ? { ...chosenSelection, seats } : chosenSelection;
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [ticketErrors, setTicketErrors] = useState<Record<number, string>>({});
  const lines = selectedLines(event, selection);
  const total = selectionTotal(event, selection);
  const nothingSelected = lines.length === 0;

  const reserve = async () => {
    if (pending) return;
    setTicketErrors({});
    if (nothingSelected) {
      setMessage(t`Please select at least one ticket`);
      return;
    }
    const low = donationsBelowMinimum(event, selection);
    if (low.length) {
      setMessage(t`Please check the amounts you entered.`);
      return;
    }
    if (preview) {
      setMessage(t`This is a preview: tickets can be bought once the event is live.`);
      return;
    }
    setMessage(null);
    setPending(true);
    const affiliateCode = affiliateCodes.get(event.id);
    const body = {
      ...reservationBody(event, selection, isLocale(i18n.locale) ? i18n.locale : undefined),
      ...(affiliateCode ? { affiliate_code: affiliateCode } : {}),
    };
    try {
      const result = await publicFetch<ReserveOrderResult>(`/events/${event.id}/order`, {
        method: 'POST',
        body,
        eventId: event.id,
        idempotencyKey: newIdempotencyKey(),
        locale: i18n.locale,
      });
      checkoutTokens.set(event.id, result.checkout_token);
      orderSecrets.set(event.id, result.data.short_id, result.order_secret);
      openOrders.set(event.id, result.data.short_id);
      onReserved(result);
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.code === 'SEATS_TAKEN') {
        const lost = lostPlaces(err.fieldErrors, body.items);
        const names = picker.current?.lose(lost.map((l) => l.id)).join('; ') ?? '';
        setMessage(
          names
            ? t`Sorry, someone else was quicker: ${names}. Nothing was reserved; your other seats are still chosen.`
            : err.message,
        );
      } else if (err.code === 'PRICE_CHANGED') {
        reload();
        setMessage(t`The prices have changed. Please check the new prices and continue.`);
      } else if (err.code === 'NO_TICKETS_AVAILABLE') {
        reload();
        setMessage(err.message || t`Sorry, there are not enough tickets left for your selection.`);
      } else {
        const { byTicket, general } = splitReserveErrors(err.fieldErrors, (i) => body.items[i]?.ticket_id);
        setTicketErrors(byTicket);
        const generic =
          err.code === 'NETWORK_ERROR'
            ? t`Could not reach the server. Check your connection and try again.`
            : t`Something went wrong. Please try again.`;
        setMessage(general.length ? general.join(' ') : Object.keys(byTicket).length ? null : err.message || generic);
      }
    } finally {
      setPending(false);
    }
  };

  // A place on a waitlist is for the date whose tickets are listed.
  const chosen = event.dates.chosen;
  const waitlistDate = chosen ? { ...chosen, timezone: event.timezone, named: event.dates.count > 1 } : null;
  // Under category headings when the organizer made categories; the ticket names a level below them.
  const groups = ticketGroups(event);
  const level = headingLevel ?? 3;
  const item = (ticket: PublicEventDto['tickets'][number], ticketLevel: 2 | 3 | 4) => (
    <TicketItem
      key={ticket.id}
      event={event}
      ticket={ticket}
      selection={selection}
      seated={seated && event.seated_ticket_ids.includes(ticket.id)}
      error={ticketErrors[ticket.id]}
      headingLevel={ticketLevel}
      waitlistAction={
        ticket.waitlist ? (
          <WaitlistButton
            eventId={event.id}
            eventUrl={event.url}
            ticket={ticket}
            date={waitlistDate}
            onReload={reload}
            newTab={waitlistInNewTab}
          />
        ) : undefined
      }
      onQuantity={(key, q) => {
        setMessage(null);
        setSelection((s) => withQuantity(event, s, key, q));
      }}
      onAmount={(ticketId, minor) => setSelection((s) => ({ ...s, amounts: { ...s.amounts, [ticketId]: minor } }))}
    />
  );

  if (event.tickets.length === 0) {
    return (
      <Text>
        <Trans>No tickets are available for this event right now.</Trans>
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {seated ? (
        <Suspense
          fallback={
            <Center mih={120}>
              <Loader role="progressbar" aria-label={t`Loading the seating plan`} />
            </Center>
          }
        >
          <SeatPicker ref={picker} event={event} onSeats={setSeats} headingLevel={level} />
        </Suspense>
      ) : null}
      {groups ? (
        groups.map((group) => (
          <CategoryGroup key={group.category.id} group={group} headingLevel={level}>
            {group.tickets.map((ticket) => item(ticket, level === 2 ? 3 : 4))}
          </CategoryGroup>
        ))
      ) : (
        <Stack gap="md" component="ul" m={0} p={0}>
          {event.tickets.map((ticket) => item(ticket, level))}
        </Stack>
      )}
      <Group justify="space-between" aria-live="polite">
        <Text fw={700}>
          <Trans>Total</Trans>
        </Text>
        <Text fw={700} data-testid="selection-total">
          {formatMoney(total, event.currency, i18n.locale)}
        </Text>
      </Group>
      <div role="alert">{message && <Notice live={false}>{message}</Notice>}</div>
      <Button
        size="md"
        fullWidth
        loading={pending}
        data-disabled={nothingSelected || undefined}
        aria-disabled={nothingSelected || undefined}
        onClick={() => void reserve()}
      >
        {buttonText || <Trans>Continue</Trans>}
      </Button>
    </Stack>
  );
}
