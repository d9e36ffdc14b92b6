import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale, PublicEventDto } from '@admitone/shared';
import type { AppDeps } from '../../app.js';
import { requestLocale } from '../../plugins/locale.js';
import { publicEventFor } from '../public-events/public-event.js';
import { escapeHtml, eventHead, scriptJson } from './page-head.js';

type Render = (input: { url: string; event: PublicEventDto | null; locale: Locale }) => { html: string };

/** The buyer-facing pages are framed by other sites only through the widget. */
const FRAMEABLE = /^\/widget\//;

/**
 * Serves the buyer pages from the separate public bundle (dist/public.html). Event pages are
 * rendered on the server (dist-ssr/ssr.js, when built) with their head tags (title, description,
 * Open Graph, JSON-LD, robots) and the data the client hydrates from; checkout, ticket, order and
 * widget pages are rendered in the browser.
 */
export async function registerPublicPages(app: FastifyInstance, deps: AppDeps, webDistDir: string) {
  const templatePath = path.join(webDistDir, 'public.html');
  if (!existsSync(templatePath)) return;
  const template = readFileSync(templatePath, 'utf8');
  const ssrPath = path.join(webDistDir, '..', 'dist-ssr', 'ssr.js');
  let render: Render | null = null;
  if (existsSync(ssrPath)) {
    try {
      render = ((await import(pathToFileURL(ssrPath).href)) as { render: Render }).render;
    } catch (err) {
      deps.log.error({ err }, 'server rendering unavailable: dist-ssr/ssr.js failed to load');
    }
  }

  // Replacements are functions: in a replacement string the patterns $` $' $& (in organizer text, or
  // in a promo code from the address) would copy parts of the page in, out of attributes and the data.
  const page = (locale: Locale, head: { title: string; tags: string }, html: string, data: unknown) =>
    template
      .replace('<html lang="en"', () => `<html lang="${locale}"`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--app-head-->', () => `<title>${escapeHtml(head.title)}</title>\n    ${head.tags}`)
      .replace('<!--app-html-->', () => html)
      .replace('</body>', () => `<script id="admitone-data" type="application/json">${scriptJson(data)}</script>\n  </body>`);

  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  async function eventPage(req: FastifyRequest<{ Params: { eventId: string }; Querystring: { promo_code?: string } }>, reply: FastifyReply) {
    const locale = requestLocale(req);
    const id = Number(req.params.eventId);
    const promo = typeof req.query.promo_code === 'string' ? req.query.promo_code.slice(0, 50) : undefined;
    const event = Number.isSafeInteger(id) && id > 0 ? await publicEventFor({ db: deps.database.db, storage: deps.storage, cache: deps.publicEvents }, id, promo, deps.clock.now()) : null;
    const head = event ? eventHead(event, deps.config.appUrl) : { title: 'AdmitOne', tags: '<meta name="robots" content="noindex" />' };
    const html = render ? render({ url: req.url, event, locale }).html : '';
    return send(reply, event ? 200 : 404, page(locale, head, html, { event, locale, promo_code: promo ?? null }));
  }

  async function clientPage(req: FastifyRequest, reply: FastifyReply) {
    const locale = requestLocale(req);
    if (FRAMEABLE.test(req.url)) {
      // The widget is meant to be embedded anywhere.
      reply.header('content-security-policy', (reply.getHeader('content-security-policy') as string | undefined)?.replace(/frame-ancestors [^;]*/, "frame-ancestors *") ?? "frame-ancestors *");
      reply.removeHeader('x-frame-options');
    }
    return send(reply, 200, page(locale, { title: 'AdmitOne', tags: '<meta name="robots" content="noindex" />' }, '', { event: null, locale, promo_code: null }));
  }

  app.get('/event/:eventId/:slug', eventPage);
  app.get('/event/:eventId', eventPage);
  app.get('/e/:eventId/:slug', eventPage);
  app.get('/e/:eventId', eventPage);
  for (const route of ['/widget/*', '/checkout/*', '/order/*', '/ticket/*']) app.get(route, clientPage);
}
