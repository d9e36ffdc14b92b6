import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventJsonLd, plainText, scriptJson } from '../src/modules/public-pages/page-head.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, publicEvent } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), 'admitone-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body>organizer app</body></html>');
writeFileSync(
  path.join(dist, 'public.html'),
  '<!doctype html><html lang="en"><head><!--app-head--><title>AdmitOne</title></head><body><div id="root"><!--app-html--></div><script type="module" src="/assets/public.js"></script></body></html>',
);
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, webDistDir: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('public event pages', () => {
  it('carry the title, description, Open Graph, JSON-LD and the data to hydrate from', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 4500 }], {
      description: '<p>Three stages &amp; twelve <b>bands</b>.</p><script>alert(1)</script>',
    });
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { location: { venue_name: 'Riverside', city: 'London', country: 'GB' } } });
    const res = await call(ctx.app, 'GET', `/event/${event.id}/jazz-night`, { headers: { cookie: 'admitone_locale=de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<title>Jazz Night</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Three stages &amp; twelve bands." />');
    expect(html).toContain('<meta property="og:title" content="Jazz Night" />');
    expect(html).toContain(`<link rel="canonical" href="http://admitone.test/event/${event.id}/jazz-night" />`);
    expect(html).not.toContain('noindex');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'Event', name: 'Jazz Night', startDate: '2027-06-01T17:00:00.000Z', location: { '@type': 'Place', name: 'Riverside' }, offers: [{ price: '45.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }] });
    const data = JSON.parse(/<script id="admitone-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({ locale: 'de', event: { id: event.id, title: 'Jazz Night' } });
    expect(html).not.toContain('<script>alert');

    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, { token: u.token, body: { allow_search_engine_indexing: false, seo_title: 'Jazz by the river' } });
    const hidden = (await call(ctx.app, 'GET', `/e/${event.id}/jazz-night`)).body;
    expect(hidden).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(hidden).toContain('<title>Jazz by the river</title>');
  });

  it('answers 404 with the page for drafts and unknown events; other buyer pages are served for the browser to render', async () => {
    const res = await call(ctx.app, 'GET', '/event/999999/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('"event":null');
    const checkout = await call(ctx.app, 'GET', '/checkout/1/oABC/details');
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('noindex');
    expect(checkout.headers['x-frame-options']).toBe('SAMEORIGIN');
    const widget = await call(ctx.app, 'GET', '/widget/1');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(widget.headers['content-security-policy']).toContain('frame-ancestors *');
    expect((await call(ctx.app, 'GET', '/manage/events')).body).toContain('organizer app');
  });

  it('builds safe script JSON, plain descriptions and offers per tier', async () => {
    expect(scriptJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
    expect(plainText('<p>a&nbsp;b</p>'.repeat(100), 20)).toHaveLength(20);
    const { event } = await liveEvent(ctx.app, [{ name: 'Front', type: 'TIERED', tiers: [{ label: 'Early', price: 1000, quantity: 0 }, { label: 'Late', price: 2000 }] }], { currency: 'JPY' });
    const ld = eventJsonLd(await publicEvent(ctx.app, event.id), 'http://x.test');
    expect((ld.offers as Array<Record<string, string>>).map((o) => [o.name, o.price, o.availability])).toEqual([
      ['Front – Early', '1000', 'https://schema.org/SoldOut'],
      ['Front – Late', '2000', 'https://schema.org/InStock'],
    ]);
  });
});
