import type { ReserveOrderBody, UnitPrice } from '@admitone/shared';
import type { reserveOrderBody } from '@admitone/shared';
import type { z } from 'zod';

import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { saleState } from '../tickets/sale-state.js';
import type { TicketWithParts, TierRow } from '../tickets/tickets.repository.js';
import { type Catalogue, promoApplies, type PromoInfo, unitPrice } from './catalogue.js';
import { passAsSold } from './passes.js';

export type ReserveInput = z.output<typeof reserveOrderBody>;
export type { ReserveOrderBody };

/** One priced line of a reservation. */
export interface OrderLine {
  ticket: TicketWithParts;
  tier: TierRow | null;
  quantity: number;
  unit: UnitPrice;
}

/** Whether a promo code can be used now, before counting its uses. */
export const promoUsable = (promo: PromoInfo | null, now: Date) =>
  !!promo && (promo.expires_at === null || promo.expires_at > now);

/**
 * Checks a reservation against the event's sale rules (ticket exists and is visible, sale windows,
 * promo-only tickets, tier choice, min/max per order, donation minimum) and prices every line with
 * the one pricing rule. Stock is not looked at here: that happens under the locks.
 */
export function priceRequest(c: Catalogue, input: ReserveInput, promo: PromoInfo | null, now: Date): OrderLine[] {
  const issues: FieldIssues = {};
  const add = (path: string, issue: FieldIssues[string][number]) => (issues[path] ??= []).push(issue);
  const eventEnded = (c.event.end_date ?? c.event.start_date) <= now;
  const lines: OrderLine[] = [];
  const perTicket = new Map<number, number>();

  input.items.forEach((item, i) => {
    if (item.quantity === 0) return;
    const t = c.tickets.find((x) => x.ticket.id === item.ticket_id);
    // Not sold on this channel (the box office's catalogue marks what it sells as `sold_online`: box-office.ts).
    if (!t || !t.ticket.sold_online) return add(`items.${i}.ticket_id`, { key: 'not_found_choice' });
    const tiered = t.ticket.type === 'TIERED';
    const tier = tiered ? (t.tiers.find((x) => x.id === item.tier_id) ?? null) : null;
    if (tiered && !tier) return add(`items.${i}.tier_id`, { key: 'not_found_choice' });
    const hiddenForBuyer =
      t.ticket.is_hidden ||
      c.hiddenCategories.has(t.ticket.category_id) ||
      (t.ticket.requires_promo_code && !promoApplies(promo, t.ticket.id)) ||
      !!tier?.is_hidden;
    const window = {
      is_hidden: hiddenForBuyer,
      sale_start: tier?.sale_start ?? t.ticket.sale_start,
      sale_end: tier?.sale_end ?? t.ticket.sale_end,
      available: null,
    };
    if (saleState(window, now, eventEnded) !== 'ON_SALE') return add(`items.${i}`, { key: 'not_on_sale' });
    let donation: number | null = null;
    if (t.ticket.type === 'DONATION') {
      const min = t.ticket.min_price ?? 0;
      donation = item.amount ?? min;
      if (donation < min) return add(`items.${i}.amount`, { key: 'below_min_price' });
    }
    perTicket.set(t.ticket.id, (perTicket.get(t.ticket.id) ?? 0) + item.quantity);
    const same = lines.find(
      (l) => l.ticket.ticket.id === t.ticket.id && l.tier?.id === tier?.id && l.unit.base === (donation ?? l.unit.base),
    );
    if (same) same.quantity += item.quantity;
    else
      lines.push({
        ticket: t,
        tier,
        quantity: item.quantity,
        unit: unitPrice(c, passAsSold(c, t, now), tier, donation, promo),
      });
  });

  input.items.forEach((item, i) => {
    const count = perTicket.get(item.ticket_id);
    const t = c.tickets.find((x) => x.ticket.id === item.ticket_id);
    if (!count || !t || item.quantity === 0) return;
    const { min_per_order: min, max_per_order: max } = t.ticket;
    if (count < min) add(`items.${i}.quantity`, { key: 'too_small_number', values: { min } });
    else if (max !== null && count > max) add(`items.${i}.quantity`, { key: 'too_big_number', values: { max } });
  });

  // Add-ons: a general product sold only with tickets, at most N per ticket (person admitted) in this order.
  const admissions = lines.filter((l) => l.ticket.ticket.product_type === 'TICKET').reduce((n, l) => n + l.quantity, 0);
  input.items.forEach((item, i) => {
    const t = c.tickets.find((x) => x.ticket.id === item.ticket_id);
    const per = t?.ticket.product_type === 'GENERAL' ? t.ticket.addon_max_per_ticket : null;
    if (!t || per === null || item.quantity === 0) return;
    if ((perTicket.get(t.ticket.id) ?? 0) > per * admissions)
      add(`items.${i}.quantity`, { key: 'addon_limit', values: { max: per } });
  });
  if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  return lines;
}

/** Order totals from priced lines. */
export function totalsOf(lines: OrderLine[]) {
  const sum = (f: (l: OrderLine) => number) => lines.reduce((s, l) => s + f(l) * l.quantity, 0);
  return {
    subtotal: sum((l) => l.unit.base),
    discount_total: sum((l) => l.unit.discount),
    fee_total: sum((l) => l.unit.fee_total),
    tax_total: sum((l) => l.unit.tax_total),
    total: sum((l) => l.unit.total),
  };
}
