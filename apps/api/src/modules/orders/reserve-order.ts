import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@admitone/shared';
import type { Tx } from '../../db/client.js';
import { attendees, orderItems, orders } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { findEnabledAffiliateId } from '../affiliates/affiliates.repository.js';
import { unfulfillable } from '../tickets/availability.js';
import { findPromoByCode, findPublicEvent, loadCatalogue, stockOf, type Catalogue, type PromoInfo } from './catalogue.js';
import { recordOrderEvent } from './order-history.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from './ids.js';
import { priceRequest, promoUsable, totalsOf, type OrderLine, type ReserveInput } from './order-lines.js';
import { countStock, promoUses, type StockLockStrategy } from './stock.js';

export interface CheckoutDeps {
  now: Date;
  locks: StockLockStrategy;
}

const invalidPromo = () => new DomainError('VALIDATION_FAILED', { fields: { promo_code: [{ key: 'promo_code_invalid' }] } });

/** Ids of the enabled, limited capacity assignments covering any of these tickets. */
export const capacitiesCovering = (c: Catalogue, ticketIds: number[]) =>
  c.capacities.filter((x) => x.enabled && x.capacity !== null && (x.applies_to === 'ALL' || x.applies_to.some((id) => ticketIds.includes(id)))).map((x) => x.id);

/**
 * Gives up the earlier hold of the same checkout (same token, same event), so a buyer who goes back
 * and chooses again never holds two sets of tickets.
 */
async function releaseEarlierHold(tx: Tx, eventId: number, tokenHash: string) {
  const released = await tx
    .update(orders)
    .set({ status: 'ABANDONED', reserved_until: null })
    .where(and(eq(orders.event_id, eventId), eq(orders.checkout_token_hash, tokenHash), eq(orders.status, 'RESERVED')))
    .returning({ id: orders.id });
  if (released.length) {
    await tx.update(attendees).set({ status: 'ABANDONED' }).where(inArray(attendees.order_id, released.map((r) => r.id)));
  }
}

/**
 * Reserves tickets for a checkout: the one stock recipe (docs/LOCKING.md). Sale rules and prices are
 * checked from the catalogue; then, inside the caller's transaction, the tickets, capacity
 * assignments and promo code involved are locked in a fixed order, what is left is counted under
 * those locks (unexpired holds count), and the order, its lines and one attendee row per unit are
 * written with a hold deadline. Returns the new order's ids and the checkout token.
 */
export async function reserveOrder(
  tx: Tx,
  deps: CheckoutDeps,
  eventId: number,
  input: ReserveInput,
  opts: { checkoutToken: string | null; locale: Locale },
): Promise<{ orderId: number; shortId: string; checkoutToken: string }> {
  const { now } = deps;
  const event = await findPublicEvent(tx, eventId);
  if (!event) throw notFound();
  if ((event.end_date ?? event.start_date) <= now) throw new DomainError('EVENT_UNAVAILABLE');

  let promo: PromoInfo | null = null;
  if (input.promo_code) {
    promo = await findPromoByCode(tx, event.id, input.promo_code);
    if (!promoUsable(promo, now)) throw invalidPromo();
  }
  const catalogue = await loadCatalogue(tx, event);
  const lines = priceRequest(catalogue, input, promo, now);
  const totals = totalsOf(lines);
  if (totals.total !== input.expected_total) throw new DomainError('PRICE_CHANGED');
  // A promo code that changes nothing on this order is not recorded (and uses up nothing).
  const promoUsed = promo && (promo.discount_type === 'NONE' ? lines.some((l) => l.ticket.ticket.requires_promo_code) : totals.discount_total > 0) ? promo : null;

  // An unknown or disabled affiliate code attributes nothing; it never fails the checkout.
  const affiliateId = input.affiliate_code ? await findEnabledAffiliateId(tx, event.id, input.affiliate_code) : null;
  const checkoutToken = opts.checkoutToken ?? newToken();
  const tokenHash = hashToken(checkoutToken);
  const ticketIds = lines.map((l) => l.ticket.ticket.id);
  // Locks first (fixed order), then everything read below is stable until commit.
  await deps.locks.lock(tx, { ticketIds, capacityIds: capacitiesCovering(catalogue, ticketIds), promoCodeId: promoUsed?.id ?? null });
  if (opts.checkoutToken) await releaseEarlierHold(tx, event.id, tokenHash);

  const counts = await countStock(tx, event.id, now);
  const requests = lines.map((l) => ({ ticket_id: l.ticket.ticket.id, tier_id: l.tier?.id ?? null, quantity: l.quantity }));
  if (unfulfillable(stockOf(catalogue, counts), catalogue.capacities, requests).length) throw new DomainError('NO_TICKETS_AVAILABLE');
  if (promoUsed && promoUsed.max_uses !== null) {
    const used = (await promoUses(tx, [promoUsed.id], now)).get(promoUsed.id) ?? 0;
    if (used >= promoUsed.max_uses) throw invalidPromo();
  }

  const [order] = await tx
    .insert(orders)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      short_id: newOrderShortId(),
      order_number: newOrderNumber(),
      checkout_token_hash: tokenHash,
      status: 'RESERVED',
      payment_status: totals.total === 0 ? 'NO_PAYMENT_REQUIRED' : 'AWAITING_PAYMENT',
      currency: event.currency,
      ...totals,
      promo_code_id: promoUsed?.id ?? null,
      promo_code: promoUsed?.code ?? null,
      affiliate_id: affiliateId,
      locale: opts.locale,
      reserved_until: new Date(now.getTime() + event.order_timeout_minutes * 60_000),
      created_at: now,
      updated_at: now,
    })
    .returning({ id: orders.id, short_id: orders.short_id });
  await insertLines(tx, event, order!.id, lines, opts.locale, now);
  await recordOrderEvent(tx, order!.id, { kind: 'RESERVED', data: { total: totals.total }, at: now });
  return { orderId: order!.id, shortId: order!.short_id, checkoutToken };
}

async function insertLines(tx: Tx, event: Catalogue['event'], orderId: number, lines: OrderLine[], locale: Locale, now: Date) {
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        order_id: orderId,
        ticket_id: l.ticket.ticket.id,
        tier_id: l.tier?.id ?? null,
        ticket_name: l.ticket.ticket.name,
        tier_label: l.tier?.label ?? null,
        quantity: l.quantity,
        unit: l.unit,
        total: l.unit.total * l.quantity,
      })),
    )
    .returning({ id: orderItems.id, ticket_id: orderItems.ticket_id, tier_id: orderItems.tier_id, quantity: orderItems.quantity });
  let position = 0;
  const rows = items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => ({
      account_id: event.account_id,
      event_id: event.id,
      order_id: orderId,
      order_item_id: item.id,
      ticket_id: item.ticket_id,
      tier_id: item.tier_id,
      short_id: newAttendeeShortId(),
      status: 'RESERVED' as const,
      locale,
      position: position++,
      created_at: now,
      updated_at: now,
    })),
  );
  await tx.insert(attendees).values(rows);
}
