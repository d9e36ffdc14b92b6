import { type Charge, priceUnit, type Promo, type UnitPrice } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, productCategories, promoCodes, promoCodeTickets } from '../../db/schema/index.js';
import { loadCapacities, toCapacityStock } from '../capacity/capacity.repository.js';
import type { StockLevels } from '../inventory/stock-levels.js';
import { type EventSeatingRef, loadSeatingRef } from '../seating/seating-ref.js';
import { chargesFor, listTaxes } from '../taxes/taxes.repository.js';
import type { CapacityStock, TicketStock } from '../tickets/availability.js';
import { loadTickets, type TicketWithParts, type TierRow } from '../tickets/tickets.repository.js';
import { type CatalogueDates, loadCatalogueDates } from './catalogue-dates.js';

export type EventRow = typeof events.$inferSelect;

export interface PromoInfo extends Promo {
  id: number;
  code: string;
  ticket_ids: number[];
  max_uses: number | null;
  expires_at: Date | null;
  /** Uses so far (its counter), for display; a checkout's guard checks the limit under the lock. */
  taken: number;
}

/** What a checkout reads of an event: the event, its tickets with charges, capacities and a promo code. */
export interface Catalogue {
  event: EventRow;
  tickets: TicketWithParts[];
  charges: Map<number, Charge[]>;
  capacities: CapacityStock[];
  /** Product categories the organizer hid: buyers can neither see nor buy what is in them. */
  hiddenCategories: Set<number>;
  /** The event's dates, and how its tickets differ on some of them. */
  dates: CatalogueDates;
  /** The plan the event is seated by, or null: its pinned version and what each category sells as. */
  seating: EventSeatingRef | null;
}

/** The rule of what the public may read: live events only (drafts and archived events are not shown). */
export const publicEventCondition = () => eq(events.status, 'LIVE');

/** A live event by id, for the public; drafts, archived and unknown events are null. */
export async function findPublicEvent(db: Executor, eventId: number): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), publicEventCondition()))
    .limit(1);
  return row ?? null;
}

/** Loads the tickets, their taxes and fees, and the capacity assignments of an event. */
export async function loadCatalogue(db: Executor, event: EventRow): Promise<Catalogue> {
  // Sequential: inside the reservation's transaction every query shares one connection.
  const tickets = await loadTickets(db, event.account_id, event.id);
  const taxes = await listTaxes(db, event.account_id);
  const capacities = await loadCapacities(db, event.account_id, event.id);
  const hidden = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.event_id, event.id), eq(productCategories.is_hidden, true)));
  const dates = await loadCatalogueDates(db, event.id);
  const seating = await loadSeatingRef(db, event.id);
  const dtos = chargesFor(taxes, event.currency);
  const charges = new Map(tickets.map((t) => [t.ticket.id, dtos.filter((c) => t.taxIds.includes(c.id))]));
  return {
    event,
    tickets,
    charges,
    capacities: capacities.map(toCapacityStock),
    hiddenCategories: new Set(hidden.map((c) => c.id)),
    dates,
    seating,
  };
}

/** A promo code of the event by its text (any case), or null. Expiry and usage are the caller's to check. */
export async function findPromoByCode(db: Executor, eventId: number, code: string): Promise<PromoInfo | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.event_id, eventId), eq(promoCodes.code_key, code.trim().toLowerCase())))
    .limit(1);
  if (!row) return null;
  const links = await db
    .select({ ticket_id: promoCodeTickets.ticket_id })
    .from(promoCodeTickets)
    .where(eq(promoCodeTickets.promo_code_id, row.id));
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discount_type,
    discount: Number(row.discount),
    ticket_ids: links.map((l) => l.ticket_id).sort((a, b) => a - b),
    max_uses: row.max_uses,
    expires_at: row.expires_at,
    taken: row.taken,
  };
}

/** The code applies to this ticket (no tickets listed means every ticket). */
export const promoApplies = (promo: PromoInfo | null, ticketId: number) =>
  !!promo && (promo.ticket_ids.length === 0 || promo.ticket_ids.includes(ticketId));

/** The base price of one unit before any discount: the tier's, the ticket's, or the donation. */
export function baseOf(t: TicketWithParts, tier: TierRow | null, donation: number | null): number {
  switch (t.ticket.type) {
    case 'PAID':
      return t.ticket.price ?? 0;
    case 'TIERED':
      return tier?.price ?? 0;
    case 'DONATION':
      return donation ?? t.ticket.min_price ?? 0;
    default:
      return 0;
  }
}

/** Prices one unit with the one pricing rule. */
export function unitPrice(
  c: Catalogue,
  t: TicketWithParts,
  tier: TierRow | null,
  donation: number | null,
  promo: PromoInfo | null,
): UnitPrice {
  return priceUnit(
    t.ticket.type,
    baseOf(t, tier, donation),
    c.charges.get(t.ticket.id) ?? [],
    promoApplies(promo, t.ticket.id) ? promo : null,
  );
}

/** What is left of the catalogue's tickets, for display, with the counters' levels. */
export function stockOf(c: Catalogue, levels: StockLevels): TicketStock[] {
  return c.tickets.map((p) => ({
    id: p.ticket.id,
    quantity: p.ticket.quantity,
    taken: levels.ticket(p.ticket.id),
    tiers:
      p.ticket.type === 'TIERED'
        ? p.tiers.map((tier) => ({ id: tier.id, quantity: tier.quantity, taken: levels.tier(tier.id) }))
        : undefined,
  }));
}
