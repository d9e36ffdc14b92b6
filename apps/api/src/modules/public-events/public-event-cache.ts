import type { Executor } from '../../db/client.js';
import { type Catalogue, type EventRow, loadCatalogue } from '../checkout/catalogue.js';
import { readStockLevels, type StockLevels } from '../inventory/stock-levels.js';
import { type PublicDateStock, readPublicDateStock } from './public-dates.js';

/** A change of cached parts that other processes must hear of: one event's, or everything. */
export type CacheChange = { kind: 'event'; id: number } | { kind: 'all' };

/** What a public event page is built from, besides the clock: the event, its catalogue, organizer and images. */
export interface EventStatic<Extra> {
  event: EventRow;
  catalogue: Catalogue;
  extra: Extra;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/**
 * The public event answer is read far more often than anything in it changes, so its parts are kept in
 * memory: the event with its catalogue (until the organizer changes something, or `staticMs`), and the
 * stock counters of its tickets and of its dates (until a reservation, order change or check of this
 * event, or `stockMs` — holds also run out with time, and other processes sell too). Prices, sale states,
 * availability and the dates part of any date's answer are still computed for every request from these
 * parts and the clock. Reservations plan with the cached catalogue, but decide with the guarded counters,
 * which check the tickets' versions. Writes invalidate through `invalidate*` (app.ts calls them after every
 * successful write request); with several web processes on PostgreSQL, changes of static parts reach
 * the others through the invalidation bus (LISTEN/NOTIFY), stock within its time limit.
 */
export class PublicEventCache<Extra> {
  private statics = new Map<number, Entry<EventStatic<Extra> | null>>();
  private stocks = new Map<number, Entry<StockLevels>>();
  private dates = new Map<number, Entry<PublicDateStock>>();
  private datesSweptAt = 0;
  private orderParts = new Map<number, Entry<unknown>>();
  /** Bumped by every invalidation of an event (and `epoch` by every clear): what pages rendered from it compare. */
  private versions = new Map<number, number>();
  private epoch = 0;
  private stockVersions = new Map<number, number>();
  private stockEpoch = 0;

  constructor(
    private readonly now: () => number,
    private readonly limits: { staticMs: number; stockMs: number },
  ) {}

  /** How long stock counts may be reused (what a page built from them may lag behind sales). */
  get stockMs(): number {
    return this.limits.stockMs;
  }

  /** The live event's static parts, or null (not live, unknown). */
  staticOf(id: number, load: () => Promise<EventStatic<Extra> | null>): Promise<EventStatic<Extra> | null> {
    return this.cached(this.statics, id, this.limits.staticMs, load);
  }

  /**
   * What every order answer of an event shares (event row, organizer name, cover, checkout questions):
   * kept and forgotten like the static parts, also for events that are no longer live.
   */
  orderPartsOf<T>(id: number, load: () => Promise<T>): Promise<T> {
    return this.cached(this.orderParts as Map<number, Entry<T>>, id, this.limits.staticMs, load);
  }

  stockOf(db: Executor, eventId: number, at: Date): Promise<StockLevels> {
    return this.cached(this.stocks, eventId, this.limits.stockMs, () => readStockLevels(db, eventId, at));
  }

  /**
   * The event's dates as buyers see them, with their counters and each date's tickets' (one read for all its
   * dates), kept and forgotten like the stock counts. Dates of events nobody asks for again are dropped.
   */
  datesOf(db: Executor, eventId: number, at: Date): Promise<PublicDateStock> {
    const now = this.now();
    if (now - this.datesSweptAt >= this.limits.stockMs) {
      this.datesSweptAt = now;
      for (const [id, entry] of this.dates) if (now - entry.at >= this.limits.stockMs) this.dates.delete(id);
    }
    return this.cached(this.dates, eventId, this.limits.stockMs, () => readPublicDateStock(db, eventId, at));
  }

  /**
   * Changes whenever the event's static parts may have changed in this process (an invalidation of the
   * event, or a clear): something built from them earlier is out of date when this differs.
   */
  versionOf(eventId: number): string {
    return `${this.epoch}.${this.versions.get(eventId) ?? 0}`;
  }

  /** Like `versionOf`, and changes also whenever the event's stock may have changed in this process. */
  stockVersionOf(eventId: number): string {
    return `${this.versionOf(eventId)}.${this.stockEpoch}.${this.stockVersions.get(eventId) ?? 0}`;
  }

  /**
   * Told of every change of an event's static parts, and of every clear, made in this process (not of
   * stock: other processes' stock counts run out within `stockMs` anyway): the invalidation bus passes
   * them on to the other processes (invalidation-bus.ts).
   */
  onChange: ((change: CacheChange) => void) | null = null;

  /** A change another process made: applied here, not passed on again. */
  apply(change: CacheChange): void {
    if (change.kind === 'event') this.invalidate(change.id, true);
    else this.clear(true);
  }

  /** The organizer changed the event or its catalogue. */
  invalidate(eventId: number, fromPeer = false): void {
    if (!fromPeer) this.onChange?.({ kind: 'event', id: eventId });
    this.versions.set(eventId, (this.versions.get(eventId) ?? 0) + 1);
    this.statics.delete(eventId);
    this.orderParts.delete(eventId);
    this.stocks.delete(eventId);
    this.dates.delete(eventId);
  }

  /** Stock of the event changed (a reservation, an order or attendee change). */
  invalidateStock(eventId: number): void {
    this.stockVersions.set(eventId, (this.stockVersions.get(eventId) ?? 0) + 1);
    this.stocks.delete(eventId);
    this.dates.delete(eventId);
  }

  /** Some event's stock changed and which is not known (a payment webhook). */
  clearStock(): void {
    this.stockEpoch++;
    this.stockVersions.clear();
    this.stocks.clear();
    this.dates.clear();
  }

  /** Something account-wide changed (taxes, organizers, images): forget everything. */
  clear(fromPeer = false): void {
    if (!fromPeer) this.onChange?.({ kind: 'all' });
    this.epoch++;
    this.versions.clear();
    this.statics.clear();
    this.orderParts.clear();
    this.stocks.clear();
    this.dates.clear();
  }

  private cached<T>(map: Map<number, Entry<T>>, id: number, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = map.get(id);
    const now = this.now();
    if (hit && now - hit.at < ttl) return hit.value;
    // One load per key at a time: concurrent readers share the promise (no stampede).
    const value = load();
    const entry = { at: now, value };
    map.set(id, entry);
    value.catch(() => {
      if (map.get(id) === entry) map.delete(id);
    });
    return value;
  }
}

/** The app's cache: catalogues for `seconds` (0 turns caching off), stock for 2 s at most. */
export function publicEventCache<Extra>(seconds: number, clock: { now(): Date }): PublicEventCache<Extra> {
  return new PublicEventCache<Extra>(() => clock.now().getTime(), {
    staticMs: seconds * 1000,
    stockMs: Math.min(seconds * 1000, 2_000),
  });
}

/** Loads the static parts of a live event (the catalogue with the event). */
export async function loadEventStatic<Extra>(
  db: Executor,
  event: EventRow | null,
  extra: (event: EventRow) => Promise<Extra>,
): Promise<EventStatic<Extra> | null> {
  if (!event) return null;
  const catalogue = await loadCatalogue(db, event);
  return { event, catalogue, extra: await extra(event) };
}
