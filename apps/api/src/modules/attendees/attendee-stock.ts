import type { Tx } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import type { EventRow } from '../checkout/catalogue.js';
import { StockShortage } from '../inventory/counters.js';
import { findTicket } from '../tickets/tickets.repository.js';

const badTicket = (field: 'ticket_id' | 'tier_id') =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'not_found_choice' }] } });

/**
 * The ticket (and tier) an organizer's change names (a manual attendee, a move): it must be the event's
 * own, and a tier must be named exactly when the ticket is tiered. Sale windows and visibility do not
 * apply to the organizer; stock does, through the stock module.
 */
export async function targetTicket(tx: Tx, event: EventRow, ticketId: number, tierId: number | null) {
  const entry = await findTicket(tx, event.account_id, event.id, ticketId);
  // An attendee is a person: a general product (merchandise, parking...) is no choice here.
  if (!entry || entry.ticket.product_type !== 'TICKET') throw badTicket('ticket_id');
  const tiered = entry.ticket.type === 'TIERED';
  const tier = tiered ? (entry.tiers.find((t) => t.id === tierId) ?? null) : null;
  if (tiered ? !tier : tierId !== null) throw badTicket('tier_id');
  return { entry, tier };
}

/** Runs a change that takes a unit; a full ticket or capacity is told as NO_TICKETS_AVAILABLE. */
export async function orNoStock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StockShortage) throw new DomainError('NO_TICKETS_AVAILABLE');
    throw err;
  }
}
