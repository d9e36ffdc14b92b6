import type { EventStatsDay, EventStatsDto } from '@admitone/shared';
import { formatPercent as formatSharedPercent, intlLocale } from '@admitone/shared';

/** One day of the dashboard charts: a localised axis label and the day's figures. */
export interface StatsChartRow {
  /** YYYY-MM-DD in the event's time zone. */
  date: string;
  /** Short label for the axis, e.g. "21 Nov" / "21. Nov.". */
  label: string;
  /** Long label for the data table, e.g. "Sat, 21 Nov 2026". */
  longLabel: string;
  orders: number;
  tickets: number;
  /** Minor units. */
  gross: number;
  page_views: number;
}

/** A calendar day ("YYYY-MM-DD", already in the event's zone) read at noon UTC so no zone shifts it. */
const calendarDay = (date: string) => new Date(`${date}T12:00:00Z`);

/** "21 Nov" in English, "21. Nov." in German: a short day label for a chart axis. */
export function formatDayShort(date: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    calendarDay(date),
  );
}

/** "Sat, 21 Nov 2026": a day label for tables and summaries. */
export function formatDayLong(date: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(calendarDay(date));
}

/** A 0-1 rate as a percentage in the locale ("12.5%", "12,5 %"); null when there is no rate. */
export function formatPercent(rate: number | null, locale: string): string | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  return formatSharedPercent(rate, locale);
}

/** The 14-day series with localised labels, oldest first. */
export function chartRows(daily: EventStatsDay[], locale: string): StatsChartRow[] {
  return daily.map((day) => ({
    ...day,
    label: formatDayShort(day.date, locale),
    longLabel: formatDayLong(day.date, locale),
  }));
}

/** True once anything was sold or ordered (completed or awaiting an offline payment). */
export function hasSales(stats: EventStatsDto): boolean {
  return stats.orders_completed + stats.orders_awaiting_payment + stats.tickets_sold + stats.tickets_reserved > 0;
}

export interface SeriesSummary {
  gross: number;
  orders: number;
  pageViews: number;
  /** The day with the most gross sales (first of equals), null when all are 0. */
  bestSalesDay: StatsChartRow | null;
  /** The day with the most page views, null when all are 0. */
  busiestDay: StatsChartRow | null;
}

const best = (rows: StatsChartRow[], pick: (row: StatsChartRow) => number) =>
  rows.reduce<StatsChartRow | null>((top, row) => (pick(row) > (top ? pick(top) : 0) ? row : top), null);

/** Totals and peaks of the series, for the charts' text summaries. */
export function summariseSeries(rows: StatsChartRow[]): SeriesSummary {
  return {
    gross: rows.reduce((sum, r) => sum + r.gross, 0),
    orders: rows.reduce((sum, r) => sum + r.orders, 0),
    pageViews: rows.reduce((sum, r) => sum + r.page_views, 0),
    bestSalesDay: best(rows, (r) => r.gross),
    busiestDay: best(rows, (r) => r.page_views),
  };
}

/** The public event page's path, `/event/{id}/{slug}`. */
export const publicEventPath = (event: { id: number; slug: string }) => `/event/${event.id}/${event.slug}`;

/**
 * The top of a chart axis with `ticks` equal whole steps (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ, whole numbers), at
 * least `minimum`: 5 → 8 with 4 steps (0, 2, 4, 6, 8), 4300 → 6000. Keeps tick labels round.
 */
export function niceAxisMax(max: number, minimum: number, ticks = 4): number {
  const target = Math.max(max, minimum, 1) / ticks;
  const power = 10 ** Math.floor(Math.log10(target));
  const step =
    [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * power).find((s) => s >= target && Number.isInteger(s)) ??
    Math.ceil(target);
  return step * ticks;
}
