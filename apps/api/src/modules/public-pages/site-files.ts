import { ORGANIZER_APP_SECTIONS } from '@admitone/shared';
import type { FastifyInstance } from 'fastify';

import { isDatabaseUnavailable } from '../../db/availability.js';
import type { AppDeps } from '../../deps.js';
import { publicEventPath } from '../public-events/public-event.js';
import { type IndexableEvent, listIndexableEvents } from '../public-events/public-events.repository.js';
import { RenderedPages, sendRendered } from './rendered-pages.js';

/** The sitemap protocol's limit of addresses in one sitemap file (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_MAX_URLS = 50_000;

/** How long a process reuses its sitemap before asking the database again: a new live event is listed within this. */
export const SITEMAP_FRESH_MS = 5 * 60_000;

/** Buyer pages that are no landing pages: a buyer's own checkout, order and tickets, and the embedded widget. */
const PRIVATE_BUYER_PATHS = [
  '/checkout/',
  '/order/',
  '/ticket/',
  '/widget/',
  '/find-tickets/',
  '/waitlist/',
  '/unsubscribe/',
];

/**
 * robots.txt: the event pages (`/event/...`, `/e/...`) may be crawled; the API, the organizer app (its
 * sections from the shared route list, and its start page `/`, which only sends to the login or the event
 * list) and the buyer's private pages may not. There are no organizer pages for the public (yet).
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /event/',
    'Allow: /e/',
    'Disallow: /api/',
    ...ORGANIZER_APP_SECTIONS.map((section) => `Disallow: /${section}`),
    // `$` ends the address (Google, Bing): only the start page itself, not everything under it.
    'Disallow: /$',
    ...PRIVATE_BUYER_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A sitemaps.org `urlset` of the events' pages, with absolute addresses and the time each event last changed. */
export function sitemapXml(appUrl: string, rows: IndexableEvent[]): string {
  const urls = rows.map(
    (e) =>
      `  <url><loc>${escapeXml(`${appUrl}${encodeURI(publicEventPath(e.id, e.slug))}`)}</loc><lastmod>${e.updated_at.toISOString().replace(/\.\d+Z$/, 'Z')}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * `/robots.txt` and `/sitemap.xml`, with or without the web build. The sitemap lists the pages of the
 * events the public may read and search engines may index (at most 50,000, the most recently changed
 * first), from one query; each process keeps it, with its compressed forms, for SITEMAP_FRESH_MS (a change
 * shows within 5 minutes) and keeps serving its last copy while the database is away.
 */
export function registerSiteFiles(app: FastifyInstance, deps: AppDeps) {
  const robots = robotsTxt(deps.config.appUrl);
  // Files of the site, not of the API: left out of the OpenAPI document (and so of its route matrices).
  const hidden = { schema: { hide: true } };
  app.get('/robots.txt', hidden, async (_req, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );

  const sitemaps = new RenderedPages(() => deps.clock.now().getTime(), {
    freshMs: () => SITEMAP_FRESH_MS,
    maxPages: 1,
  });
  app.get('/sitemap.xml', hidden, async (req, reply) => {
    const sitemap = await sitemaps
      .page('sitemap', 'none', async () => {
        const rows = await listIndexableEvents(deps.database.db, SITEMAP_MAX_URLS);
        return {
          status: 200,
          content: rows.map((e) => `${e.id} ${e.slug} ${e.updated_at.toISOString()}`).join('\n'),
          render: () => sitemapXml(deps.config.appUrl, rows),
        };
      })
      .catch((err: unknown) => {
        const kept = isDatabaseUnavailable(err) ? sitemaps.kept('sitemap') : null;
        if (!kept) throw err;
        return kept;
      });
    return sendRendered(req, reply, sitemap, 'application/xml; charset=utf-8');
  });
}
