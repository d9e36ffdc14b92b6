import { asc, eq, inArray } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import {
  capacityAssignments,
  capacityAssignmentTickets,
  checkInLists,
  checkInListTickets,
  productCategories,
  promoCodes,
  promoCodeTickets,
  questions,
  questionTickets,
  tickets,
  ticketTaxes,
  ticketTiers,
} from '../../db/schema/index.js';
import { copyTicketDates } from '../event-dates/event-dates.repository.js';

/** A copy sells from zero: the stock counters are not copied (nothing of the copy is sold or held). */
const FRESH_STOCK = { taken: 0 } as const;

export interface CatalogueChoices {
  copy_tickets: boolean;
  copy_questions: boolean;
  copy_promo_codes: boolean;
  copy_capacity_assignments: boolean;
}

/**
 * The product categories of `from` into `to`, which has its default category already: the first category
 * becomes that one, the others are added. Answers old id → new id.
 */
async function copyCategories(tx: Tx, from: number, to: number, now: Date): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  const [target] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.event_id, to))
    .orderBy(asc(productCategories.sort_order))
    .limit(1);
  const rows = await tx
    .select()
    .from(productCategories)
    .where(eq(productCategories.event_id, from))
    .orderBy(asc(productCategories.sort_order), asc(productCategories.id));
  for (const [i, { id, ...c }] of rows.entries()) {
    const values = { ...c, event_id: to, sort_order: i, created_at: now, updated_at: now };
    if (i === 0 && target) {
      await tx.update(productCategories).set(values).where(eq(productCategories.id, target.id));
      map.set(id, target.id);
    } else {
      const [copy] = await tx.insert(productCategories).values(values).returning({ id: productCategories.id });
      map.set(id, copy!.id);
    }
  }
  return map;
}

/**
 * The check-in lists of `from` into `to` (which has its default list already: the first list becomes
 * that one). A list limited to tickets that were not all copied is left out; windows move with the
 * are copied as they are, like the tickets' sale windows; staff links are not copied (each list makes its own).
 */
async function copyCheckInLists(
  tx: Tx,
  from: number,
  to: number,
  ticketMap: Map<number, number>,
  now: Date,
): Promise<void> {
  const [target] = await tx
    .select({ id: checkInLists.id })
    .from(checkInLists)
    .where(eq(checkInLists.event_id, to))
    .orderBy(asc(checkInLists.sort_order))
    .limit(1);
  const rows = await tx
    .select()
    .from(checkInLists)
    .where(eq(checkInLists.event_id, from))
    .orderBy(asc(checkInLists.sort_order), asc(checkInLists.id));
  const links = rows.length
    ? await tx
        .select()
        .from(checkInListTickets)
        .where(
          inArray(
            checkInListTickets.list_id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  let first = true;
  for (const { id, ...l } of rows) {
    const ticketIds = links.filter((t) => t.list_id === id).map((t) => ticketMap.get(t.ticket_id));
    if (!l.all_tickets && (!ticketIds.length || ticketIds.some((t) => t === undefined))) continue;
    const values = { ...l, event_id: to, staff_token: null, created_at: now, updated_at: now };
    let listId: number;
    if (first && target) {
      await tx.update(checkInLists).set(values).where(eq(checkInLists.id, target.id));
      listId = target.id;
    } else {
      const [copy] = await tx.insert(checkInLists).values(values).returning({ id: checkInLists.id });
      listId = copy!.id;
    }
    first = false;
    if (!l.all_tickets)
      await tx.insert(checkInListTickets).values(ticketIds.map((t) => ({ list_id: listId, ticket_id: t! })));
  }
}

/**
 * Copies the catalogue of one event into another inside the caller's transaction: tickets (with
 * tiers and taxes, categories, check-in lists and how they sell on each date: `dateMap` maps the source's
 * dates to the copy's), questions, promo codes and capacity assignments, re-pointing their
 * ticket links
 * at the copies. Without tickets, anything limited to particular tickets is left out rather than
 * silently widened to every ticket.
 */
export async function copyCatalogue(
  tx: Tx,
  from: number,
  to: number,
  choices: CatalogueChoices,
  now: Date,
  dateMap: ReadonlyMap<number, number> = new Map(),
): Promise<void> {
  const ticketMap = new Map<number, number>();
  if (choices.copy_tickets) {
    const categoryMap = await copyCategories(tx, from, to, now);
    const rows = await tx
      .select()
      .from(tickets)
      .where(eq(tickets.event_id, from))
      .orderBy(asc(tickets.sort_order), asc(tickets.id));
    for (const { id, ...t } of rows) {
      const [copy] = await tx
        .insert(tickets)
        .values({
          ...t,
          category_id: categoryMap.get(t.category_id)!,
          stock_version: 0,
          event_id: to,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: tickets.id });
      ticketMap.set(id, copy!.id);
    }
    if (rows.length) {
      const tiers = await tx
        .select()
        .from(ticketTiers)
        .where(
          inArray(
            ticketTiers.ticket_id,
            rows.map((r) => r.id),
          ),
        );
      for (const { id: _id, ...tier } of tiers)
        await tx.insert(ticketTiers).values({
          ...tier,
          ticket_id: ticketMap.get(tier.ticket_id)!,
          created_at: now,
          updated_at: now,
        });
      const taxes = await tx
        .select()
        .from(ticketTaxes)
        .where(
          inArray(
            ticketTaxes.ticket_id,
            rows.map((r) => r.id),
          ),
        );
      if (taxes.length)
        await tx
          .insert(ticketTaxes)
          .values(taxes.map((l) => ({ ticket_id: ticketMap.get(l.ticket_id)!, tax_and_fee_id: l.tax_and_fee_id })));
    }
    await copyCheckInLists(tx, from, to, ticketMap, now);
    // Each copied ticket on each copied date, as it sold there (nothing taken).
    await copyTicketDates(tx, ticketMap, dateMap);
  }
  /** The copied ticket ids of a link list; null when a linked ticket was not copied. */
  const mapped = (ids: number[]) => (ids.every((i) => ticketMap.has(i)) ? ids.map((i) => ticketMap.get(i)!) : null);

  if (choices.copy_questions) {
    const rows = await tx
      .select()
      .from(questions)
      .where(eq(questions.event_id, from))
      .orderBy(asc(questions.sort_order), asc(questions.id));
    const links = rows.length
      ? await tx
          .select()
          .from(questionTickets)
          .where(
            inArray(
              questionTickets.question_id,
              rows.map((r) => r.id),
            ),
          )
      : [];
    for (const { id, ...q } of rows) {
      const targets = mapped(links.filter((l) => l.question_id === id).map((l) => l.ticket_id));
      if (!targets) continue;
      const [copy] = await tx
        .insert(questions)
        .values({ ...q, event_id: to, created_at: now, updated_at: now })
        .returning({ id: questions.id });
      if (targets.length)
        await tx.insert(questionTickets).values(targets.map((t) => ({ question_id: copy!.id, ticket_id: t })));
    }
  }

  if (choices.copy_promo_codes) {
    const rows = await tx.select().from(promoCodes).where(eq(promoCodes.event_id, from)).orderBy(asc(promoCodes.id));
    const links = rows.length
      ? await tx
          .select()
          .from(promoCodeTickets)
          .where(
            inArray(
              promoCodeTickets.promo_code_id,
              rows.map((r) => r.id),
            ),
          )
      : [];
    for (const { id, ...p } of rows) {
      const targets = mapped(links.filter((l) => l.promo_code_id === id).map((l) => l.ticket_id));
      if (!targets) continue;
      const [copy] = await tx
        .insert(promoCodes)
        .values({ ...p, ...FRESH_STOCK, event_id: to, created_at: now, updated_at: now })
        .returning({ id: promoCodes.id });
      if (targets.length)
        await tx.insert(promoCodeTickets).values(targets.map((t) => ({ promo_code_id: copy!.id, ticket_id: t })));
    }
  }

  if (choices.copy_capacity_assignments) {
    const rows = await tx
      .select()
      .from(capacityAssignments)
      .where(eq(capacityAssignments.event_id, from))
      .orderBy(asc(capacityAssignments.id));
    const links = rows.length
      ? await tx
          .select()
          .from(capacityAssignmentTickets)
          .where(
            inArray(
              capacityAssignmentTickets.capacity_assignment_id,
              rows.map((r) => r.id),
            ),
          )
      : [];
    for (const { id, ...c } of rows) {
      const targets =
        c.applies_to === 'ALL'
          ? []
          : mapped(links.filter((l) => l.capacity_assignment_id === id).map((l) => l.ticket_id));
      if (!targets || (c.applies_to === 'TICKETS' && targets.length === 0)) continue;
      const [copy] = await tx
        .insert(capacityAssignments)
        .values({ ...c, event_id: to, created_at: now, updated_at: now })
        .returning({ id: capacityAssignments.id });
      if (targets.length)
        await tx
          .insert(capacityAssignmentTickets)
          .values(targets.map((t) => ({ capacity_assignment_id: copy!.id, ticket_id: t })));
    }
  }
}
