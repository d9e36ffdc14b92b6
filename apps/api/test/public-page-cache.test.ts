import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The buyer's event page, kept rendered (rendered-pages.ts) with the real built web app and its server
 * rendering: reused while nothing it shows changed, rendered again at once after an organizer's edit,
 * and within the stock counts' limit after a sale; sent compressed and with a validator.
 */
const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../../web/dist');
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));

beforeAll(async () => {
  if (!existsSync(path.join(webDist, 'public.html')) || !existsSync(path.join(webDist, '..', 'dist-ssr', 'ssr.js'))) {
    throw new Error('apps/web/dist is not built: `npm test` builds it first (or run `npm run build`)');
  }
  ctx = await createTestApp({ clock, webDistDir: webDist });
});
afterAll(() => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) => call(ctx.app, 'GET', url, { headers });
/** The data the page hydrates from. */
const dataOf = (html: string) =>
  JSON.parse(/<script id="admitone-data" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!) as {
    event: { title: string; tickets: Array<{ name: string; remaining: number | null }> } | null;
    locale: string;
    promo_code: string | null;
  };
const stockMs = () => ctx.app.deps.publicEvents.stockMs;
/** What the server rendered into the page's root element (before the data and the scripts). */
const rendered = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="admitone-data"'));

describe('the event page, kept rendered', () => {
  it('is rendered once and reused, answers a matching validator with 304, and shows an edit on the next load', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Balcony', type: 'FREE', quantity: 40 }]);
    const url = `/event/${event.id}/night`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    // Server-rendered: the ticket is in the markup, readable before any script.
    expect(rendered(first.body)).toContain('Balcony');
    const second = await get(url);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);

    const unchanged = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // The organizer renames the ticket: the very next load shows the new name.
    const t = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
    ).json().data;
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, {
          token: u.token,
          body: { ...t, name: 'Gallery' },
        })
      ).statusCode,
    ).toBe(200);
    const edited = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers['x-page-cache']).toBe('miss');
    expect(edited.headers.etag).not.toBe(first.headers.etag);
    expect(rendered(edited.body)).toContain('Gallery');
    expect(edited.body).not.toContain('Balcony');

    // Back to draft: the page is gone at once.
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'DRAFT' } }))
        .statusCode,
    ).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('shows a sale once the stock counts are older than their limit, and is not rendered again while nothing changed', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 3 }]);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { show_remaining_tickets: true },
    });
    const url = `/event/${event.id}/seats`;
    const before = await get(url);
    expect(dataOf(before.body).event!.tickets[0]!.remaining).toBe(3);

    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 3 }] })).statusCode).toBe(
      201,
    );
    clock.advance(stockMs() + 1);
    const sold = await get(url);
    expect(sold.headers['x-page-cache']).toBe('miss');
    expect(dataOf(sold.body).event!.tickets[0]!.remaining).toBe(0);

    // Time passes, nothing is sold: checked again, the same page (not rendered again).
    clock.advance(stockMs() + 1);
    const again = await get(url);
    expect(again.headers['x-page-cache']).toBe('revalidated');
    expect(again.headers.etag).toBe(sold.headers.etag);
  });

  it('goes out compressed as the browser accepts it, the same page in every encoding', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE', quantity: 10 }]);
    const url = `/event/${event.id}/compressed`;
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps one page per language and promo code; other parameters in the address share the plain page', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Entry', type: 'PAID', price: 2000, quantity: 10 }]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'HALF', discount_type: 'PERCENTAGE', discount: 50 },
    });
    const url = `/event/${event.id}/langs`;
    const en = await get(url);
    const de = await get(url, { cookie: 'admitone_locale=de' });
    expect(en.body).toContain('<html lang="en"');
    expect(de.body).toContain('<html lang="de"');
    expect(de.headers['x-page-cache']).toBe('miss');
    expect(de.headers.etag).not.toBe(en.headers.etag);

    const promo = await get(`${url}?promo_code=HALF`);
    expect(promo.headers['x-page-cache']).toBe('miss');
    expect(dataOf(promo.body).promo_code).toBe('HALF');
    expect(dataOf(en.body).promo_code).toBeNull();

    // A campaign's tracking parameters change nothing the page shows: the same page.
    const tracked = await get(`${url}?utm_source=newsletter&utm_campaign=${Date.now()}`);
    expect(tracked.headers['x-page-cache']).toBe('hit');
    expect(tracked.body).toBe(en.body);
  });

  it('serves the widget page of every event from one page per language', async () => {
    const first = await get('/widget/1');
    const second = await get('/widget/2?lang=de');
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toContain('frame-ancestors *');
  });
});
