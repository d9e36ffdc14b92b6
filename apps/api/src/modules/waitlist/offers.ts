import { personName } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { orders, waitlistEntries } from '../../db/schema/index.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { type Catalogue, type EventRow, findPublicEvent, loadCatalogue } from '../checkout/catalogue.js';
import { catalogueOnDate, dateOfOrder } from '../checkout/catalogue-dates.js';
import { priceRequest, type ReserveInput, totalsOf } from '../checkout/order-lines.js';
import { insertReservation, ReservationStopped } from '../checkout/reservation-insert.js';
import { changesOf, normalise } from '../inventory/changes.js';
import { rowsOf } from '../inventory/counters.js';
import { loadStockLayout } from '../inventory/layout.js';
import type { StockDeps } from '../inventory/order-units.js';
import { newOrderSecret, newOrderShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { entryUrl } from './join.js';
import { mailDate } from './waitlist-mail-date.js';
import { offerLock } from './waitlist-state.js';

export interface OfferDeps {
  db: Db;
  stock: StockDeps;
  appUrl: string;
}

type EntryRow = typeof waitlistEntries.$inferSelect;

/** Entries looked at per event and run. */
const BATCH = 100;

/** The buyer's checkout of an offer, with its token and the order's secret after `#` (never sent to a server). */
const checkoutUrl = (appUrl: string, eventId: number, shortId: string, token: string, secret: string) =>
  `${appUrl}/checkout/${eventId}/${encodeURIComponent(shortId)}/details#token=${token}&secret=${secret}`;

/**
 * Makes one offer inside the caller's transaction (the event's offer lock held, the entry locked and
 * WAITING): the entry's units are held in an order of its own, taken through the stock module's guarded
 * chain like a reservation (without the waitlist's priority, which exists for exactly this) and held for
 * the event's offer time; the entry becomes OFFERED and the mail with the checkout link is written.
 * Returns the outbox id, or null when the units are not there (or the ticket is no longer on sale).
 */
export async function offerEntry(
  tx: Tx,
  deps: OfferDeps,
  event: EventRow,
  catalogue: Catalogue,
  entry: EntryRow,
): Promise<number | null> {
  const now = deps.stock.clock.now();
  const input = {
    items: [{ ticket_id: entry.ticket_id, tier_id: entry.tier_id, quantity: entry.quantity }],
  } as unknown as ReserveInput;
  let lines;
  let date;
  try {
    // The entry's date, as a buyer would order it: on sale and not over.
    date = dateOfOrder(catalogue, entry.event_date_id, now);
    lines = priceRequest(catalogueOnDate(catalogue, date), input, null, now);
  } catch (err) {
    // The date or the sale ended, the ticket or tier is gone, hidden or not sold that day: nothing to offer now.
    if (err instanceof DomainError) return null;
    throw err;
  }
  const totals = totalsOf(lines);
  const layout = await loadStockLayout(tx, event.id);
  const units = lines.map((l) => ({
    ticketId: l.ticket.ticket.id,
    tierId: l.tier?.id ?? null,
    dateId: date.id,
    admits: l.ticket.ticket.product_type === 'TICKET',
    seatId: null,
    quantity: l.quantity,
  }));
  const token = newToken();
  const shortId = newOrderShortId();
  const secret = newOrderSecret();
  let written;
  try {
    written = await tx.transaction((sp) =>
      insertReservation(
        sp,
        deps.stock.clock,
        deps.stock.guard,
        normalise(changesOf(layout, units, null, 1)),
        layout,
        {
          event,
          dateId: date.id,
          lines,
          totals,
          promo: null,
          affiliateId: null,
          tokenHash: hashToken(token),
          clientKey: null,
          locale: entry.locale,
          shortId,
          secret,
          holdMinutes: event.waitlist_offer_hours * 60,
        },
        { caps: null, storeAnswer: null, commitWith: false, buyer: false },
      ),
    );
  } catch (err) {
    if (err instanceof ReservationStopped) return null;
    throw err;
  }
  await tx
    .update(orders)
    .set({ first_name: entry.first_name, last_name: entry.last_name, email: entry.email })
    .where(eq(orders.id, written.id));
  await recordOrderEvent(tx, written.id, {
    kind: 'WAITLIST_OFFERED',
    data: { entry_id: entry.id, name: personName(entry), expires_at: written.reservedUntil.toISOString() },
    at: now,
  });
  await tx
    .update(waitlistEntries)
    .set({
      status: 'OFFERED',
      order_id: written.id,
      offer_token_hash: hashToken(token),
      offered_at: now,
      offer_expires_at: written.reservedUntil,
      updated_at: now,
    })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'WAITING')));
  const ticket = catalogue.tickets.find((t) => t.ticket.id === entry.ticket_id)!;
  const tier = ticket.tiers.find((x) => x.id === entry.tier_id);
  const data = {
    first_name: entry.first_name,
    last_name: entry.last_name,
    event_title: event.title,
    ticket_name: tier ? `${ticket.ticket.name} (${tier.label})` : ticket.ticket.name,
    quantity: entry.quantity,
    checkout_url: checkoutUrl(deps.appUrl, event.id, shortId, token, secret),
    entry_url: entryUrl(deps.appUrl, event.id, token),
    expires_at: written.reservedUntil.toISOString(),
    timezone: event.timezone,
    // With several dates, the mail says which one the tickets are for.
    ...(catalogue.dates.dates.length > 1 ? { date: mailDate(date, event.timezone) } : {}),
  };
  return enqueueMail(tx, mailPayload('waitlist_offer', entry.email, entry.locale, data), now);
}

/**
 * Offers units that came back to the people waiting for them, for one event, in line order: each entry
 * whose units are free now gets them (an entry asking for more than is free waits while a later, smaller
 * one may be served). Only for events whose offers go out automatically. One transaction under the
 * event's offer lock: two sweeps never offer at once, and the guarded counters make sure nothing is
 * offered twice or past stock. Returns the outbox ids of the offer mails.
 */
export async function offerFreedUnits(deps: OfferDeps, eventId: number): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(offerLock(eventId));
    const event = await findPublicEvent(tx, eventId);
    if (!event || event.waitlist_offer_mode !== 'AUTOMATIC') return [];
    const entries = await tx
      .select({ w: waitlistEntries })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.event_id, eventId),
          eq(waitlistEntries.status, 'WAITING'),
          sql`exists (select 1 from tickets t where t.id = ${waitlistEntries.ticket_id} and t.waitlist_enabled)`,
        ),
      )
      .orderBy(waitlistEntries.id)
      .limit(BATCH)
      .for('update');
    if (!entries.length) return [];
    const catalogue = await loadCatalogue(tx, event);
    const mails: number[] = [];
    // A ticket that refused an entry on a date may still fit a smaller one; one that refused one unit is full there.
    const full = new Set<string>();
    for (const { w } of entries) {
      const key = `${w.ticket_id}:${w.tier_id ?? ''}:${w.event_date_id}`;
      if (full.has(key)) continue;
      const mail = await offerEntry(tx, deps, event, catalogue, w);
      if (mail !== null) mails.push(mail);
      else if (w.quantity === 1) full.add(key);
    }
    return mails;
  });
}

/** Every live event with someone waiting on an open waitlist and automatic offers: offers what is free. */
export async function offerAllFreedUnits(deps: OfferDeps): Promise<number[]> {
  const events = await rowsOf<{ event_id: number }>(
    deps.db,
    sql`select distinct w.event_id from waitlist_entries w
        join tickets t on t.id = w.ticket_id and t.waitlist_enabled
        join events e on e.id = w.event_id and e.status = 'LIVE' and e.waitlist_offer_mode = 'AUTOMATIC'
        where w.status = 'WAITING'`,
  );
  const mails: number[] = [];
  for (const { event_id } of events) mails.push(...(await offerFreedUnits(deps, Number(event_id))));
  return mails;
}

/**
 * The organizer offers units to one WAITING entry now (in any order; also with manual offers):
 * WAITLIST_ENTRY_CHANGED when it is no longer waiting, NO_TICKETS_AVAILABLE when its units are not free.
 */
export async function offerByOrganizer(
  deps: OfferDeps,
  accountId: number,
  eventId: number,
  entryId: number,
): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(offerLock(eventId));
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.id, entryId),
          eq(waitlistEntries.event_id, eventId),
          eq(waitlistEntries.account_id, accountId),
        ),
      )
      .for('update');
    if (!entry) throw notFound();
    if (entry.status !== 'WAITING') throw new DomainError('WAITLIST_ENTRY_CHANGED');
    const event = await findPublicEvent(tx, eventId);
    if (!event) throw new DomainError('WAITLIST_CLOSED');
    const mail = await offerEntry(tx, deps, event, await loadCatalogue(tx, event), entry);
    if (mail === null) throw new DomainError('NO_TICKETS_AVAILABLE');
    return [mail];
  });
}
