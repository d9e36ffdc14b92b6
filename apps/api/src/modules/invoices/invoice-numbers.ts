import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { invoiceCounters } from '../../db/schema/index.js';

/** The year an instant falls in, in a time zone. */
const yearIn = (at: Date, timezone: string) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: timezone }).format(at));

/** An organizer's series for an invoice issued `at`: the prefix, with the year when numbers start again each year. */
export function seriesOf(s: { prefix: string; yearly_reset: boolean }, at: Date, timezone: string): string {
  return s.yearly_reset ? `${s.prefix}${yearIn(at, timezone)}-` : s.prefix;
}

/** `INV-2027-00042` (yearly) or `INV-000042`. */
export function formatInvoiceNumber(series: string, yearly: boolean, seq: number): string {
  return `${series}${String(seq).padStart(yearly ? 5 : 6, '0')}`;
}

/** Gives the next number of a series: the way a number is taken (the control runs of the tests swap it). */
export type NumberAllocator = (tx: Executor, organizerId: number, series: string) => Promise<number>;

/**
 * The next number of an organizer's series, gapless: one `INSERT … ON CONFLICT DO UPDATE … RETURNING` raises the
 * series' counter row and keeps its lock to the end of the issuing transaction. A second issue waits for it; a
 * rolled-back issue gives its number back with the rest of its transaction (docs/LOCKING.md).
 */
export const guardedInvoiceNumber: NumberAllocator = async (tx, organizerId, series) => {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ organizer_id: organizerId, series, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.organizer_id, invoiceCounters.series],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
};
