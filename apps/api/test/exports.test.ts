import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, events, orders, questionAnswers } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { BULK_UNIT, bulkCheckedIn, bulkFirstName, bulkOrderStatus, seedBulkAttendees } from './bulk-attendees.js';
import { liveEvent, reserve } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

const COUNT = 10_000;
let ctx: TestContext;
let token: string;
let eventId: number;
let slug: string;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));

/** A small RFC 4180 reader (quotes, doubled quotes, newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const ATTENDEE_HEADINGS = [
  'ID',
  'Ticket code',
  'First name',
  'Last name',
  'E-mail',
  'Ticket',
  'Tier',
  'Status',
  'Checked in',
  'Checked in at',
  'Order number',
  'Order e-mail',
  'Created at',
  'T-shirt size',
  'Diet',
];
const ORDER_HEADINGS = [
  'Order number',
  'Status',
  'Payment status',
  'Payment provider',
  'Payment method',
  'Channel',
  'Box-office payment',
  'First name',
  'Last name',
  'E-mail',
  'Tickets',
  'Subtotal',
  'Discount',
  'Fees',
  'Taxes',
  'Total',
  'Refunded',
  'Charged back',
  'Currency',
  'Promo code',
  'Affiliate',
  'Created at',
  'Completed at',
  'Company',
];

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const { u, event, tickets } = await liveEvent(
    ctx.app,
    [
      { name: 'General', type: 'PAID', price: 1000 },
      { name: 'VIP', type: 'PAID', price: 5000 },
    ],
    { title: 'Summer Jazz' },
  );
  token = u.token;
  eventId = event.id;
  slug = event.slug;
  const q = async (body: Record<string, unknown>) =>
    (await call(ctx.app, 'POST', `/api/events/${eventId}/questions`, { token, body })).json().data.id as number;
  const shirt = await q({ title: 'T-shirt size', type: 'SINGLE_LINE_TEXT' });
  const diet = await q({ title: 'Diet', type: 'CHECKBOX', options: ['Vegan', 'Gluten-free'] });
  const company = await q({ title: 'Company', type: 'SINGLE_LINE_TEXT', applies_to: 'ORDER' });
  await seedBulkAttendees(ctx.app.deps.database.db, {
    accountId: (
      await ctx.app.deps.database.db.select({ id: events.account_id }).from(events).where(eq(events.id, eventId))
    )[0]!.id,
    eventId,
    currency: 'EUR',
    tickets: tickets.map((t) => ({ id: t.id, name: t.name })),
    attendeeQuestionIds: [shirt, diet],
    orderQuestionIds: [company],
    attendees: COUNT,
  });
  // A checkout in progress is not an attendee or an order yet.
  expect((await reserve(ctx.app, eventId, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).statusCode).toBe(
    201,
  );
  // Cells a spreadsheet would run as formulas.
  const db = ctx.app.deps.database.db;
  await db
    .update(attendees)
    .set({ first_name: '=HYPERLINK("http://evil.test","x")' })
    .where(eq(attendees.email, 'guest5@example.test'));
  await db
    .update(orders)
    .set({ last_name: '+SUM(1,2)', first_name: '@cmd' })
    .where(eq(orders.email, 'buyer7@example.test'));
  const [a9] = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.email, 'guest9@example.test'));
  await db.update(questionAnswers).set({ answer: '-2+3' }).where(eq(questionAnswers.attendee_id, a9!.id));
}, 240_000);
afterAll(() => ctx.close());

const exportUrl = (kind: 'attendees' | 'orders', query: string) => `/api/events/${eventId}/${kind}/export?${query}`;

describe('attendee export', { timeout: 120_000 }, () => {
  it('CSV: every row, the fixed columns and one per question, a BOM, dates in the event time zone', async () => {
    const res = await call(ctx.app, 'GET', exportUrl('attendees', 'format=csv'), { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}-attendees-2027-03-01.csv"`);
    expect(res.headers['x-total-rows']).toBe(String(COUNT));
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(COUNT + 1);
    expect(rows[0]).toEqual(ATTENDEE_HEADINGS);
    expect(rows.every((r) => r.length === ATTENDEE_HEADINGS.length)).toBe(true);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(COUNT);
    const byEmail = new Map(rows.slice(1).map((r) => [r[4], r]));
    // Attendee 0: order 0 (cancelled), created 2026-06-01 10:00 UTC = 12:00 in Berlin.
    expect(byEmail.get('guest0@example.test')!.slice(2)).toEqual([
      'Guest0',
      'Person0',
      'guest0@example.test',
      'General',
      '',
      'CANCELLED',
      'No',
      '',
      expect.stringMatching(/^B-/),
      'buyer0@example.test',
      '2026-06-01 12:00',
      'Answer 0',
      'Vegan, Gluten-free',
    ]);
    // Attendee 4: order 2 (completed; even orders hold General), checked in one day later.
    expect(byEmail.get('guest4@example.test')!.slice(5, 13)).toEqual([
      'General',
      '',
      'ACTIVE',
      'Yes',
      '2026-06-02 12:02',
      expect.stringMatching(/^B-/),
      'buyer2@example.test',
      '2026-06-01 12:02',
    ]);
    expect(byEmail.get('guest3@example.test')!.slice(5, 8)).toEqual(['VIP', '', 'AWAITING_PAYMENT']);
    expect(byEmail.get('guest1@example.test')!.slice(13)).toEqual(['Answer 1', '']);
    // Formula injection: a leading apostrophe.
    expect(byEmail.get('guest5@example.test')![2]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(byEmail.get('guest9@example.test')!.slice(13)).toEqual([`'-2+3`, `'-2+3`]);
  });

  it('applies the list search and filters', async () => {
    const checkedIn = Array.from({ length: COUNT }, (_, i) => i).filter((i) => bulkCheckedIn(i)).length;
    const filtered = await call(ctx.app, 'GET', exportUrl('attendees', 'format=csv&filter_fields[checked_in]=true'), {
      token,
    });
    expect(filtered.headers['x-total-rows']).toBe(String(checkedIn));
    const rows = parseCsv(filtered.body.slice(1)).slice(1);
    expect(rows).toHaveLength(checkedIn);
    expect(rows.every((r) => r[8] === 'Yes' && r[7] === 'ACTIVE')).toBe(true);

    const search = await call(ctx.app, 'GET', exportUrl('attendees', 'query=Guest123'), { token });
    const expected = Array.from({ length: COUNT }, (_, i) => bulkFirstName(i))
      .filter((n) => n.includes('Guest123'))
      .sort();
    expect(
      parseCsv(search.body.slice(1))
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(expected);

    const cancelled = Array.from({ length: COUNT }, (_, i) => i).filter(
      (i) => bulkOrderStatus(Math.floor(i / 2)) === 'CANCELLED',
    ).length;
    const byStatus = await call(ctx.app, 'GET', exportUrl('attendees', 'format=csv&filter_fields[status]=CANCELLED'), {
      token,
    });
    expect(parseCsv(byStatus.body.slice(1))).toHaveLength(cancelled + 1);
  });

  it('XLSX: read back with exceljs, 10,001 rows and the same columns', async () => {
    const res = await call(ctx.app, 'GET', exportUrl('attendees', 'format=xlsx'), { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}-attendees-2027-03-01.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Attendees');
    expect(sheet.rowCount).toBe(COUNT + 1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(ATTENDEE_HEADINGS);
    const first = sheet.getRow(2).values as unknown[];
    expect(typeof first[1]).toBe('number');
    expect(first[3]).toBe('Guest0');
    expect(first[15]).toBe('Vegan, Gluten-free');
  });
});

describe('order export', { timeout: 120_000 }, () => {
  it('CSV: money as plain decimals, order questions, buyers protected against formulas', async () => {
    const orderCount = COUNT / 2;
    const res = await call(ctx.app, 'GET', exportUrl('orders', 'format=csv'), { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}-orders-2027-03-01.csv"`);
    expect(res.headers['x-total-rows']).toBe(String(orderCount));
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(orderCount + 1);
    expect(rows[0]).toEqual(ORDER_HEADINGS);
    const byEmail = new Map(rows.slice(1).map((r) => [r[9], r]));
    const money = (minor: number) => (minor / 100).toFixed(2);
    expect(byEmail.get('buyer2@example.test')!.slice(1)).toEqual([
      'COMPLETED',
      'PAYMENT_RECEIVED',
      'OFFLINE',
      '',
      'ONLINE',
      '',
      'Buyer2',
      'Person2',
      'buyer2@example.test',
      '2',
      money(BULK_UNIT.base * 2),
      '0.00',
      money(BULK_UNIT.fee_total * 2),
      money(BULK_UNIT.tax_total * 2),
      money(BULK_UNIT.total * 2),
      '0.00',
      '0.00',
      'EUR',
      '',
      '',
      '2026-06-01 12:02',
      '2026-06-01 12:02',
      'Company 2',
    ]);
    expect(byEmail.get('buyer7@example.test')!.slice(7, 9)).toEqual(["'@cmd", "'+SUM(1,2)"]);

    const awaiting = await call(ctx.app, 'GET', exportUrl('orders', 'filter_fields[status]=AWAITING_PAYMENT'), {
      token,
    });
    const expected = Array.from({ length: orderCount }, (_, o) => o).filter(
      (o) => bulkOrderStatus(o) === 'AWAITING_PAYMENT',
    ).length;
    expect(awaiting.headers['x-total-rows']).toBe(String(expected));
    expect(parseCsv(awaiting.body.slice(1))).toHaveLength(expected + 1);
  });

  it('XLSX: money in number cells with the currency decimals', async () => {
    const res = await call(ctx.app, 'GET', exportUrl('orders', 'format=xlsx&query=buyer2@example.test'), { token });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(ORDER_HEADINGS);
    const total = sheet.getRow(2).getCell(16);
    expect(total.value).toBe((BULK_UNIT.total * 2) / 100);
    expect(total.numFmt).toBe('#,##0.00');
  });
});

describe('export errors', () => {
  it('another account, an unknown event and a bad format are refused before streaming', async () => {
    const other = await registerUser(ctx.app);
    for (const kind of ['attendees', 'orders'] as const) {
      const res = await call(ctx.app, 'GET', exportUrl(kind, 'format=csv'), { token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await call(ctx.app, 'GET', `/api/events/999999/${kind}/export?format=xlsx`, { token })).statusCode).toBe(
        404,
      );
      expect((await call(ctx.app, 'GET', exportUrl(kind, 'format=pdf'), { token })).statusCode).toBe(422);
      expect((await call(ctx.app, 'GET', exportUrl(kind, 'format=csv'))).statusCode).toBe(401);
    }
  });
});
