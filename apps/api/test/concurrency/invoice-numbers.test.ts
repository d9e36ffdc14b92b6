import type { InvoiceData } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Executor } from '../../src/db/client.js';
import { invoiceCounters, invoices, orders } from '../../src/db/schema/index.js';
import { guardedInvoiceNumber, type NumberAllocator } from '../../src/modules/invoices/invoice-numbers.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { createTestApp, type TestContext } from '../test-app.js';
import { onPostgres } from './stock-world.js';

/**
 * Invoice numbers are gapless and never given twice (issue 45): many issues at once in one organizer's series, some
 * rolled back, leave exactly 1..k. The control takes the next number the obvious way (the highest so far plus one,
 * without the counter's lock) and must give one number twice.
 */
const N = 8;
let ctx: TestContext;
let subject: { account_id: number; organizer_id: number; event_id: number; order_id: number };
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp();
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE', quantity: 10 }]);
  const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
    { ticket_id: tickets[0]!.id, quantity: 1 },
  ]);
  const [row] = await ctx.app.deps.database.db
    .select({ id: orders.id, account_id: orders.account_id })
    .from(orders)
    .where(eq(orders.short_id, order.short_id));
  subject = { account_id: row!.account_id, organizer_id: event.organizer.id, event_id: event.id, order_id: row!.id };
});
afterAll(async () => {
  await ctx?.close();
});

const data = { total: 100, tax_total: 0 } as unknown as InvoiceData;

/** N issues at once in `series`, each holding its number a moment before writing; every third rolls back. */
async function rush(series: string, allocate: NumberAllocator) {
  const db = ctx.app.deps.database.db;
  return Promise.allSettled(
    Array.from({ length: N }, (_, i) =>
      db.transaction(async (tx) => {
        const seq = await allocate(tx, subject.organizer_id, series);
        await tx.execute(sql`select pg_sleep(0.02)`);
        await tx.insert(invoices).values({
          ...subject,
          kind: 'INVOICE',
          series,
          seq,
          number: `${series}${seq}`,
          issued_at: new Date(),
          currency: 'EUR',
          total: 100,
          tax_total: 0,
          locale: 'en',
          data,
        });
        if (i % 3 === 0) throw new Error('rolled back on purpose');
      }),
    ),
  );
}

const numbersIn = async (series: string) =>
  (
    await ctx.app.deps.database.db
      .select({ seq: invoices.seq })
      .from(invoices)
      .where(and(eq(invoices.organizer_id, subject.organizer_id), eq(invoices.series, series)))
  )
    .map((r) => r.seq)
    .sort((a, b) => a - b);

describe.skipIf(!onPostgres)('invoice numbers under concurrency', () => {
  it('gives 1..k with no gap and no number twice, rolled-back issues giving theirs back', async () => {
    const results = await rush('RACE-', guardedInvoiceNumber);
    const committed = results.filter((r) => r.status === 'fulfilled').length;
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message),
    ).toEqual(Array(N - committed).fill('rolled back on purpose'));
    expect(await numbersIn('RACE-')).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
    const [counter] = await ctx.app.deps.database.db
      .select({ last: invoiceCounters.last })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.organizer_id, subject.organizer_id), eq(invoiceCounters.series, 'RACE-')));
    expect(counter!.last).toBe(committed);
  });

  it('control: the highest number plus one, without the counter, gives a number twice', async () => {
    const naive: NumberAllocator = async (tx: Executor, organizerId, series) => {
      const [row] = await tx
        .select({ max: sql<number>`coalesce(max(${invoices.seq}), 0)` })
        .from(invoices)
        .where(and(eq(invoices.organizer_id, organizerId), eq(invoices.series, series)));
      return Number(row!.max) + 1;
    };
    const results = await rush('NAIVE-', naive);
    const clashes = results.filter(
      (r) => r.status === 'rejected' && String((r.reason as { cause?: { code?: string } }).cause?.code) === '23505',
    );
    expect(clashes.length).toBeGreaterThan(0);
  });
});
