import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent, reserve, tokenHeader } from '../checkout-factory.js';
import { createTestApp, type TestContext } from '../test-app.js';
import { expectConsistent, onPostgres, query } from './stock-world.js';

/**
 * A sold-out refusal is an answer, not a failed statement (issue #37, faults: "every sold-out refusal
 * makes PostgreSQL log ~9 KB"). PostgreSQL logs every statement that fails, with its text, and every
 * warning; the client sees each of them (a rejected query, a notice), so this test watches the
 * connections of the app's pool. Before the fix, a refusal failed its ~9 KB reservation statement
 * (division by zero) and every reservation that went through ended with "there is no transaction in
 * progress" (the COMMIT sent with the statement, then the transaction block's own).
 */
function watchStatements() {
  const seen = { failed: [] as Array<{ code: string; bytes: number }>, notices: [] as string[] };
  type Callback = (err: Error | null, res?: unknown) => void;
  const proto = pg.Client.prototype as unknown as {
    query: (...a: unknown[]) => unknown;
    emit: (event: string, ...a: unknown[]) => boolean;
  };
  const query = proto.query;
  const emit = proto.emit;
  proto.query = function (this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    const note = (err: unknown) => {
      if (err) seen.failed.push({ code: String((err as { code?: string }).code), bytes: Buffer.byteLength(text) });
    };
    const cb = (typeof values === 'function' ? values : callback) as Callback | undefined;
    if (cb) {
      const wrapped: Callback = (err, res) => {
        note(err);
        cb(err, res);
      };
      return typeof values === 'function'
        ? query.call(this, config, wrapped)
        : query.call(this, config, values, wrapped);
    }
    const result = query.call(this, config, values) as Promise<unknown> | undefined;
    result?.then(undefined, note);
    return result;
  };
  proto.emit = function (this: unknown, event: string, ...args: unknown[]) {
    if (event === 'notice') seen.notices.push(String((args[0] as { message?: string }).message));
    return emit.call(this, event, ...args);
  };
  return {
    seen,
    restore() {
      proto.query = query;
      proto.emit = emit;
    },
  };
}

describe.skipIf(!onPostgres)('a sold-out refusal', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('fails no statement and raises no warning; a refused re-choice keeps the earlier hold, a refused key may be tried again', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Last seats', type: 'FREE', quantity: 3 }]);
    const item = (quantity: number) => ({ items: [{ ticket_id: tickets[0]!.id, quantity }] });
    const watch = watchStatements();
    try {
      const first = await reserve(ctx.app, event.id, item(2));
      expect(first.statusCode, first.body).toBe(201);
      const token = first.json().checkout_token as string;
      const second = await reserve(ctx.app, event.id, item(1), { 'Idempotency-Key': 'last-one' });
      expect(second.statusCode, second.body).toBe(201);
      // Sold out: ten buyers are refused, one with an idempotency key.
      for (let i = 0; i < 10; i++) {
        const refused = await reserve(ctx.app, event.id, item(1), i === 0 ? { 'Idempotency-Key': 'refused-once' } : {});
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.code).toBe('NO_TICKETS_AVAILABLE');
      }
      // The first buyer asks for one more than there is: refused, and the two it holds stay held.
      const rechoice = await reserve(ctx.app, event.id, item(3), tokenHeader(token));
      expect(rechoice.json().error?.code).toBe('NO_TICKETS_AVAILABLE');
      const held = await query<{ status: string; units: number }>(
        ctx.app,
        `select o.status, (select count(*) from attendees a where a.order_id = o.id and a.status = 'RESERVED')::int as units from orders o where o.short_id = '${first.json().data.short_id}'`,
      );
      expect(held).toEqual([{ status: 'RESERVED', units: 2 }]);
      // A choice that fits replaces it.
      const smaller = await reserve(ctx.app, event.id, item(1), tokenHeader(token));
      expect(smaller.statusCode, smaller.body).toBe(201);
      expect(
        (
          await query<{ status: string }>(
            ctx.app,
            `select status from orders where short_id = '${first.json().data.short_id}'`,
          )
        )[0]!.status,
      ).toBe('ABANDONED');
      // The refused key was given back: with a unit free again, its repeat reserves.
      const again = await reserve(ctx.app, event.id, item(1), { 'Idempotency-Key': 'refused-once' });
      expect(again.statusCode, again.body).toBe(201);
      expect(watch.seen.failed, 'statements that failed (PostgreSQL logs each with its text)').toEqual([]);
      expect(watch.seen.notices, 'warnings PostgreSQL logged').toEqual([]);
    } finally {
      watch.restore();
    }
    await expectConsistent(ctx.app, event.id);
  });
});
