import {
  type AppliedPromoDto,
  DEFAULT_EVENT_COLORS,
  EVENT_TEXT_FIELDS,
  inLanguage,
  type Locale,
  type PublicCategoryDto,
  type PublicEventDatesDto,
  type PublicEventDto,
  type PublicTicketDto,
  type TicketSaleState,
} from '@admitone/shared';
import { and, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, organizers } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  type Catalogue,
  type EventRow,
  findPromoByCode,
  findPublicEvent,
  promoApplies,
  type PromoInfo,
  stockOf,
  unitPrice,
} from '../checkout/catalogue.js';
import { type CatalogueDate, catalogueOnDate } from '../checkout/catalogue-dates.js';
import { promoUsable } from '../checkout/order-lines.js';
import { passAsSold, passDatesAhead } from '../checkout/passes.js';
import { EMPTY_LOCATION, lifecycleOf } from '../events/event-dto.js';
import { imagesByOwner, toImageDto } from '../images/images.repository.js';
import type { DateLevels } from '../inventory/date-levels.js';
import { readStockLevels, type StockLevels } from '../inventory/stock-levels.js';
import { type CategoryRow, listCategories } from '../product-categories/product-categories.repository.js';
import {
  availability,
  availabilityOnDate,
  ceilingOf,
  type TicketAvailability,
  type TicketStock,
} from '../tickets/availability.js';
import { saleState, tieredState } from '../tickets/sale-state.js';
import { publicDates, type PublicDateStock, readPublicDateStock } from './public-dates.js';
import { type EventStatic, loadEventStatic, type PublicEventCache } from './public-event-cache.js';

/** A promo code a buyer may use right now (exists, not expired, not used up), or null. */
export async function usablePromo(db: Executor, eventId: number, code: string, now: Date): Promise<PromoInfo | null> {
  const promo = await findPromoByCode(db, eventId, code);
  if (!promo || !promoUsable(promo, now)) return null;
  if (promo.max_uses !== null && promo.taken >= promo.max_uses) return null;
  return promo;
}

const TICKET_TEXTS = ['name', 'description'] as const;

export const toAppliedPromo = (p: PromoInfo): AppliedPromoDto => ({
  code: p.code,
  discount_type: p.discount_type,
  discount: p.discount,
  ticket_ids: p.ticket_ids,
});

/** Whether a ticket in this state is listed for buyers, given its "hide when/before/after" flags and its waitlist. */
function listed(
  state: TicketSaleState,
  flags: {
    hide_when_sold_out: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    waitlist_enabled: boolean;
  },
) {
  if (state === 'HIDDEN') return false;
  // A sold-out ticket with its waitlist open stays on show: buyers join the waitlist from it.
  if (state === 'SOLD_OUT' && flags.hide_when_sold_out && !flags.waitlist_enabled) return false;
  if (state === 'SALE_STARTS' && flags.hide_before_sale_start) return false;
  if (state === 'SALE_ENDED' && flags.hide_after_sale_end) return false;
  return true;
}

/** How many a buyer may pick: within max per order and what is left; 0 unless on sale. */
const selectable = (state: TicketSaleState, available: number | null, max: number | null) =>
  state !== 'ON_SALE' ? 0 : Math.min(available ?? Number.MAX_SAFE_INTEGER, max ?? 100, 100);

type OrganizerRow = typeof organizers.$inferSelect;
type ImageRow = NonNullable<Awaited<ReturnType<typeof imagesByOwner>> extends Map<number, infer I> ? I : never>;

/**
 * The event's parts that only the organizer changes, besides the catalogue: organizer, cover, logo, product categories.
 */
export interface EventExtras {
  organizer: OrganizerRow;
  cover: ImageRow | null;
  logo: ImageRow | null;
  categories: CategoryRow[];
}

export async function loadEventExtras(db: Executor, event: EventRow): Promise<EventExtras> {
  const [[organizer], covers, logos, categories] = await Promise.all([
    db.select().from(organizers).where(eq(organizers.id, event.organizer_id)),
    imagesByOwner(db, event.account_id, 'event', 'EVENT_COVER', [event.id]),
    imagesByOwner(db, event.account_id, 'organizer', 'ORGANIZER_LOGO', [event.organizer_id]),
    listCategories(db, event.account_id, event.id),
  ]);
  return {
    organizer: organizer!,
    cover: covers.get(event.id) ?? null,
    logo: logos.get(event.organizer_id) ?? null,
    categories,
  };
}

export type PublicEventParts = EventStatic<EventExtras>;

/** A live event's parts straight from the database (no cache), or null when it is not live. */
export async function loadPublicEventParts(db: Executor, eventId: number): Promise<PublicEventParts | null> {
  return loadEventStatic(db, await findPublicEvent(db, eventId), (e) => loadEventExtras(db, e));
}

/** The address of an event's public page (its canonical address; `/e/{id}` and `/event/{id}` also lead there). */
export const publicEventPath = (id: number, slug: string) => `/event/${id}/${slug}`;

/**
 * An event as a visitor sees it: only visible tickets (promo-only ones when the code unlocks them),
 * each with its sale state, what may be chosen and prices through the one pricing rule. Built from
 * the event's parts and stock counts (cached or not) and the clock.
 */
/** How many one waitlist place may ask for: within the ticket's max per order, what it could ever sell, and 100. */
const waitlistMax = (maxPerOrder: number | null, ceiling: number | null) =>
  Math.max(1, Math.min(maxPerOrder ?? 100, ceiling ?? 100, 100));

/** The dates part of the answer, and the stock of the date the tickets are for (null: no date chosen). */
export interface DateView {
  dates: PublicEventDatesDto;
  levels: DateLevels | null;
  /** Any date's stock (a pass is bounded by every date it admits on). */
  levelsOn?: (dateId: number) => DateLevels;
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The catalogue's tickets as `availabilityOnDate` needs them. */
export const onDateTickets = (catalogue: Catalogue) => ({
  tickets: catalogue.tickets.map((t) => ({
    id: t.ticket.id,
    quantity: t.ticket.quantity,
    admission: t.ticket.product_type === 'TICKET',
  })),
  capacities: catalogue.capacities,
});

/** A pass's availability: its least on any of the dates it admits on (no date ahead: nothing). */
function passAvailability(
  catalogue: Catalogue,
  levels: TicketStock[],
  dates: readonly CatalogueDate[],
  index: number,
  levelsOn: (dateId: number) => DateLevels,
): TicketAvailability {
  let least: TicketAvailability = { ...availability(levels, catalogue.capacities)[index]!, available: 0 };
  dates.forEach((d, n) => {
    const here = availabilityOnDate(onDateTickets(catalogue), levels, levelsOn(d.id))[index]!;
    const available = d.status === 'SOLD_OUT' ? 0 : here.available;
    least = n === 0 ? { ...here, available } : { ...least, available: minOf(least.available, available) };
  });
  return least;
}

const passOf = (ahead: readonly CatalogueDate[], prorated: boolean, picks: number | null) => ({
  date_count: ahead.length,
  first_start: ahead[0]!.start_date.toISOString(),
  last_start: ahead[ahead.length - 1]!.start_date.toISOString(),
  prorated,
  picks,
});

export function publicEventView(
  storage: FileStorage,
  parts: PublicEventParts,
  counts: StockLevels,
  dateView: DateView,
  promo: PromoInfo | null,
  promoCode: string | undefined,
  now: Date,
  locale: Locale | null = null,
): PublicEventDto {
  // The tickets are those of the chosen date, at its times and prices; none until a date is chosen, nor on a
  // cancelled one.
  const chosen = dateView.dates.chosen;
  const date = chosen ? parts.catalogue.dates.dates.find((d) => d.id === chosen.id) : undefined;
  const catalogue = date ? catalogueOnDate(parts.catalogue, date) : parts.catalogue;
  const lists = !!date && chosen?.state !== 'CANCELLED';
  const row = date ? { ...parts.event, start_date: date.start_date, end_date: date.end_date } : parts.event;
  // The organizer's texts in the visitor's language where given, else as written.
  const event = inLanguage(row, row.translations, locale, EVENT_TEXT_FIELDS);
  const { organizer, cover, logo, categories } = parts.extra;
  // Tickets are listed category by category; a hidden category hides what is in it.
  const categoryRank = new Map(categories.map((c, i) => [c.id, i]));
  const hiddenCategories = new Set(categories.filter((c) => c.is_hidden).map((c) => c.id));
  const levels = stockOf(catalogue, counts);
  const stock = dateView.levels
    ? availabilityOnDate(onDateTickets(catalogue), levels, dateView.levels)
    : availability(levels, catalogue.capacities);
  const eventEnded = (event.end_date ?? event.start_date) <= now;
  const showRemaining = event.show_remaining_tickets;
  const tickets: PublicTicketDto[] = [];
  catalogue.tickets.forEach((p, i) => {
    if (!lists) return;
    const t = inLanguage(p.ticket, p.ticket.translations, locale, TICKET_TEXTS);
    // Sold only at the box office: not listed online.
    if (!t.sold_online) return;
    const unlocked = t.requires_promo_code && promoApplies(promo, t.id);
    if (t.requires_promo_code && !unlocked) return;
    if (hiddenCategories.has(t.category_id)) return;
    // Someone waits for the ticket on this date (its waitlist open): what comes back is theirs, so it shows sold out.
    // A date the organizer marked sold out sells nothing: its tickets show sold out too.
    const queued = (t.waitlist_enabled && counts.waiting(t.id, date!.id) > 0) || date!.status === 'SOLD_OUT';
    // A pass is what is left on the emptiest of its dates (none on a date marked sold out).
    const ahead = t.is_pass ? passDatesAhead(catalogue, t.id, now) : [];
    const a = queued
      ? { ...stock[i]!, available: 0, tiers: stock[i]!.tiers.map((x) => ({ ...x, available: 0 })) }
      : t.is_pass && t.pass_picks === null && dateView.levelsOn
        ? passAvailability(catalogue, levels, ahead, i, dateView.levelsOn)
        : stock[i]!;
    const tiers = p.tiers
      .filter((tier) => !tier.is_hidden)
      .map((tier) => {
        const available = a.tiers.find((x) => x.id === tier.id)?.available ?? null;
        const state = saleState(
          {
            is_hidden: false,
            sale_start: tier.sale_start ?? t.sale_start,
            sale_end: tier.sale_end ?? t.sale_end,
            available,
          },
          now,
          eventEnded,
        );
        return {
          id: tier.id,
          label: tier.label,
          sale_state: state,
          sale_start: (tier.sale_start ?? t.sale_start)?.toISOString() ?? null,
          sale_end: (tier.sale_end ?? t.sale_end)?.toISOString() ?? null,
          unit: unitPrice(catalogue, p, tier, null, promo),
          max_selectable: selectable(state, available, t.max_per_order),
          remaining: showRemaining ? available : null,
        };
      });
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
    if (!listed(state, t)) return;
    const unit = t.type === 'TIERED' ? null : unitPrice(catalogue, passAsSold(catalogue, p, now), null, null, promo);
    tickets.push({
      id: t.id,
      name: t.name,
      description: t.description,
      type: t.type,
      product_type: t.product_type,
      addon_max_per_ticket: t.addon_max_per_ticket,
      sale_state: state,
      sale_start: t.sale_start?.toISOString() ?? null,
      sale_end: t.sale_end?.toISOString() ?? null,
      min_per_order: t.min_per_order,
      max_per_order: t.max_per_order,
      max_selectable:
        t.type === 'TIERED' ? Math.min(t.max_per_order ?? 100, 100) : selectable(state, a.available, t.max_per_order),
      remaining: showRemaining ? a.available : null,
      unit,
      min_price: t.type === 'DONATION' ? t.min_price : null,
      tiers,
      charges: catalogue.charges.get(t.id) ?? [],
      is_discounted: (unit?.discount ?? 0) > 0 || tiers.some((x) => x.unit.discount > 0),
      unlocked_by_promo: unlocked,
      category_id: t.category_id,
      // A seat is chosen, not handed out: a ticket sold by seat keeps no waitlist (an offer could not name a place).
      waitlist: t.waitlist_enabled && state === 'SOLD_OUT' && !parts.catalogue.seating?.seatedTickets.has(t.id),
      waitlist_max:
        t.waitlist_enabled && state === 'SOLD_OUT'
          ? waitlistMax(t.max_per_order, ceilingOf(levels[i]!, catalogue.capacities))
          : null,
      pass: t.is_pass && ahead.length ? passOf(ahead, t.pass_prorated, t.pass_picks) : null,
    });
  });
  const rank = (t: PublicTicketDto) => categoryRank.get(t.category_id) ?? 0;
  tickets.sort((a, b) => rank(a) - rank(b));
  const shown = new Set(tickets.map((t) => t.category_id));
  const publicCategories: PublicCategoryDto[] = categories
    .filter((c) => shown.has(c.id))
    .map((c) => {
      const texts = inLanguage({ name: c.name, description: c.description }, c.translations, locale, TICKET_TEXTS);
      return { id: c.id, name: texts.name, description: texts.description, starts_collapsed: c.starts_collapsed };
    });
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    description: event.description,
    start_date: event.start_date.toISOString(),
    end_date: event.end_date?.toISOString() ?? null,
    timezone: event.timezone,
    currency: event.currency,
    lifecycle: lifecycleOf(event.start_date, event.end_date, now),
    is_online: event.is_online,
    location: chosen?.location ?? { ...EMPTY_LOCATION, ...event.location },
    cover_image: cover ? toImageDto(cover, storage) : null,
    organizer: {
      id: organizer.id,
      name: organizer.name,
      description: organizer.description,
      website: organizer.website,
      logo: logo ? toImageDto(logo, storage) : null,
    },
    settings: {
      colors: { ...DEFAULT_EVENT_COLORS, ...(event.colors ?? {}) },
      pre_checkout_message: event.pre_checkout_message,
      price_display_mode: event.price_display_mode,
      show_remaining_tickets: event.show_remaining_tickets,
      cover_display: event.cover_display,
      seo_title: event.seo_title,
      seo_description: event.seo_description,
      seo_keywords: event.seo_keywords,
      allow_search_engine_indexing: event.allow_search_engine_indexing,
      order_timeout_minutes: event.order_timeout_minutes,
      support_email: event.support_email,
      offline_payments_enabled: event.offline_payments_enabled,
    },
    categories: publicCategories,
    tickets,
    promo: promo ? toAppliedPromo(promo) : null,
    promo_invalid: !!promoCode && !promo,
    url: publicEventPath(event.id, event.slug),
    dates: dateView.dates,
    seated_ticket_ids: [...(parts.catalogue.seating?.seatedTickets ?? [])].sort((a, b) => a - b),
  };
}

export interface PublicEventSource {
  db: Executor;
  storage: FileStorage;
  cache: PublicEventCache<EventExtras>;
}

/** A live event as a visitor sees it, from the cache where it can be (null: not live or unknown). */
export async function publicEventFor(
  src: PublicEventSource,
  eventId: number,
  promoCode: string | undefined,
  now: Date,
  locale: Locale | null = null,
  dateId?: number,
): Promise<PublicEventDto | null> {
  const parts = await src.cache.staticOf(eventId, () => loadPublicEventParts(src.db, eventId));
  if (!parts) return null;
  const [counts, promo, dates] = await Promise.all([
    src.cache.stockOf(src.db, eventId, now),
    promoCode ? usablePromo(src.db, eventId, promoCode, now) : null,
    src.cache.datesOf(src.db, eventId, now),
  ]);
  const dateView = dateViewOf(dates, parts.event, dateId, now);
  return publicEventView(src.storage, parts, counts, dateView, promo, promoCode, now, locale);
}

/** The event's dates as buyers see them, and the stock of the one whose tickets are shown (in memory). */
export function dateViewOf(stock: PublicDateStock, event: EventRow, dateId: number | undefined, now: Date): DateView {
  const dates = publicDates(stock, event, dateId, now);
  return { dates, levels: dates.chosen ? stock.levels(dates.chosen.id) : null, levelsOn: stock.levels };
}

/**
 * An event of the caller's account as a visitor would see it, whatever its status: the organizer's
 * preview of a draft (or of an archived event). Straight from the database, never from or into the
 * visitors' cache. Null when the account has no such event.
 */
export async function previewEventFor(
  db: Executor,
  storage: FileStorage,
  accountId: number,
  eventId: number,
  promoCode: string | undefined,
  now: Date,
  locale: Locale | null = null,
  dateId?: number,
  /** What is sold, as a channel sells it (the box office's catalogue); by default as online. */
  shape: (c: Catalogue) => Catalogue = (c) => c,
): Promise<{ event: PublicEventDto; status: EventRow['status'] } | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId)))
    .limit(1);
  if (!row) return null;
  const loaded = await loadEventStatic(db, row, (e) => loadEventExtras(db, e));
  if (!loaded) return null;
  const parts = { ...loaded, catalogue: shape(loaded.catalogue) };
  const [counts, promo, dates] = await Promise.all([
    readStockLevels(db, eventId, now),
    promoCode ? usablePromo(db, eventId, promoCode, now) : null,
    readPublicDateStock(db, eventId, now),
  ]);
  return {
    event: publicEventView(storage, parts, counts, dateViewOf(dates, row, dateId, now), promo, promoCode, now, locale),
    status: row.status,
  };
}
