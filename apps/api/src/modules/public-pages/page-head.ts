import { currencyExponent, formatEventDate, type Locale, type PublicEventDto } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';

import { translate } from '../../i18n/i18n.js';
import { formatAddress } from '../order-documents/format.js';

/** The sentence an event page's description is made of when the organizer wrote none. */
const SUMMARY = {
  place: /*i18n*/ { id: 'page.event.summary', message: '{date}, {place}. Organized by {organizer}.' },
  online: /*i18n*/ { id: 'page.event.summary_online', message: '{date}, online. Organized by {organizer}.' },
  noPlace: /*i18n*/ { id: 'page.event.summary_no_place', message: '{date}. Organized by {organizer}.' },
} satisfies Record<string, MessageDescriptor>;

/** The length of a meta description (search engines show about this much). */
const DESCRIPTION_MAX = 160;

/** Escapes text for an HTML attribute or element. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON safe inside a `<script>` element (no `</script>`, no HTML comment openers, no line separators). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Text cut to `max` characters, with an ellipsis when cut. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Plain text of sanitised HTML, for meta descriptions. */
export function plainText(html: string | null, max = DESCRIPTION_MAX): string {
  const text = (html ?? '')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return clip(text, max);
}

/**
 * The first sentence of plain text (up to `.`, `!`, `?` or `…` before a space or the end, or a CJK full stop), else all
 * of it.
 */
export function firstSentence(text: string): string {
  const end = /[.!?…](?=\s|$)|[。！？]/.exec(text);
  return end ? text.slice(0, end.index + end[0].length) : text;
}

/**
 * A sentence about the event in the page's language, for pages without a description of their own:
 * its start (in the event's time zone), where (venue and city, else the address; "online") and who organizes it.
 */
export function eventSummary(e: PublicEventDto, locale: Locale): string {
  const date = formatEventDate(e.start_date, null, e.timezone, locale);
  const place =
    [e.location.venue_name, e.location.city].filter((s) => s?.trim()).join(', ') || formatAddress(e.location, locale);
  const summary = e.is_online ? SUMMARY.online : place ? SUMMARY.place : SUMMARY.noPlace;
  return translate(locale, summary, { date, place, organizer: e.organizer.name });
}

/**
 * The page's meta description, never empty: the organizer's SEO description, else the first sentence
 * of the event's description, else `eventSummary`.
 */
export function eventDescription(e: PublicEventDto, locale: Locale): string {
  return (
    plainText(e.settings.seo_description) ||
    clip(firstSentence(plainText(e.description, Infinity)), DESCRIPTION_MAX) ||
    clip(eventSummary(e, locale), DESCRIPTION_MAX)
  );
}

/** Minor units as a decimal string in major units (schema.org prices), e.g. 4500 EUR -> "45.00". */
export function majorUnits(amount: number, currency: string): string {
  const exp = currencyExponent(currency);
  return exp === 0 ? String(amount) : (amount / 10 ** exp).toFixed(exp);
}

const absolute = (appUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/** schema.org `Event` for search engines (https://schema.org/Event). */
export function eventJsonLd(e: PublicEventDto, appUrl: string): Record<string, unknown> {
  const address = [e.location.address_line_1, e.location.address_line_2].filter(Boolean).join(', ');
  const place = {
    '@type': 'Place',
    name: e.location.venue_name ?? undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address || undefined,
      addressLocality: e.location.city ?? undefined,
      addressRegion: e.location.state_or_region ?? undefined,
      postalCode: e.location.zip_or_postal_code ?? undefined,
      addressCountry: e.location.country ?? undefined,
    },
  };
  const url = absolute(appUrl, e.url);
  const offers = e.tickets.flatMap((t) => {
    const units = t.tiers.length
      ? t.tiers.map((x) => ({ name: `${t.name} – ${x.label}`, unit: x.unit, state: x.sale_state, start: x.sale_start }))
      : [{ name: t.name, unit: t.unit, state: t.sale_state, start: t.sale_start }];
    return units.map((u) => ({
      '@type': 'Offer',
      name: u.name,
      price: majorUnits(u.unit?.total ?? t.min_price ?? 0, e.currency),
      priceCurrency: e.currency,
      availability:
        u.state === 'SOLD_OUT'
          ? 'https://schema.org/SoldOut'
          : u.state === 'ON_SALE'
            ? 'https://schema.org/InStock'
            : 'https://schema.org/PreOrder',
      validFrom: u.start ?? undefined,
      url,
    }));
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: plainText(e.settings.seo_description ?? e.description, 500) || undefined,
    startDate: e.start_date,
    endDate: e.end_date ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: e.is_online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: e.is_online ? { '@type': 'VirtualLocation', url } : place,
    image: e.cover_image ? [absolute(appUrl, e.cover_image.variants.large)] : undefined,
    organizer: { '@type': 'Organization', name: e.organizer.name, url: e.organizer.website ?? undefined },
    offers: offers.length ? offers : undefined,
    url,
  };
}

/**
 * The `<head>` tags of a public event page in the page's language: title, description, canonical, Open Graph, robots
 * and JSON-LD.
 */
export function eventHead(e: PublicEventDto, appUrl: string, locale: Locale): { title: string; tags: string } {
  const title = e.settings.seo_title ?? e.title;
  const description = eventDescription(e, locale);
  const url = absolute(appUrl, e.url);
  const image = e.cover_image ? absolute(appUrl, e.cover_image.variants.large) : null;
  const meta = (attr: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : '';
  const tags = [
    meta('name', 'description', description),
    meta('name', 'keywords', e.settings.seo_keywords),
    e.settings.allow_search_engine_indexing ? '' : '<meta name="robots" content="noindex, nofollow" />',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<script type="application/ld+json">${scriptJson(eventJsonLd(e, appUrl))}</script>`,
  ];
  return { title, tags: tags.filter(Boolean).join('\n    ') };
}
