import { type Charge, priceUnit, type TicketDto } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { loadCapacities, toCapacityStock } from '../capacity/capacity.repository.js';
import { readEventDateLevels } from '../inventory/date-levels.js';
import { readStockLevels, soldUnits } from '../inventory/stock-levels.js';
import { chargesFor, listTaxes } from '../taxes/taxes.repository.js';
import { availabilityOnDate, type TicketAvailability, type TicketStock } from './availability.js';
import { saleState, tieredState } from './sale-state.js';
import { ticketsWithOrders, tiersWithSales } from './sales.js';
import { loadTickets } from './tickets.repository.js';

export interface EventInfo {
  id: number;
  account_id: number;
  currency: string;
  start_date: Date;
  end_date: Date | null;
}

/** The tickets of an event as the API shows them: sale state, counts, what is left, prices with charges. */
export async function ticketViews(db: Executor, event: EventInfo, now: Date, only?: number[]): Promise<TicketDto[]> {
  // All tickets, even when showing one: shared capacities count every ticket they cover.
  const parts = await loadTickets(db, event.account_id, event.id);
  // What is taken comes from the counters; only the sold/held split counts valid tickets (a screen, not a sale).
  const levels = await readStockLevels(db, event.id, now);
  const sold = await soldUnits(db, event.id);
  const ordered = await ticketsWithOrders(
    db,
    parts.map((p) => p.ticket.id),
  );
  const tiersSold = await tiersWithSales(
    db,
    parts.flatMap((p) => p.tiers.map((t) => t.id)),
  );
  const charges: Charge[] = chargesFor(await listTaxes(db, event.account_id), event.currency);
  const levelsOf: TicketStock[] = parts.map((p) => ({
    id: p.ticket.id,
    quantity: p.ticket.quantity,
    taken: levels.ticket(p.ticket.id),
    tiers:
      p.ticket.type === 'TIERED'
        ? p.tiers.map((t) => ({ id: t.id, quantity: t.quantity, taken: levels.tier(t.id) }))
        : undefined,
  }));
  const stock = leftOverDates(
    await readEventDateLevels(db, event.id, now),
    {
      tickets: parts.map((p) => ({
        id: p.ticket.id,
        quantity: p.ticket.quantity,
        admission: p.ticket.product_type === 'TICKET',
      })),
      capacities: (await loadCapacities(db, event.account_id, event.id)).map(toCapacityStock),
    },
    levelsOf,
    now,
  );
  const eventEnded = (event.end_date ?? event.start_date) <= now;
  const views = parts.map((p, i) => {
    const t = p.ticket;
    const own = charges.filter((c) => p.taxIds.includes(c.id));
    const a = stock[i]!;
    const total = { sold: sold.ticket(t.id), held: levels.ticket(t.id) - sold.ticket(t.id) };
    const tiers = p.tiers.map((tier) => {
      const available = a.tiers.find((x) => x.id === tier.id)?.available ?? null;
      return {
        id: tier.id,
        label: tier.label,
        price: tier.price,
        quantity: tier.quantity,
        sale_start: tier.sale_start?.toISOString() ?? null,
        sale_end: tier.sale_end?.toISOString() ?? null,
        is_hidden: tier.is_hidden,
        sale_state: saleState(
          {
            is_hidden: tier.is_hidden,
            sale_start: tier.sale_start ?? t.sale_start,
            sale_end: tier.sale_end ?? t.sale_end,
            available,
          },
          now,
          eventEnded,
        ),
        sold: sold.tier(tier.id),
        reserved: levels.tier(tier.id) - sold.tier(tier.id),
        has_sales: tiersSold.has(tier.id),
        available,
        price_with_charges: priceUnit('TIERED', tier.price, own).total,
      };
    });
    const base =
      t.type === 'PAID'
        ? (t.price ?? 0)
        : t.type === 'DONATION'
          ? (t.min_price ?? 0)
          : t.type === 'TIERED'
            ? Math.min(...tiers.map((x) => x.price))
            : 0;
    const state =
      t.type === 'TIERED'
        ? tieredState(
            tiers.map((x) => x.sale_state),
            t.is_hidden,
          )
        : saleState(
            { is_hidden: t.is_hidden, sale_start: t.sale_start, sale_end: t.sale_end, available: a.available },
            now,
            eventEnded,
          );
    return {
      id: t.id,
      event_id: t.event_id,
      name: t.name,
      description: t.description,
      mail_text: t.mail_text,
      type: t.type,
      product_type: t.product_type,
      addon_max_per_ticket: t.addon_max_per_ticket,
      price: t.price,
      min_price: t.min_price,
      quantity: t.quantity,
      sale_start: t.sale_start?.toISOString() ?? null,
      sale_end: t.sale_end?.toISOString() ?? null,
      min_per_order: t.min_per_order,
      max_per_order: t.max_per_order,
      is_hidden: t.is_hidden,
      hide_when_sold_out: t.hide_when_sold_out,
      hide_before_sale_start: t.hide_before_sale_start,
      hide_after_sale_end: t.hide_after_sale_end,
      waitlist_enabled: t.waitlist_enabled,
      requires_promo_code: t.requires_promo_code,
      sold_online: t.sold_online,
      sold_at_box_office: t.sold_at_box_office,
      box_office_price: t.box_office_price,
      is_pass: t.is_pass,
      pass_prorated: t.pass_prorated,
      pass_picks: t.pass_picks,
      tax_and_fee_ids: p.taxIds,
      category_id: t.category_id,
      sort_order: t.sort_order,
      tiers,
      sale_state: state,
      sold: total.sold,
      reserved: total.held,
      available: a.available,
      price_with_charges:
        tiers.length || t.type !== 'TIERED' ? priceUnit(t.type, Number.isFinite(base) ? base : 0, own).total : 0,
      can_change_type: !ordered.has(t.id),
      has_orders: ordered.has(t.id),
      created_at: t.created_at.toISOString(),
      updated_at: t.updated_at.toISOString(),
    };
  });
  return only ? views.filter((v) => only.includes(v.id)) : views;
}

const sumOf = (values: ReadonlyArray<number | null>) =>
  values.some((v) => v === null) ? null : values.reduce<number>((n, v) => n + v!, 0);

/**
 * What is left of each ticket (and tier) over the event's dates still to come that sell it, each date within its
 * own limits (`availabilityOnDate`); an event whose dates are all over counts them all (cancelled ones aside).
 */
function leftOverDates(
  dateLevels: Awaited<ReturnType<typeof readEventDateLevels>>,
  of: Parameters<typeof availabilityOnDate>[0],
  levels: readonly TicketStock[],
  now: Date,
): TicketAvailability[] {
  const open = dateLevels.dates.filter((d) => d.status !== 'CANCELLED');
  const ahead = open.filter((d) => (d.end_date ?? d.start_date) > now);
  const counted = (ahead.length ? ahead : open).map((d) => ({
    sells: new Set(
      dateLevels
        .ticketRows(d.id)
        .filter((r) => r.enabled)
        .map((r) => r.ticket_id),
    ),
    left: availabilityOnDate(of, levels, dateLevels.levels(d.id)),
  }));
  return of.tickets.map((t, i) => {
    const on = counted.filter((d) => d.sells.has(t.id)).map((d) => d.left[i]!);
    return {
      id: t.id,
      available: on.length ? sumOf(on.map((a) => a.available)) : 0,
      tiers: (levels[i]!.tiers ?? []).map((x, j) => ({
        id: x.id,
        available: on.length ? sumOf(on.map((a) => a.tiers[j]!.available)) : 0,
      })),
      exhausted_capacities: [...new Set(on.flatMap((a) => a.exhausted_capacities))],
    };
  });
}
