import type { UnitPrice } from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { type ExchangeLine, orderItems } from '../../db/schema/index.js';
import type { EventRow } from '../checkout/catalogue.js';
import { findPromoByCode, loadCatalogue, type PromoInfo, unitPrice } from '../checkout/catalogue.js';
import { catalogueOnDate } from '../checkout/catalogue-dates.js';
import type { OrderTotals } from '../event-dates/move-order.js';
import type { OrderRow } from '../orders/order-view.js';

/** The order on another date: its totals there and the lines whose price changes (the others keep theirs). */
export interface PricedOnDate {
  totals: OrderTotals;
  lines: ExchangeLine[];
}

/**
 * Prices a placed order on other dates of its event with the checkout's one pricing rule (`unitPrice`: the date's
 * own price of a ticket, the ticket's taxes and fees, the order's promo code). Only a line whose base price differs
 * on the date is priced again: a fixed-price ticket with its own price there. Tiers, donations and free tickets cost
 * the same on every date and keep the unit they were sold at (so do lines whose taxes changed since: the buyer pays
 * what they paid). The order's promo code applies as it did at checkout (its use is already counted; its expiry no
 * longer matters).
 */
export async function orderPricer(db: Executor, event: EventRow, order: OrderRow) {
  const catalogue = await loadCatalogue(db, event);
  const promo: PromoInfo | null =
    order.promo_code_id && order.promo_code ? await findPromoByCode(db, event.id, order.promo_code) : null;
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  return (dateId: number): PricedOnDate => {
    const date = catalogue.dates.dates.find((d) => d.id === dateId);
    const totals: OrderTotals = {
      subtotal: order.subtotal,
      discount_total: order.discount_total,
      fee_total: order.fee_total,
      tax_total: order.tax_total,
      total: order.total,
    };
    const lines: ExchangeLine[] = [];
    if (!date) return { totals, lines };
    const onDate = catalogueOnDate(catalogue, date);
    for (const item of items) {
      const t = onDate.tickets.find((x) => x.ticket.id === item.ticket_id);
      if (!t || t.ticket.type !== 'PAID' || t.ticket.is_pass) continue;
      const old = item.unit;
      if ((t.ticket.price ?? 0) === old.base) continue;
      const samePromo = promo && promo.id === order.promo_code_id ? promo : null;
      const unit: UnitPrice = unitPrice(onDate, t, null, null, samePromo);
      const q = item.quantity;
      totals.subtotal += (unit.base - old.base) * q;
      totals.discount_total += (unit.discount - old.discount) * q;
      totals.fee_total += (unit.fee_total - old.fee_total) * q;
      totals.tax_total += (unit.tax_total - old.tax_total) * q;
      totals.total += (unit.total - old.total) * q;
      lines.push({ order_item_id: item.id, unit, total: unit.total * q });
    }
    return { totals, lines };
  };
}
