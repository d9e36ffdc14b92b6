import {
  type BoxOfficeDto,
  type BoxOfficeItemDto,
  type Locale,
  priceUnit,
  type PublicEventDto,
  type TicketType,
} from '@admitone/shared';

import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { checkInListsOf } from '../check-in/check-in-lists.repository.js';
import { type Catalogue, findPublicEvent, loadCatalogue, stockOf } from '../checkout/catalogue.js';
import { catalogueOnDate } from '../checkout/catalogue-dates.js';
import { readEventDateLevels } from '../inventory/date-levels.js';
import { readStockLevels } from '../inventory/stock-levels.js';
import { checkoutQuestions, questionsIn } from '../orders/order-view.js';
import { publicDateStock } from '../public-events/public-dates.js';
import { onDateTickets, previewEventFor } from '../public-events/public-event.js';
import { availabilityOnDate } from '../tickets/availability.js';
import { keptKey, keptOnDate } from './allocations.js';
import { boxOfficeEvent } from './box-office-access.js';
import { openShiftView } from './shifts.js';

/**
 * The catalogue as the box office sells it: only what is sold at the box office, at its box-office price where one
 * is set, whatever its online visibility, promo lock or sale window (staff sell at the door after online sales close).
 * What it keeps is marked `sold_online` so the one pricing step (`priceRequest`, which sells only that) accepts it.
 */
export function boxOfficeCatalogue(c: Catalogue): Catalogue {
  return {
    ...c,
    hiddenCategories: new Set(),
    tickets: c.tickets
      .filter((t) => t.ticket.sold_at_box_office)
      .map((t) => ({
        ...t,
        ticket: {
          ...t.ticket,
          sold_online: true,
          is_hidden: false,
          requires_promo_code: false,
          sale_start: null,
          sale_end: null,
          price:
            t.ticket.type === 'PAID' && t.ticket.box_office_price !== null ? t.ticket.box_office_price : t.ticket.price,
        },
        tiers: t.tiers.map((tier) => ({ ...tier, is_hidden: false, sale_start: null, sale_end: null })),
      })),
  };
}

/** The live event's box-office catalogue, read fresh (null: not live). */
export async function loadBoxOfficeCatalogue(db: Db, eventId: number): Promise<Catalogue | null> {
  const event = await findPublicEvent(db, eventId);
  return event ? boxOfficeCatalogue(await loadCatalogue(db, event)) : null;
}

/**
 * What the box-office screen shows: the dates it can sell (on sale, not over), what sells on the chosen one (the next
 * date unless one is asked for) with its price and what is left, the check-in lists to admit on, and the caller's open
 * shift.
 */
export async function boxOfficeView(
  db: Db,
  auth: AuthContext,
  eventId: number,
  dateId: number | undefined,
  now: Date,
  cardPayments: boolean,
  locale: Locale,
): Promise<BoxOfficeDto> {
  const event = await boxOfficeEvent(db, auth, eventId);
  const full = await loadBoxOfficeCatalogue(db, eventId);
  const dates = (full?.dates.dates ?? []).filter(
    (d) => d.status === 'ON_SALE' && (d.end_date ?? d.start_date).getTime() > now.getTime(),
  );
  const date = dates.find((d) => d.id === dateId) ?? dates[0] ?? null;
  const items: BoxOfficeItemDto[] = [];
  if (full && date) {
    const catalogue = catalogueOnDate(full, date);
    const levels = stockOf(catalogue, await readStockLevels(db, eventId, now));
    const onDate = publicDateStock(await readEventDateLevels(db, eventId, now)).levels(date.id);
    const left = availabilityOnDate(onDateTickets(catalogue), levels, onDate);
    const seated = catalogue.seating?.seatedTickets ?? new Set<number>();
    const kept = await keptOnDate(db, date.id);
    catalogue.tickets.forEach((t, i) => {
      const base = {
        ticket_id: t.ticket.id,
        type: t.ticket.type,
        product_type: t.ticket.product_type,
        seated: seated.has(t.ticket.id),
        charges: catalogue.charges.get(t.ticket.id) ?? [],
        min_amount: t.ticket.type === 'DONATION' ? (t.ticket.min_price ?? 0) : null,
      };
      const charges = (price: number) => priceWithCharges(catalogue, t.ticket.id, t.ticket.type, price);
      if (t.ticket.type === 'TIERED')
        for (const tier of t.tiers)
          items.push({
            ...base,
            tier_id: tier.id,
            kept: kept.get(keptKey(t.ticket.id, tier.id)) ?? 0,
            name: `${t.ticket.name} – ${tier.label}`,
            price: charges(tier.price),
            available: left[i]?.tiers.find((x) => x.id === tier.id)?.available ?? left[i]?.available ?? null,
          });
      else
        items.push({
          ...base,
          tier_id: null,
          kept: kept.get(keptKey(t.ticket.id, null)) ?? 0,
          name: t.ticket.name,
          price: charges(t.ticket.type === 'PAID' ? (t.ticket.price ?? 0) : (t.ticket.min_price ?? 0)),
          available: left[i]?.available ?? null,
        });
    });
  }
  const lists = await checkInListsOf(db, auth.accountId, eventId);
  return {
    event: { id: event.id, title: event.title, currency: event.currency, timezone: event.timezone },
    dates: dates.map((d) => ({
      id: d.id,
      start_date: d.start_date.toISOString(),
      end_date: d.end_date?.toISOString() ?? null,
      label: d.label,
    })),
    date_id: date?.id ?? null,
    items,
    check_in_lists: lists.map((l) => ({ id: l.id, name: l.name ?? '' })),
    shift: await openShiftView(db, eventId, auth.user.id),
    card_payments: cardPayments,
    questions: questionsIn(await doorQuestions(db, eventId), locale),
  };
}

/**
 * The event as a buyer's seat picker needs it, for the box office: the chosen date's tickets as the box office sells
 * them (its channel, its prices, no sale window), so staff choose seats on the same plan, with the same holds.
 */
export async function boxOfficePickerEvent(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  eventId: number,
  dateId: number | undefined,
  now: Date,
  locale: Locale,
): Promise<PublicEventDto> {
  await boxOfficeEvent(db, auth, eventId);
  const found = await previewEventFor(
    db,
    storage,
    auth.accountId,
    eventId,
    undefined,
    now,
    locale,
    dateId,
    boxOfficeCatalogue,
  );
  if (!found || found.status !== 'LIVE') throw new DomainError('EVENT_UNAVAILABLE');
  return found.event;
}

/** The event's visible questions asked at the box office too. */
export const doorQuestions = async (db: Db, eventId: number) =>
  (await checkoutQuestions(db, eventId)).filter((q) => q.asked_at_box_office && q.type !== 'FILE');

/** One unit's price with its taxes and fees, as the buyer pays it. */
function priceWithCharges(c: Catalogue, ticketId: number, type: TicketType, base: number): number {
  return priceUnit(type, base, c.charges.get(ticketId) ?? []).total;
}
