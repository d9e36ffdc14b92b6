import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { type Locale, publicDateParam, type PublicEventDto } from '@admitone/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { databaseErrorLog, isDatabaseUnavailable } from '../../db/availability.js';
import type { AppDeps } from '../../deps.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/error-handler.js';
import { requestLocale } from '../../plugins/locale.js';
import { promoGuessesOf } from '../../plugins/promo-guesses.js';
import { publicEventFor, usablePromo } from '../public-events/public-event.js';
import { inlineStyleSheets } from './inline-styles.js';
import { outagePage } from './outage-page.js';
import { eventHead, scriptJson } from './page-head.js';
import { pageTemplate } from './page-template.js';
import { type RenderedPage, RenderedPages, sendRendered } from './rendered-pages.js';

type Render = (input: { url: string; event: PublicEventDto | null; locale: Locale }) => { html: string };

const noIndex = { title: 'AdmitOne', tags: '<meta name="robots" content="noindex" />' };

/** The buyer-facing pages are framed by other sites only through the widget. */
const FRAMEABLE = /^\/widget\//;

/**
 * Serves the buyer pages from the separate public bundle (dist/public.html). Event pages are
 * rendered on the server (dist-ssr/ssr.js, when built) with their head tags (title, description,
 * Open Graph, JSON-LD, robots) and the data the client hydrates from; checkout, ticket, order and
 * widget pages are rendered in the browser. Rendered pages are kept (rendered-pages.ts) and sent
 * compressed, with an ETag.
 */
export async function registerPublicPages(app: FastifyInstance, deps: AppDeps, webDistDir: string) {
  const templatePath = path.join(webDistDir, 'public.html');
  if (!existsSync(templatePath)) return;
  const template = inlineStyleSheets(readFileSync(templatePath, 'utf8'), webDistDir);
  const ssrPath = path.join(webDistDir, '..', 'dist-ssr', 'ssr.js');
  let render: Render | null = null;
  if (existsSync(ssrPath)) {
    try {
      render = ((await import(pathToFileURL(ssrPath).href)) as { render: Render }).render;
    } catch (err) {
      deps.log.error({ err }, 'server rendering unavailable: dist-ssr/ssr.js failed to load');
    }
  }

  const fill = pageTemplate(template);
  const page = (locale: Locale, head: { title: string; tags: string }, html: string, dataJson: string) =>
    fill({ locale, head, html, dataJson });

  const clock = () => deps.clock.now().getTime();
  const databaseAway = databaseErrorLog(deps.log, 'event pages answered with the outage page');
  const guesses = promoGuessesOf(app, deps.config);
  const pages = new RenderedPages(clock, { freshMs: () => deps.publicEvents.stockMs, maxPages: 2000 });

  const send = (req: FastifyRequest, reply: FastifyReply, rendered: RenderedPage) =>
    sendRendered(req, reply, rendered, 'text/html; charset=utf-8');

  /** The address the page is rendered for: its path and the only parameters the page reads (promo code, affiliate). */
  const renderUrl = (url: string, names = ['promo_code', 'aff', 'date']) => {
    const parsed = new URL(url, 'http://localhost');
    const kept = new URLSearchParams();
    for (const name of names) {
      const value = parsed.searchParams.get(name);
      if (value !== null) kept.set(name, value.slice(0, 100));
    }
    const search = kept.toString();
    return `${parsed.pathname.slice(0, 300)}${search ? `?${search}` : ''}`;
  };

  async function eventPage(
    req: FastifyRequest<{
      Params: { eventId: string };
      Querystring: { promo_code?: string; preview?: string; date?: string };
    }>,
    reply: FastifyReply,
  ) {
    // The organizer's preview (`?preview=1`, drafts too): the browser loads it with the organizer's
    // session, which the server does not see. A page for the browser to render (200, never indexed), not
    // the visitor's "not found".
    if (req.query.preview !== undefined) return clientPage(req, reply);
    const locale = requestLocale(req);
    const id = Number(req.params.eventId);
    let url = renderUrl(req.url);
    if (!Number.isSafeInteger(id) || id <= 0)
      return send(req, reply, await pages.page(`${locale}|${url}`, 'none', async () => notFound(locale, url)));
    const asked = typeof req.query.promo_code === 'string' ? req.query.promo_code.slice(0, 50) : undefined;
    // Wrong codes are limited per client and per event: past it (or if the check fails) the page is the
    // event without the code, rendered and kept as the address without it.
    const promo = await guesses
      .codeFor(req, id, asked, (code) => usablePromo(deps.database.db, id, code, deps.clock.now()))
      .catch(() => undefined);
    if (asked && !promo) url = renderUrl(req.url, ['aff', 'date']);
    // `?date=`: the tickets of that date (an event with several); anything else is no date.
    const date = publicDateParam.parse(req.query.date);
    const key = `${id}|${locale}|${url}`;
    const rendered = await pages
      .page(key, deps.publicEvents.versionOf(id), async () => {
        const event = await publicEventFor(
          { db: deps.database.db, storage: deps.storage, cache: deps.publicEvents },
          id,
          promo,
          deps.clock.now(),
          locale,
          date,
        );
        if (!event) return notFound(locale, url);
        const dataJson = scriptJson({ event, locale, promo_code: promo ?? null });
        return {
          status: 200,
          content: `${locale}\n${url}\n${dataJson}`,
          render: () =>
            page(
              locale,
              eventHead(event, deps.config.appUrl, locale),
              render ? render({ url, event, locale }).html : '',
              dataJson,
            ),
        };
      })
      .catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        // The database is away: the last copy of this page if one is kept (buyers still read the event;
        // checkout answers 503 until it is back), else a note in their language that reloads itself.
        databaseAway(err);
        return pages.kept(key);
      });
    if (rendered) return send(req, reply, rendered);
    return reply
      .status(503)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(outagePage(locale));
  }

  const notFound = (locale: Locale, url: string) => {
    const dataJson = scriptJson({ event: null, locale, promo_code: null });
    return {
      status: 404,
      content: `${locale}\n${url}\n${dataJson}`,
      render: () => page(locale, noIndex, render ? render({ url, event: null, locale }).html : '', dataJson),
    };
  };

  async function clientPage(req: FastifyRequest, reply: FastifyReply) {
    const locale = requestLocale(req);
    if (FRAMEABLE.test(req.url)) {
      // The widget is meant to be embedded anywhere.
      reply.header(
        'content-security-policy',
        (reply.getHeader('content-security-policy') as string | undefined)?.replace(
          /frame-ancestors [^;]*/,
          'frame-ancestors *',
        ) ?? 'frame-ancestors *',
      );
      reply.removeHeader('x-frame-options');
    }
    // The same page for every address (the browser renders it): one per language.
    const dataJson = scriptJson({ event: null, locale, promo_code: null });
    return send(
      req,
      reply,
      await pages.page(`client|${locale}`, 'none', async () => ({
        status: 200,
        content: dataJson,
        render: () => page(locale, noIndex, '', dataJson),
      })),
    );
  }

  app.get('/event/:eventId/:slug', eventPage);
  app.get('/event/:eventId', eventPage);
  app.get('/e/:eventId/:slug', eventPage);
  app.get('/e/:eventId', eventPage);
  for (const route of [
    '/widget/*',
    '/checkout/*',
    '/order/*',
    '/ticket/*',
    '/find-tickets/*',
    '/waitlist/*',
    '/unsubscribe/*',
  ])
    app.get(route, clientPage);
}
