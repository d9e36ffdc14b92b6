import type { Tx } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { loadCatalogue, stockOf, type Catalogue, type EventRow } from '../orders/catalogue.js';
import { capacitiesCovering } from '../orders/reserve-order.js';
import { countStock, type StockLockStrategy } from '../orders/stock.js';
import { unfulfillable } from '../tickets/availability.js';

const badTicket = (field: 'ticket_id' | 'tier_id') => new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'not_found_choice' }] } });

/**
 * Takes one unit of a ticket (or tier) for an organizer's change: a manual attendee, a move to
 * another ticket, a reactivation. The same recipe as a reservation (docs/LOCKING.md): lock the ticket
 * and the capacity assignments covering it, count under the locks, refuse when it does not fit.
 * Sale windows and visibility do not apply to the organizer; stock does. Returns the catalogue entry.
 */
export async function claimUnit(tx: Tx, locks: StockLockStrategy, event: EventRow, ticketId: number, tierId: number | null, now: Date) {
  const catalogue: Catalogue = await loadCatalogue(tx, event);
  const entry = catalogue.tickets.find((t) => t.ticket.id === ticketId);
  if (!entry) throw badTicket('ticket_id');
  const tiered = entry.ticket.type === 'TIERED';
  const tier = tiered ? (entry.tiers.find((t) => t.id === tierId) ?? null) : null;
  if (tiered ? !tier : tierId !== null) throw badTicket('tier_id');
  await locks.lock(tx, { ticketIds: [ticketId], capacityIds: capacitiesCovering(catalogue, [ticketId]), promoCodeId: null });
  const counts = await countStock(tx, event.id, now);
  if (unfulfillable(stockOf(catalogue, counts), catalogue.capacities, [{ ticket_id: ticketId, tier_id: tier?.id ?? null, quantity: 1 }]).length) {
    throw new DomainError('NO_TICKETS_AVAILABLE');
  }
  return { catalogue, entry, tier };
}
