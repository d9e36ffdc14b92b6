import {
  currencyExponent,
  LIMITS,
  priceUnit,
  type PublicEventDto,
  type PublicTicketDto,
  type ReserveOrderBody,
} from '@admitone/shared';

import { lineKey } from '../../lib/line-key';

/** What the buyer picked: quantities per ticket or tier, and a donation amount (minor units) per ticket. */
export interface Selection {
  quantities: Record<string, number>;
  /** null: untouched (the minimum applies); -1: not a valid amount. */
  amounts: Record<number, number | null>;
  /**
   * Tickets sold by seat (`event.seated_ticket_ids`): the places chosen on the plan per line key (a standing area's
   * id once per place); their quantity is how many there are, whatever `quantities` says.
   */
  seats?: Record<string, number[]>;
}

export const emptySelection = (): Selection => ({ quantities: {}, amounts: {} });

export { lineKey };

/**
 * A typed or stepped quantity made valid: whole, 0..max, and never between 0 and the ticket's
 * minimum (choosing 1 when the minimum is 3 gives 3; stepping down from 3 gives 0).
 */
export function normalizeQuantity(value: number, min: number, max: number, previous = 0): number {
  if (!Number.isFinite(value) || value <= 0 || max <= 0) return 0;
  let q = Math.min(Math.floor(value), max);
  const floor = Math.max(1, min);
  if (q < floor) q = floor > max ? 0 : q < previous ? 0 : floor;
  return q;
}

/** A donation typed in major units ("12.50") as minor units; null when it is not a number. */
export function parseMajorAmount(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const exp = currencyExponent(currency);
  return Math.round(Number((Number(cleaned) * 10 ** exp).toFixed(6)));
}

/** The amount per donation ticket: what was typed (when valid), else the minimum. */
export function donationAmount(ticket: PublicTicketDto, selection: Selection): number {
  const typed = selection.amounts[ticket.id];
  return typed === null || typed === undefined || typed < 0 ? (ticket.min_price ?? 0) : typed;
}

/** One unit of a ticket (or tier) priced with the shared rule, exactly as the server will. */
export function unitTotal(
  event: PublicEventDto,
  ticket: PublicTicketDto,
  tierId: number | null,
  selection: Selection,
): number {
  const promo = ticket.is_discounted ? event.promo : null;
  if (ticket.type === 'DONATION') return priceUnit('DONATION', donationAmount(ticket, selection), ticket.charges).total;
  if (ticket.type === 'TIERED') {
    const tier = ticket.tiers.find((t) => t.id === tierId);
    return tier ? priceUnit('TIERED', tier.unit.base, ticket.charges, promo).total : 0;
  }
  return priceUnit(ticket.type, ticket.unit?.base ?? 0, ticket.charges, promo).total;
}

/** Every line with a quantity above zero. */
export function selectedLines(event: PublicEventDto, selection: Selection) {
  const lines: Array<{ ticket: PublicTicketDto; tierId: number | null; quantity: number; seats: number[] | null }> = [];
  const seated = new Set(event.seated_ticket_ids);
  for (const ticket of event.tickets) {
    for (const tierId of ticket.type === 'TIERED' ? ticket.tiers.map((t) => t.id) : [null]) {
      const key = lineKey(ticket.id, tierId);
      const seats = seated.has(ticket.id) ? (selection.seats?.[key] ?? []) : null;
      const quantity = seats ? seats.length : (selection.quantities[key] ?? 0);
      if (quantity > 0) lines.push({ ticket, tierId, quantity, seats });
    }
  }
  return lines;
}

/** What the buyer will pay for the selection (minor units): the reservation's `expected_total`. */
export function selectionTotal(event: PublicEventDto, selection: Selection): number {
  return selectedLines(event, selection).reduce(
    (sum, l) => sum + unitTotal(event, l.ticket, l.tierId, selection) * l.quantity,
    0,
  );
}

/** Donations below the ticket's minimum, by ticket id (only for selected donation tickets). */
export function donationsBelowMinimum(event: PublicEventDto, selection: Selection): number[] {
  return selectedLines(event, selection)
    .filter(
      (l) =>
        l.ticket.type === 'DONATION' &&
        (selection.amounts[l.ticket.id] ?? l.ticket.min_price ?? 0) < (l.ticket.min_price ?? 0),
    )
    .map((l) => l.ticket.id);
}

/** What stops a line at its largest quantity (the order-wide caps are the server's: LIMITS). */
export type LimitReason = 'PER_ORDER' | 'ADD_ON' | 'ORDER_UNITS' | 'ORDER_LINES' | 'STOCK';

export interface LineLimit {
  /** The most the buyer may choose of this line now, given the rest of the selection. */
  max: number;
  /** Which rule sets `max` (on a tie, the rule rather than the stock). */
  reason: LimitReason;
}

/**
 * How many of one line (a ticket, or one tier of it) may be chosen with the rest of the selection as
 * it is, and why not more: the ticket's max per order (its tiers together, as the server counts it),
 * an add-on's N per ticket chosen (as the server counts it: people admitted in the order), the order's
 * caps of LIMITS.ORDER_UNITS_MAX tickets and LIMITS.ORDER_LINES_MAX lines, or what is left
 * (`max_selectable`, 0 when not on sale). Below the ticket's minimum nothing can be chosen at all.
 */
export function lineLimit(
  event: PublicEventDto,
  ticket: PublicTicketDto,
  tierId: number | null,
  selection: Selection,
): LineLimit {
  const key = lineKey(ticket.id, tierId);
  const others = selectedLines(event, selection).filter((l) => lineKey(l.ticket.id, l.tierId) !== key);
  const stock =
    tierId === null ? ticket.max_selectable : (ticket.tiers.find((t) => t.id === tierId)?.max_selectable ?? 0);
  const caps: Array<[number, LimitReason]> = [];
  if (ticket.max_per_order !== null) {
    const sameTicket = others.filter((l) => l.ticket.id === ticket.id).reduce((sum, l) => sum + l.quantity, 0);
    caps.push([ticket.max_per_order - sameTicket, 'PER_ORDER']);
  }
  if (ticket.product_type === 'GENERAL' && ticket.addon_max_per_ticket !== null) {
    const admissions = others.filter((l) => l.ticket.product_type === 'TICKET').reduce((sum, l) => sum + l.quantity, 0);
    const sameAddOn = others.filter((l) => l.ticket.id === ticket.id).reduce((sum, l) => sum + l.quantity, 0);
    caps.push([ticket.addon_max_per_ticket * admissions - sameAddOn, 'ADD_ON']);
  }
  caps.push([LIMITS.ORDER_UNITS_MAX - others.reduce((sum, l) => sum + l.quantity, 0), 'ORDER_UNITS']);
  if (others.length >= LIMITS.ORDER_LINES_MAX) caps.push([0, 'ORDER_LINES']);
  caps.push([stock, 'STOCK']);
  const [max, reason] = caps.reduce((least, cap) => (cap[0] < least[0] ? cap : least));
  return { max: max >= Math.max(1, ticket.min_per_order) ? max : 0, reason };
}

/**
 * The reservation body for `POST /events/{id}/order` (indexes of `items` match `selectedLines`), for the
 * date the tickets are for (`event_date_id`: needed when the event has several, harmless with one).
 */
export function reservationBody(
  event: PublicEventDto,
  selection: Selection,
  locale?: ReserveOrderBody['locale'],
): ReserveOrderBody {
  const chosen = event.dates.chosen;
  return {
    items: selectedLines(event, selection).map((l) => ({
      ticket_id: l.ticket.id,
      tier_id: l.tierId,
      quantity: l.quantity,
      amount: l.ticket.type === 'DONATION' ? donationAmount(l.ticket, selection) : null,
      ...(l.seats ? { seats: l.seats } : {}),
    })),
    promo_code: event.promo?.code ?? null,
    expected_total: selectionTotal(event, selection),
    ...(locale ? { locale } : {}),
    ...(chosen ? { event_date_id: chosen.id } : {}),
  };
}

/**
 * The selection after a line changed, with add-ons brought within their N per ticket chosen (fewer
 * tickets take their add-ons down with them, never below what is still allowed).
 */
export function withQuantity(event: PublicEventDto, selection: Selection, key: string, quantity: number): Selection {
  let next: Selection = { ...selection, quantities: { ...selection.quantities, [key]: quantity } };
  for (const ticket of event.tickets) {
    if (ticket.product_type !== 'GENERAL' || ticket.addon_max_per_ticket === null) continue;
    const keys = ticket.type === 'TIERED' ? ticket.tiers.map((t) => lineKey(ticket.id, t.id)) : [lineKey(ticket.id)];
    for (const k of keys) {
      const q = next.quantities[k] ?? 0;
      if (q === 0) continue;
      const { max } = lineLimit(event, ticket, k.includes(':') ? Number(k.split(':')[1]) : null, next);
      if (q > max) next = { ...next, quantities: { ...next.quantities, [k]: Math.max(0, max) } };
    }
  }
  return next;
}

/** A line of a checkout the buyer left, as `GET /events/{id}/recoveries/{token}` gives it. */
export interface RecoveredItem {
  ticket_id: number;
  tier_id: number | null;
  quantity: number;
  amount: number | null;
}

/**
 * The choices of a checkout the buyer left, made again on the page as it is now: each line within what may still be
 * chosen (`lineLimit`, the ticket's minimum), donation amounts as given. Tickets no longer on the page are left out
 * (`missing`, as are lines cut down); seated ones too, their places are picked again on the plan (`seats`).
 */
export function restoreSelection(
  event: PublicEventDto,
  items: RecoveredItem[],
): { selection: Selection; missing: boolean; seats: boolean } {
  let selection = emptySelection();
  let missing = false;
  let seats = false;
  const ticketOf = (id: number) => event.tickets.find((t) => t.id === id);
  // Admissions before add-ons: an add-on's limit counts the tickets chosen.
  const rank = (item: RecoveredItem) => (ticketOf(item.ticket_id)?.product_type === 'GENERAL' ? 1 : 0);
  for (const item of [...items].sort((a, b) => rank(a) - rank(b))) {
    const ticket = ticketOf(item.ticket_id);
    const tierId = ticket?.type === 'TIERED' ? item.tier_id : null;
    if (!ticket || (ticket.type === 'TIERED' && !ticket.tiers.some((t) => t.id === tierId))) {
      missing = true;
      continue;
    }
    if (event.seated_ticket_ids.includes(ticket.id)) {
      seats = true;
      continue;
    }
    const key = lineKey(ticket.id, tierId);
    const wanted = (selection.quantities[key] ?? 0) + item.quantity;
    const quantity = normalizeQuantity(wanted, ticket.min_per_order, lineLimit(event, ticket, tierId, selection).max);
    if (quantity < wanted) missing = true;
    if (quantity === 0) continue;
    selection = { ...selection, quantities: { ...selection.quantities, [key]: quantity } };
    if (ticket.type === 'DONATION' && item.amount !== null)
      selection = { ...selection, amounts: { ...selection.amounts, [ticket.id]: item.amount } };
  }
  return { selection, missing, seats };
}
