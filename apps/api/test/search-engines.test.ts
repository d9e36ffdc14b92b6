import { ORGANIZER_APP_ROUTES, SIGN_IN_ROUTES } from '@admitone/shared';
import { formatEventDate } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events } from '../src/db/schema/index.js';
import { listIndexableEvents } from '../src/modules/public-events/public-events.repository.js';
import { firstSentence } from '../src/modules/public-pages/page-head.js';
import { SITEMAP_FRESH_MS, SITEMAP_MAX_URLS } from '../src/modules/public-pages/site-files.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';
import { fakeWebDist } from './web-dist.js';

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

const NO_INDEX = '<meta name="robots" content="noindex" />';

/** Parses a sitemap with a strict XML parser (it throws on anything not well-formed): its root and its entries. */
function parseSitemap(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const urls: Array<Record<string, string>> = [];
  let root: { name: string; uri: string } | null = null;
  let field: string | null = null;
  parser.on('opentag', (tag) => {
    root ??= { name: tag.local, uri: tag.uri };
    if (tag.local === 'url') urls.push({});
    else if (tag.local !== 'urlset') field = tag.local;
  });
  parser.on('text', (text) => {
    if (field) urls.at(-1)![field] = (urls.at(-1)![field] ?? '') + text;
  });
  parser.on('closetag', () => {
    field = null;
  });
  parser.write(xml).close();
  return { root, urls };
}

/** The content of a meta tag, unescaped. */
function metaContent(html: string, attr: 'name' | 'property', key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html);
  return m
    ? m[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : null;
}

describe('robots.txt', () => {
  it('is plain text: event pages allowed; the organizer app, auth, checkout, orders, tickets and the API not; the sitemap named', async () => {
    const res = await call(ctx.app, 'GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Allow: /event/',
      'Allow: /e/',
      'Disallow: /api/',
      'Disallow: /auth',
      'Disallow: /manage',
      'Disallow: /account',
      'Disallow: /welcome',
      'Disallow: /checkout/',
      'Disallow: /order/',
      'Disallow: /ticket/',
      'Disallow: /widget/',
      'Sitemap: http://admitone.test/sitemap.xml',
    ]) {
      expect(lines).toContain(line);
    }
    // Nothing that would keep crawlers off the event pages.
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      const prefix = line.slice('Disallow: '.length).replace(/\$$/, '');
      expect(
        ['/event/12/jazz', '/e/12'].some((p) => (line.endsWith('$') ? p === prefix : p.startsWith(prefix))),
        line,
      ).toBe(false);
    }
    expect(res.body).not.toContain('<');
  });
});

describe('sitemap.xml', () => {
  it('lists the live, indexable events of every account with absolute addresses and lastmod; not drafts, archived, deleted or noindex ones', async () => {
    const listed = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }], { title: 'Riverside Open Air' });
    const draft = await liveEvent(ctx.app, [], { title: 'Still a draft' });
    await ctx.app.deps.database.db.update(events).set({ status: 'DRAFT' }).where(eq(events.id, draft.event.id));
    const archived = await liveEvent(ctx.app, [], { title: 'Last year' });
    await ctx.app.deps.database.db.update(events).set({ status: 'ARCHIVED' }).where(eq(events.id, archived.event.id));
    const deleted = await liveEvent(ctx.app, [], { title: 'Gone' });
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${deleted.event.id}`, { token: deleted.u.token })).statusCode,
    ).toBe(204);
    // Another account's live event whose organizer keeps it out of search engines.
    const hidden = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }], { title: 'Members only' });
    clock.advance(60_000);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${hidden.event.id}/settings`, {
          token: hidden.u.token,
          body: { allow_search_engine_indexing: false },
        })
      ).statusCode,
    ).toBe(200);
    // Another account's live event: listed too (one sitemap for the whole site).
    const other = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }], { title: 'Harbour Lights' });
    clock.advance(60_000);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${other.event.id}/settings`, {
          token: other.u.token,
          body: { seo_title: 'Harbour Lights by night' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await call(ctx.app, 'GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const { root, urls } = parseSitemap(res.body);
    expect(root).toEqual({ name: 'urlset', uri: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`http://admitone.test/event/${listed.event.id}/riverside-open-air`);
    expect(locs).toContain(`http://admitone.test/event/${other.event.id}/harbour-lights`);
    for (const gone of [draft, archived, deleted, hidden])
      expect(locs.join('\n')).not.toContain(`/event/${gone.event.id}/`);
    for (const u of urls) {
      expect(Object.keys(u).sort()).toEqual(['lastmod', 'loc']);
      expect(u.loc).toMatch(/^http:\/\/admitone\.test\/event\/\d+\/[a-z0-9-]+$/);
      expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    // lastmod is the event's own last change.
    expect(urls.find((u) => u.loc?.includes(`/event/${listed.event.id}/`))?.lastmod).toBe('2027-03-01T12:00:00Z');
    expect(urls.find((u) => u.loc?.includes(`/event/${other.event.id}/`))?.lastmod).toBe('2027-03-01T12:02:00Z');
    // Most recently changed first.
    expect(locs.indexOf(`http://admitone.test/event/${other.event.id}/harbour-lights`)).toBeLessThan(
      locs.indexOf(`http://admitone.test/event/${listed.event.id}/riverside-open-air`),
    );

    // Kept for a few minutes (with a validator): a new live event shows once that has passed.
    const later = await liveEvent(ctx.app, [], { title: 'Brand new' });
    const again = await call(ctx.app, 'GET', '/sitemap.xml', {
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await call(ctx.app, 'GET', '/sitemap.xml')).body).not.toContain(`/event/${later.event.id}/`);
    clock.advance(SITEMAP_FRESH_MS);
    expect((await call(ctx.app, 'GET', '/sitemap.xml')).body).toContain(
      `<loc>http://admitone.test/event/${later.event.id}/brand-new</loc>`,
    );
  });

  it("is capped at the protocol's 50,000 addresses, in one query with a limit", async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const rows = await listIndexableEvents(ctx.app.deps.database.db, 2);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.updated_at.getTime()).toBeGreaterThanOrEqual(rows[1]!.updated_at.getTime());
  });
});

describe('addresses no route answers', () => {
  it("answer 404 with the organizer app's page marked noindex (its router shows its 404 screen)", async () => {
    for (const url of [
      '/nope',
      '/no/such/page',
      '/wp-login.php',
      '/events/12',
      '/assets/missing.js',
      '/nope?x=1',
      '/manage',
      '/manage/nope',
      '/manage/event/12/nope',
      '/account/nope',
      '/welcome/extra',
    ]) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('organizer app');
      expect(res.body, url).toContain(`${NO_INDEX}\n  </head>`);
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
    // Buyer addresses keep their own answers: an unknown event is the buyer app's not-found page.
    const event = await call(ctx.app, 'GET', '/event/999999/nothing');
    expect(event.statusCode).toBe(404);
    expect(event.body).toContain(NO_INDEX);
    expect(event.body).toContain('"event":null');
  });

  it('keep the JSON 404 under /api and for other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/nope'],
      ['DELETE', '/manage/events'],
    ] as const) {
      const res = await call(ctx.app, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
  });

  it('every screen of the organizer app is its page (200, no noindex), deep links included', async () => {
    const urls = [...ORGANIZER_APP_ROUTES.map((r) => r.replace(/:[A-Za-z]+/g, '12')), '/manage/event/12/settings/'];
    for (const url of urls) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('organizer app');
      expect(res.body, url).not.toContain('noindex');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("every sign-in screen is the sign-in app's page (200); any other address under /auth its page with 404 and noindex", async () => {
    const urls = [
      ...SIGN_IN_ROUTES.map((r) => r.replace(/:[A-Za-z]+/g, '12')),
      '/auth/login/',
      '/auth/login?next=%2Fmanage%2Fevents',
      '/auth/reset-password/AbC-123_x',
    ];
    for (const url of urls) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('sign-in app');
      expect(res.body, url).not.toContain('noindex');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/auth', '/auth/nope', '/auth/reset-password', '/auth/login/extra']) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('sign-in app');
      expect(res.body, url).toContain(NO_INDEX);
    }
  });
});

describe('the meta description of an event page', () => {
  const page = async (eventId: number, locale: string) => {
    const res = await call(ctx.app, 'GET', `/event/${eventId}/x`, { headers: { cookie: `admitone_locale=${locale}` } });
    expect(res.statusCode).toBe(200);
    const description = metaContent(res.body, 'name', 'description');
    expect(metaContent(res.body, 'property', 'og:description')).toBe(description);
    expect(metaContent(res.body, 'name', 'twitter:description')).toBe(description);
    return description;
  };

  it("is the description's first sentence, as plain text, in any language", async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }], {
      description: '<p>Three stages &amp; <b>twelve</b> bands! Food trucks from 5 p.m.</p><p>Bring a blanket.</p>',
    });
    expect(await page(event.id, 'en')).toBe('Three stages & twelve bands!');
    expect(await page(event.id, 'de')).toBe('Three stages & twelve bands!');
    expect(firstSentence('Version 2.5 is out. More soon')).toBe('Version 2.5 is out.');
    expect(firstSentence('三个舞台。十二个乐队。')).toBe('三个舞台。');
    expect(firstSentence('No full stop')).toBe('No full stop');
  });

  it("without a description: the date in the event's time zone and the page's language, the place and the organizer", async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { location: { venue_name: 'Riverside', city: 'London', country: 'GB' } },
    });
    // 2027-06-01T19:00 in Europe/Berlin.
    const start = '2027-06-01T17:00:00.000Z';
    const enDate = formatEventDate(start, null, 'Europe/Berlin', 'en');
    expect(enDate).toMatch(/Tuesday, June 1, 2027/);
    expect(await page(event.id, 'en')).toBe(`${enDate}, Riverside, London. Organized by Blue Note Promotions.`);

    // German: the date formatted for German; the sentence is the catalog's (English until translated).
    const deDate = formatEventDate(start, null, 'Europe/Berlin', 'de');
    expect(deDate).toMatch(/Dienstag, 1\. Juni 2027/);
    const de = (await page(event.id, 'de'))!;
    expect(de).toContain(deDate);
    expect(de).toContain('Riverside, London');
    expect(de).toContain('Blue Note Promotions');
    expect(de).not.toContain('Tuesday');
    expect(de.length).toBeLessThanOrEqual(160);

    // Online; only a country (the address); no place at all.
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { is_online: true } });
    expect(await page(event.id, 'en')).toBe(`${enDate}, online. Organized by Blue Note Promotions.`);
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { is_online: false, location: { venue_name: null, city: null } },
    });
    expect(await page(event.id, 'en')).toBe(`${enDate}, United Kingdom. Organized by Blue Note Promotions.`);
    await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { location: { country: null } } });
    expect(await page(event.id, 'en')).toBe(`${enDate}. Organized by Blue Note Promotions.`);
  });
});

describe('without the web build', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('robots.txt and the sitemap are served; other addresses answer the JSON 404', async () => {
    const { event } = await liveEvent(bare.app, [{ name: 'Seat', type: 'FREE' }]);
    const robots = await call(bare.app, 'GET', '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://admitone.test/sitemap.xml');
    const sitemap = await call(bare.app, 'GET', '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(parseSitemap(sitemap.body).urls.map((u) => u.loc)).toEqual([
      `http://admitone.test/event/${event.id}/jazz-night`,
    ]);
    // Files of the site, not API routes.
    const documented = Object.keys(
      (await call(bare.app, 'GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>().paths,
    );
    expect(documented.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const nope = await call(bare.app, 'GET', '/nope');
    expect(nope.statusCode).toBe(404);
    expect(nope.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
  });
});
