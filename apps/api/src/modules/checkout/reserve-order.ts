import { LIMITS, type Locale } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { sqlNow } from '../../db/sql-now.js';
import { DomainError, isLockContention, notFound } from '../../shared/errors.js';
import { freeKeySql, keepAnswerSql } from '../../shared/idempotency.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { findEnabledAffiliateId } from '../affiliates/affiliates.repository.js';
import type { Admission } from '../inventory/admission.js';
import { changesOf, type CounterChange, normalise, type UnitCount } from '../inventory/changes.js';
import { explainShortfall, rowsOf, StaleStockLayout, StockShortage } from '../inventory/counters.js';
import { capsApply, capsCheck, capsRefusal, type ClientId, clientLock } from '../inventory/fairness.js';
import { lockEarlierHold, releaseExpiredHolds } from '../inventory/holds.js';
import { layoutOf } from '../inventory/layout.js';
import type { StockDeps } from '../inventory/order-units.js';
import { newOrderSecret, newOrderShortId } from '../orders/ids.js';
import { checkSeatPicks, lineKey, type SeatPicks, seatsTaken } from '../seating/seat-picks.js';
import { type PlaceMap, placeMapOf } from '../seating/seats.js';
import { type Catalogue, findPromoByCode, type PromoInfo } from './catalogue.js';
import { promoApplies } from './catalogue.js';
import { type CatalogueDate, catalogueOnDate, dateOfOrder } from './catalogue-dates.js';
import { claimKey, clientScopeOf } from './idempotency.js';
import { priceRequest, promoUsable, type ReserveInput, totalsOf } from './order-lines.js';
import { passDatesTaken } from './passes.js';
import { insertReservation, ReservationStopped, type WrittenOrder } from './reservation-insert.js';

export interface ReserveDeps {
  db: Db;
  /** PostgreSQL: the reservation's COMMIT travels with its statement (see insertReservation). */
  commitWith?: boolean;
  stock: StockDeps;
  /** Checkouts of one event enter the database a few at a time, first come first served. */
  admission?: Pick<Admission, 'run'>;
  /** The live event's catalogue: from the public event cache, or (`fresh`) straight from the database. */
  catalogueOf(eventId: number, fresh: boolean): Promise<Catalogue | null>;
}

export interface ReserveOptions {
  checkoutToken: string | null;
  locale: Locale;
  idempotencyKey: string | undefined;
  client: Omit<ClientId, 'tokenHash'>;
}

/** A fresh reservation (`written`), or the stored answer of a repeated request (`written` null). */
export interface Reserved {
  status: number;
  shortId: string;
  checkoutToken: string;
  /** The new order's secret (null for a repeated request: its order has it). */
  orderSecret: string | null;
  written:
    | (WrittenOrder & {
        catalogue: Catalogue;
        /** The date the order is for. */
        date: CatalogueDate;
        promoCode: string | null;
        lines: ReturnType<typeof priceRequest>;
        totals: ReturnType<typeof totalsOf>;
        /** A seated event's places (the answer names where its attendees sit). */
        places: PlaceMap | null;
      })
    | null;
}

const invalidPromo = () =>
  new DomainError('VALIDATION_FAILED', { fields: { promo_code: [{ key: 'promo_code_invalid' }] } });
const ATTEMPTS = 3;
/** How long a buyer who found a ticket full waits for holds another transaction is releasing or completing. */
const RELEASE_WAIT_MS = 500;

/**
 * Reserves tickets for a checkout: the one stock recipe (docs/LOCKING.md). The catalogue (usually the
 * cached one) gives the sale rules and prices; then one short transaction: the client's fairness caps,
 * the replaced earlier hold of the same checkout, and one statement that takes every counter involved
 * through its guard (tickets, tiers, the tickets on the date, the date, capacity assignments, promo code,
 * in that order) and inserts the
 * order with its lines and attendees only if all of them fit. When a counter refuses, the statement
 * takes nothing (undone inside the database, the claimed key given back, the earlier hold kept); expired holds of the
 * event are released and the reservation is tried once more, and a
 * catalogue an organizer changed meanwhile is read again. Nothing here reads rows that grow with sales.
 */
export async function reserveOrder(
  deps: ReserveDeps,
  eventId: number,
  input: ReserveInput,
  opts: ReserveOptions,
): Promise<Reserved> {
  // An empty token is no token (it would be one checkout shared by everyone who sends it).
  const givenToken = opts.checkoutToken || null;
  const checkoutToken = givenToken ?? newToken();
  const tokenHash = hashToken(checkoutToken);
  let fresh = false;
  let releasedOnce = false;
  for (let attempt = 1; ; attempt++) {
    const catalogue = await deps.catalogueOf(eventId, fresh);
    if (!catalogue) throw notFound();
    const { event } = catalogue;
    const now = deps.stock.clock.now();
    if ((event.end_date ?? event.start_date) <= now) throw new DomainError('EVENT_UNAVAILABLE');

    let promo: PromoInfo | null = null;
    if (input.promo_code) {
      promo = await findPromoByCode(deps.db, event.id, input.promo_code);
      if (!promoUsable(promo, now)) throw invalidPromo();
    }
    const date = dateOfOrder(catalogue, input.event_date_id, now);
    const lines = priceRequest(catalogueOnDate(catalogue, date), input, promo, now);
    const totals = totalsOf(lines);
    if (totals.total !== input.expected_total) throw new DomainError('PRICE_CHANGED');
    if (totals.total > LIMITS.ORDER_TOTAL_MAX)
      throw new DomainError('VALIDATION_FAILED', { fields: { items: [{ key: 'order_total_too_large' }] } });
    // Every order the code applies to uses it up, whatever it does (a discount, or only unlocking a ticket).
    const promoUsed = promo && lines.some((l) => promoApplies(promo, l.ticket.ticket.id)) ? promo : null;
    // An unknown or disabled affiliate code attributes nothing; it never fails the checkout.
    const affiliateId = input.affiliate_code
      ? await findEnabledAffiliateId(deps.db, event.id, input.affiliate_code)
      : null;
    const layout = layoutOf(
      event.id,
      catalogue.tickets.map((t) => t.ticket),
      catalogue.capacities,
    );
    // A pass takes a unit on each date it admits on (none for one whose dates are picked later); everything else on
    // the order's date.
    const passDates = new Map(
      lines
        .filter((l) => l.ticket.ticket.is_pass)
        .map((l) => [l.ticket.ticket.id, passDatesTaken(catalogue, l.ticket.ticket, now).map((d) => d.id)]),
    );
    // A seated ticket's units are its places, each taken on the date (a seat has room for one).
    const places = catalogue.seating ? await placeMapOf(deps.db, catalogue.seating.versionId) : null;
    const picks = checkSeatPicks(catalogue.seating, places, input.items);
    const seatsOfLines = placesOfLines(lines, picks);
    const units = lines.flatMap((l, n) =>
      (passDates.get(l.ticket.ticket.id) ?? [date.id]).flatMap((dateId): UnitCount[] => {
        const unit = {
          ticketId: l.ticket.ticket.id,
          tierId: l.tier?.id ?? null,
          dateId,
          admits: l.ticket.ticket.product_type === 'TICKET',
        };
        const seats = seatsOfLines[n]!;
        if (!seats.length) return [{ ...unit, seatId: null, quantity: l.quantity }];
        return [...countsOf(seats)].map(([seatId, quantity]) => ({ ...unit, seatId, quantity }));
      }),
    );
    const unitCount = lines.reduce((s, l) => s + l.quantity, 0);

    const caps = { holdLimit: event.client_hold_limit, reservationLimit: event.client_reservation_limit };
    const client: ClientId = { key: opts.client.key, tokenHash: givenToken ? tokenHash : null };
    // The key is the client's own: another client's repeat of it is a new reservation, never this one's answer.
    const scope = `reserve:${event.id}:${clientScopeOf(client.tokenHash, client.key)}`;
    let changes: CounterChange[] = [];
    try {
      let written: WrittenOrder | null = null;
      let secret: string | null = null;
      const transaction = () =>
        deps.db.transaction(async (tx) => {
          // One round trip: the idempotency key (a repeat waits, then gets the first answer) and the client's fairness
          // lock.
          const stored = await claimKey<{ short_id: string; checkout_token: string }>(
            tx,
            scope,
            opts.idempotencyKey,
            input,
            capsApply(caps) ? clientLock(event.id, client) : null,
          );
          if (stored) return stored;
          const earlier = givenToken
            ? await lockEarlierHold(tx, event.id, tokenHash)
            : { orderIds: [], units: [], promoIds: [] };
          changes = normalise([
            ...changesOf(layout, units, promoUsed?.id ?? null, 1),
            ...changesOf(layout, earlier.units, null, -1),
            ...earlier.promoIds.map((id) => ({ kind: 'promo' as const, id, delta: -1 })),
          ]);
          const shortId = newOrderShortId();
          secret = newOrderSecret();
          const reply = { status: 201, body: { short_id: shortId, checkout_token: checkoutToken } };
          written = await insertReservation(
            tx,
            deps.stock.clock,
            deps.stock.guard,
            changes,
            layout,
            {
              event,
              dateId: date.id,
              passDates,
              lines,
              seats: seatsOfLines,
              totals,
              promo: promoUsed,
              affiliateId,
              tokenHash,
              clientKey: opts.client.key,
              locale: opts.locale,
              shortId,
              secret,
              replaces: earlier.orderIds,
            },
            {
              caps: capsApply(caps) ? capsCheck(event.id, client, caps, unitCount, sqlNow(deps.stock.clock)) : null,
              storeAnswer: opts.idempotencyKey ? keepAnswerSql(scope, opts.idempotencyKey, reply) : null,
              commitWith: !!deps.commitWith,
              buyer: true,
              onStop: opts.idempotencyKey ? freeKeySql(scope, opts.idempotencyKey) : null,
            },
          );
          return reply;
        });
      const answer = deps.admission ? await deps.admission.run(event.id, transaction) : await transaction();
      const w = written as WrittenOrder | null;
      return {
        status: answer.status,
        shortId: answer.body.short_id,
        checkoutToken: answer.body.checkout_token,
        orderSecret: w ? secret : null,
        written: w && { ...w, catalogue, date, promoCode: promoUsed?.code ?? null, lines, totals, places },
      };
    } catch (caught) {
      let err = caught;
      if (err instanceof ReservationStopped) {
        // Nothing was taken: find out why, from what the caps and the counters say now.
        if (capsApply(caps)) {
          const check = capsCheck(event.id, client, caps, unitCount, sqlNow(deps.stock.clock));
          const [r] = await rowsOf<{ ok: boolean; report: Parameters<typeof capsRefusal>[0] }>(
            deps.db,
            sql`with ${check.cte} select (${check.passes}) as ok, ${check.report} as report`,
          );
          if (!r!.ok) throw capsRefusal(r!.report, caps, unitCount)!;
        }
        err = await explainShortfall(deps.db, changes, layout, { buyer: true });
      }
      if (attempt >= ATTEMPTS) throw await mapShortage(deps.db, err, picks, date.id);
      if (err instanceof StaleStockLayout) {
        fresh = true;
        continue;
      }
      if (err instanceof StockShortage && !releasedOnce) {
        // A full counter may be full of abandoned carts: give their units back (another buyer may be
        // doing it at this moment), then try once more.
        releasedOnce = true;
        await releaseExpiredHolds(deps.db, deps.stock, event.id, { lockWaitMs: RELEASE_WAIT_MS }).catch(
          (e: unknown) => {
            // Someone else holds those orders longer than a moment: try again with what is free now.
            if (!isLockContention(e)) throw e;
          },
        );
        continue;
      }
      throw await mapShortage(deps.db, err, picks, date.id);
    }
  }
}

/** What a buyer is told when the stock is not there; when places were: which of them are gone. */
async function mapShortage(db: Db, err: unknown, picks: SeatPicks, dateId: number): Promise<unknown> {
  if (err instanceof StockShortage && err.change.kind === 'seat')
    return seatsTaken(picks, await lostPlaces(db, picks, dateId));
  if (err instanceof StockShortage)
    return err.change.kind === 'promo' ? invalidPromo() : new DomainError('NO_TICKETS_AVAILABLE');
  if (err instanceof StaleStockLayout) return new DomainError('NO_TICKETS_AVAILABLE');
  return err;
}

/** Each line's places, in the body's order (none for a line sold without seats). */
export function placesOfLines(lines: ReturnType<typeof priceRequest>, picks: SeatPicks): number[][] {
  const queues = new Map([...picks.byLine].map(([k, v]) => [k, [...v]]));
  return lines.map((l) => {
    const queue = queues.get(lineKey(l.ticket.ticket.id, l.tier?.id ?? null));
    return queue ? queue.splice(0, l.quantity).map((p) => p.id) : [];
  });
}

/** How many units each place takes. */
const countsOf = (ids: readonly number[]) =>
  ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<number, number>());

/** The places named that have no room left on the date for what was asked of them, or are kept off sale. */
export async function lostPlaces(db: Db, picks: SeatPicks, dateId: number): Promise<Set<number>> {
  const asked = countsOf(picks.all.map((p) => p.place.id));
  if (!asked.size) return new Set();
  const ids = sql.join(
    [...asked.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ seat_id: number; taken: number }>(
    db,
    sql`select seat_id, taken from seat_dates where event_date_id = ${dateId} and seat_id in (${ids})
        union all
        select seat_id, 1000000 from seat_hold_places
        where event_id = (select event_id from event_dates where id = ${dateId}) and seat_id in (${ids})`,
  );
  const placesOf = new Map(picks.all.map((p) => [p.place.id, p.place.places]));
  return new Set(
    rows
      .filter((r) => Number(r.taken) + asked.get(Number(r.seat_id))! > placesOf.get(Number(r.seat_id))!)
      .map((r) => Number(r.seat_id)),
  );
}
