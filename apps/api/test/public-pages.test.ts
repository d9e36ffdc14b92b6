import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventJsonLd, plainText, scriptJson } from '../src/modules/public-pages/page-head.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, publicEvent } from './checkout-factory.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';
import { FAKE_START_CSS, fakeWebDist } from './web-dist.js';

let ctx: TestContext;
const web = fakeWebDist();
const dist = web.dir;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, webDistDir: dist });
});
afterAll(async () => {
  await ctx.close();
  web.remove();
});

describe('public event pages', () => {
  it('carry the title, description, Open Graph, JSON-LD and the data to hydrate from', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 4500 }], {
      description: '<p>Three stages &amp; twelve <b>bands</b>.</p><script>alert(1)</script>',
    });
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { location: { venue_name: 'Riverside', city: 'London', country: 'GB' } },
    });
    const res = await call(ctx.app, 'GET', `/event/${event.id}/jazz-night`, {
      headers: { cookie: 'admitone_locale=de' },
    });
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
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'Jazz Night',
      startDate: '2027-06-01T17:00:00.000Z',
      location: { '@type': 'Place', name: 'Riverside' },
      offers: [{ price: '45.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }],
    });
    const data = JSON.parse(/<script id="admitone-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({ locale: 'de', event: { id: event.id, title: 'Jazz Night' } });
    expect(html).not.toContain('<script>alert');
    // The page's first style sheet is in the page itself (no round trip before the first paint).
    expect(html).toContain(`<style data-href="/assets/start-test.css">${FAKE_START_CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');

    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { allow_search_engine_indexing: false, seo_title: 'Jazz by the river' },
    });
    const hidden = (await call(ctx.app, 'GET', `/e/${event.id}/jazz-night`)).body;
    expect(hidden).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(hidden).toContain('<title>Jazz by the river</title>');
  });

  it('answers 404 with the page for drafts and unknown events; other buyer pages are served for the browser to render', async () => {
    const res = await call(ctx.app, 'GET', '/event/999999/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('"event":null');
    // A draft is "not found" to visitors; its organizer's preview link is a page (#38), never indexed.
    const owner = await registerUser(ctx.app);
    const draft = await createEvent(ctx.app, owner.token, (await createOrganizer(ctx.app, owner.token)).id, {
      title: 'Draft Gala',
    });
    expect((await call(ctx.app, 'GET', `/event/${draft.id}/draft-gala`)).statusCode).toBe(404);
    const preview = await call(ctx.app, 'GET', `/event/${draft.id}/draft-gala?preview=1`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('noindex');
    expect(preview.body).not.toContain('Draft Gala');
    const checkout = await call(ctx.app, 'GET', '/checkout/1/oABC/details');
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('noindex');
    expect(checkout.headers['x-frame-options']).toBe('SAMEORIGIN');
    const widget = await call(ctx.app, 'GET', '/widget/1');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(widget.headers['content-security-policy']).toContain('frame-ancestors *');
    expect((await call(ctx.app, 'GET', '/manage/events')).body).toContain('organizer app');
  });

  it('speak the locale cookie, else the saved locale the web app mirrors, else Accept-Language', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const lang = async (headers: Record<string, string>) => {
      const html = (await call(ctx.app, 'GET', `/event/${event.id}/jazz-night`, { headers })).body;
      const data = JSON.parse(
        /<script id="admitone-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
      ) as { locale: string };
      const htmlLang = /<html lang="([^"]+)"/.exec(html)![1];
      expect(data.locale).toBe(htmlLang);
      return htmlLang;
    };
    expect(await lang({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('de');
    expect(await lang({ 'accept-language': 'de-DE', cookie: 'admitone_saved_locale=fr' })).toBe('fr');
    expect(await lang({ 'accept-language': 'de-DE', cookie: 'admitone_saved_locale=pt-BR; admitone_locale=es' })).toBe(
      'es',
    );
    expect(await lang({ 'accept-language': 'de-DE', cookie: 'admitone_saved_locale=klingon' })).toBe('de');
    expect(await lang({ 'accept-language': 'ja-JP' })).toBe('en');
  });

  it("API errors: the session user's saved locale beats a stale mirrored one, the locale cookie beats both", async () => {
    const u = await registerUser(ctx.app, { locale: 'fr' });
    const message = async (headers: Record<string, string>) =>
      (await call(ctx.app, 'GET', '/api/events/999999', { token: u.token, headers })).json<{
        error: { message: string };
      }>().error.message;
    expect(await message({ 'accept-language': 'de', cookie: 'admitone_saved_locale=es' })).toBe(
      'Nous n’avons pas trouvé ce que vous cherchiez.',
    );
    expect(await message({ 'accept-language': 'de', cookie: 'admitone_saved_locale=es; admitone_locale=zh-CN' })).toBe(
      '未找到您要查找的内容。',
    );
    await call(ctx.app, 'PUT', '/api/users/me', { token: u.token, body: { locale: null } });
    expect(await message({ 'accept-language': 'de', cookie: 'admitone_saved_locale=es' })).toBe(
      'No hemos encontrado lo que buscaba.',
    );
    expect(await message({ 'accept-language': 'de' })).toBe('Wir konnten nicht finden, wonach Sie gesucht haben.');
  });

  it("keeps the patterns $`, $' and $& in organizer text and in the promo code from the address as text (no copy of the page)", async () => {
    const tricks = "$` $' $& $$";
    const { event } = await liveEvent(ctx.app, [{ name: `Seat ${tricks}`, type: 'FREE' }], {
      title: `Gala ${tricks}`,
      description: `<p>Bring ${tricks}</p>`,
    });
    const res = await call(ctx.app, 'GET', `/event/${event.id}/gala?promo_code=${encodeURIComponent(`X${tricks}`)}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // One document: the template was not copied into the title, an attribute or the data.
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<!--app-html-->|<!--app-head-->/g)).toBeNull();
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html.match(/<script id="admitone-data"/g)).toHaveLength(1);
    const escaped = '$` $&#39; $&amp; $$';
    expect(html).toContain(`<title>Gala ${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="Gala ${escaped}" />`);
    const data = JSON.parse(/<script id="admitone-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
      promo_code: string;
      event: { title: string; description: string };
    };
    expect(data.promo_code).toBe(`X${tricks}`);
    expect(data.event.title).toBe(`Gala ${tricks}`);
    expect(data.event.description).toBe("<p>Bring $` $' $&amp; $$</p>");
  });

  it('builds safe script JSON, plain descriptions and offers per tier', async () => {
    expect(scriptJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
    expect(plainText('<p>a&nbsp;b</p>'.repeat(100), 20)).toHaveLength(20);
    const { event } = await liveEvent(
      ctx.app,
      [
        {
          name: 'Front',
          type: 'TIERED',
          tiers: [
            { label: 'Early', price: 1000, quantity: 0 },
            { label: 'Late', price: 2000 },
          ],
        },
      ],
      { currency: 'JPY' },
    );
    const ld = eventJsonLd(await publicEvent(ctx.app, event.id), 'http://x.test');
    expect((ld.offers as Array<Record<string, string>>).map((o) => [o.name, o.price, o.availability])).toEqual([
      ['Front – Early', '1000', 'https://schema.org/SoldOut'],
      ['Front – Late', '2000', 'https://schema.org/InStock'],
    ]);
  });
});
