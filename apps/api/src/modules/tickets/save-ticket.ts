import type { ticketBody } from '@admitone/shared';
import { and, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { taxesAndFees, tickets, ticketTaxes, ticketTiers } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { insertTicketOnDates } from '../event-dates/event-dates.repository.js';
import { belowTaken, lockEventForNewTicket, lockTicketStock, nextStockVersion } from '../inventory/limits.js';
import { categoryForTicket } from '../product-categories/product-categories.repository.js';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.js';
import { ticketsWithOrders, tiersWithSales } from './sales.js';
import { findTicket } from './tickets.repository.js';

export type TicketInput = z.output<typeof ticketBody>;
interface EventRef {
  id: number;
  account_id: number;
  timezone: string;
  currency: string;
}

const at = (local: string | null, tz: string) => (local ? zonedToUtc(local, tz) : null);

/** The ticket's own columns from the input; fields that do not apply to its type are cleared. */
function columnsOf(input: TicketInput, event: EventRef) {
  return {
    name: input.name,
    description: sanitizeRichText(input.description),
    mail_text: input.mail_text,
    type: input.type,
    product_type: input.product_type,
    addon_max_per_ticket: input.product_type === 'GENERAL' ? input.addon_max_per_ticket : null,
    price: input.type === 'PAID' ? input.price : null,
    min_price: input.type === 'DONATION' ? input.min_price : null,
    quantity: input.type === 'TIERED' ? null : input.quantity,
    sale_start: at(input.sale_start, event.timezone),
    sale_end: at(input.sale_end, event.timezone),
    min_per_order: input.min_per_order,
    max_per_order: input.max_per_order,
    is_hidden: input.is_hidden,
    hide_when_sold_out: input.hide_when_sold_out,
    hide_before_sale_start: input.hide_before_sale_start,
    hide_after_sale_end: input.hide_after_sale_end,
    waitlist_enabled: input.waitlist_enabled,
    requires_promo_code: input.requires_promo_code,
    sold_online: input.sold_online,
    sold_at_box_office: input.sold_at_box_office,
    box_office_price: input.type === 'PAID' ? input.box_office_price : null,
    is_pass: input.is_pass,
    // A pass whose dates are picked later is not priced by the dates that remain.
    pass_prorated: input.is_pass && input.pass_picks === null && input.pass_prorated,
    pass_picks: input.is_pass ? input.pass_picks : null,
  };
}

/** Taxes and fees must be the account's own, and a fixed amount must be in the event's currency. */
async function checkTaxes(tx: Tx, event: EventRef, ids: number[]) {
  if (!ids.length) return;
  const found = await tx
    .select({
      id: taxesAndFees.id,
      name: taxesAndFees.name,
      calculation_type: taxesAndFees.calculation_type,
      currency: taxesAndFees.currency,
    })
    .from(taxesAndFees)
    .where(and(eq(taxesAndFees.account_id, event.account_id), inArray(taxesAndFees.id, ids)));
  if (found.length !== new Set(ids).size)
    throw new DomainError('VALIDATION_FAILED', { fields: { tax_and_fee_ids: [{ key: 'not_found_choice' }] } });
  const foreign = found.filter((f) => f.calculation_type === 'FIXED' && f.currency !== event.currency);
  if (foreign.length) {
    throw new DomainError('VALIDATION_FAILED', {
      fields: {
        tax_and_fee_ids: foreign.map((f) => ({
          key: 'fee_currency_mismatch' as const,
          values: { name: f.name, fee_currency: f.currency ?? '', currency: event.currency },
        })),
      },
    });
  }
}

async function saveParts(
  tx: Tx,
  ticketId: number,
  input: TicketInput,
  event: EventRef,
  now: Date,
  tierTaken: Map<number, number> = new Map(),
) {
  await tx.delete(ticketTaxes).where(eq(ticketTaxes.ticket_id, ticketId));
  const taxIds = [...new Set(input.tax_and_fee_ids)];
  if (taxIds.length)
    await tx.insert(ticketTaxes).values(taxIds.map((id) => ({ ticket_id: ticketId, tax_and_fee_id: id })));

  const tiers = input.type === 'TIERED' ? input.tiers : [];
  const keep = tiers.map((t) => t.id).filter((id): id is number => id !== undefined);
  // Tiers left out of the list are removed; a tier that has sales can only be hidden.
  const existing = await tx.select({ id: ticketTiers.id }).from(ticketTiers).where(eq(ticketTiers.ticket_id, ticketId));
  const dropped = existing.map((t) => t.id).filter((id) => !keep.includes(id));
  if ((await tiersWithSales(tx, dropped)).size) throw new DomainError('TIER_HAS_SALES');
  await tx
    .delete(ticketTiers)
    .where(
      keep.length
        ? and(eq(ticketTiers.ticket_id, ticketId), notInArray(ticketTiers.id, keep))
        : eq(ticketTiers.ticket_id, ticketId),
    );
  for (const [i, tier] of tiers.entries()) {
    const values = {
      label: tier.label,
      price: tier.price,
      quantity: tier.quantity,
      sale_start: at(tier.sale_start, event.timezone),
      sale_end: at(tier.sale_end, event.timezone),
      is_hidden: tier.is_hidden,
      sort_order: i,
      updated_at: now,
    };
    if (tier.id !== undefined) {
      // Never below what is sold and held of the tier (its row lock is ours: lockTicketStock).
      const taken = tierTaken.get(tier.id) ?? 0;
      if (tier.quantity !== null && tier.quantity < taken) throw belowTaken(`tiers.${i}.quantity`, taken);
      const [updated] = await tx
        .update(ticketTiers)
        .set(values)
        .where(and(eq(ticketTiers.id, tier.id), eq(ticketTiers.ticket_id, ticketId)))
        .returning({ id: ticketTiers.id });
      if (!updated)
        throw new DomainError('VALIDATION_FAILED', { fields: { [`tiers.${i}.id`]: [{ key: 'not_found_choice' }] } });
    } else {
      await tx.insert(ticketTiers).values({ ...values, ticket_id: ticketId, created_at: now });
    }
  }
}

/** The category asked for (the event's own) or, without one, `fallback`; locked against its deletion. */
async function categoryOf(tx: Tx, event: EventRef, asked: number | null, fallback: 'first' | number): Promise<number> {
  if (asked === null && fallback !== 'first') return fallback;
  const id = await categoryForTicket(tx, event.id, asked);
  if (id === null)
    throw new DomainError('VALIDATION_FAILED', { fields: { category_id: [{ key: 'not_found_choice' }] } });
  return id;
}

/** What the audit log keeps of a ticket's change: the fields buyers pay and count by. */
const AUDITED_TICKET_FIELDS = [
  'name',
  'type',
  'price',
  'quantity',
  'min_per_order',
  'max_per_order',
  'sale_start',
  'sale_end',
  'is_hidden',
] as const;

/** Creates a ticket at the end of the event's list (in the category asked for, else the first). */
export async function createTicket(
  deps: { db: Db; clock: Clock; actor?: AuditActor },
  event: EventRef,
  input: TicketInput,
): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await checkTaxes(tx, event, input.tax_and_fee_ids);
    await lockEventForNewTicket(tx, event.id);
    const categoryId = await categoryOf(tx, event, input.category_id, 'first');
    const [last] = await tx
      .select({ n: max(tickets.sort_order) })
      .from(tickets)
      .where(eq(tickets.event_id, event.id));
    const [row] = await tx
      .insert(tickets)
      .values({
        ...columnsOf(input, event),
        category_id: categoryId,
        account_id: event.account_id,
        event_id: event.id,
        sort_order: (last?.n ?? -1) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: tickets.id });
    await saveParts(tx, row!.id, input, event, now);
    // Sold on every date of the event (the event row's share lock keeps dates from being added meanwhile).
    await insertTicketOnDates(tx, event.id, row!.id);
    if (deps.actor)
      await recordAudit(
        tx,
        deps.actor,
        {
          action: 'ticket.created',
          eventId: event.id,
          target: { type: 'ticket', id: row!.id, label: input.name },
          data: { type: input.type, price: input.price ?? null, quantity: input.quantity ?? null },
        },
        now,
      );
    await emitWebhookEvent(tx, {
      accountId: event.account_id,
      eventId: event.id,
      type: 'product.created',
      object: { kind: 'product', id: row!.id },
      at: now,
    });
    return row!.id;
  });
}

/**
 * Replaces a ticket's fields, tiers and taxes. The ticket's and its tiers' counters are locked first (the
 * checkout's lock order) and a quantity below what is taken is refused; the ticket's stock version moves,
 * so a checkout planned with the old ticket plans again.
 */
export async function updateTicket(
  deps: { db: Db; clock: Clock; actor?: AuditActor },
  event: EventRef,
  ticketId: number,
  input: TicketInput,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await findTicket(tx, event.account_id, event.id, ticketId);
    if (!current) throw new DomainError('NOT_FOUND');
    // Categories before tickets (docs/LOCKING.md): an arrangement locks them in that order too.
    const categoryId = await categoryOf(tx, event, input.category_id, current.ticket.category_id);
    const stock = await lockTicketStock(tx, ticketId);
    if (!stock) throw new DomainError('NOT_FOUND');
    // The price kind, whether it admits a person and whether it is a pass are fixed once it sold: the sold units were
    // priced and issued (or not, one row per date or one) as such.
    const changesKind =
      current.ticket.type !== input.type ||
      current.ticket.product_type !== input.product_type ||
      current.ticket.is_pass !== input.is_pass ||
      (current.ticket.pass_picks === null) !== (input.pass_picks === null);
    if (changesKind && (await ticketsWithOrders(tx, [ticketId])).size) throw new DomainError('TICKET_TYPE_LOCKED');
    const columns = columnsOf(input, event);
    if (columns.quantity !== null && columns.quantity < stock.taken) throw belowTaken('quantity', stock.taken);
    await checkTaxes(tx, event, input.tax_and_fee_ids);
    await tx
      .update(tickets)
      .set({ ...columns, category_id: categoryId, stock_version: nextStockVersion, updated_at: now })
      .where(eq(tickets.id, ticketId));
    await saveParts(tx, ticketId, input, event, now, stock.tiers);
    const changed = changesOf(current.ticket, columns as Partial<typeof current.ticket>, AUDITED_TICKET_FIELDS);
    if (deps.actor && Object.keys(changed).length)
      await recordAudit(
        tx,
        deps.actor,
        {
          action: 'ticket.updated',
          eventId: event.id,
          target: { type: 'ticket', id: ticketId, label: input.name },
          data: changed,
        },
        now,
      );
    await emitWebhookEvent(tx, {
      accountId: event.account_id,
      eventId: event.id,
      type: 'product.updated',
      object: { kind: 'product', id: ticketId },
      at: now,
    });
  });
}

/** Deletes a ticket; a ticket tied to an order can only be hidden. */
export async function deleteTicket(
  deps: { db: Db; clock: Clock; actor?: AuditActor },
  event: EventRef,
  ticketId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findTicket(tx, event.account_id, event.id, ticketId);
    if (!found) throw new DomainError('NOT_FOUND');
    if (deps.actor)
      await recordAudit(
        tx,
        deps.actor,
        {
          action: 'ticket.deleted',
          eventId: event.id,
          target: { type: 'ticket', id: ticketId, label: found.ticket.name },
        },
        deps.clock.now(),
      );
    await lockTicketStock(tx, ticketId);
    if ((await ticketsWithOrders(tx, [ticketId])).size) throw new DomainError('TICKET_HAS_ORDERS');
    // Gone once committed: the event carries what it was.
    const payload = {
      id: ticketId,
      event_id: event.id,
      name: found.ticket.name,
      product_type: found.ticket.product_type,
      type: found.ticket.type,
      deleted: true,
    };
    await emitWebhookEvent(tx, {
      accountId: event.account_id,
      eventId: event.id,
      type: 'product.deleted',
      object: { kind: 'product', id: ticketId },
      payload,
      at: deps.clock.now(),
    });
    await tx.delete(tickets).where(eq(tickets.id, ticketId));
  });
}

/** Puts the event's tickets in the given order; the list must hold exactly the event's tickets. */
export async function sortTickets(deps: { db: Db; clock: Clock }, event: EventRef, ids: number[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.event_id, event.id), eq(tickets.account_id, event.account_id)));
    const known = new Set(existing.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'invalid' }] } });
    }
    // Rows in id order, as reservations lock them (docs/LOCKING.md), whatever the new order.
    const placed = ids.map((id, i) => ({ id, i })).sort((a, b) => a.id - b.id);
    for (const { id, i } of placed)
      await tx.update(tickets).set({ sort_order: i, updated_at: deps.clock.now() }).where(eq(tickets.id, id));
  });
}
