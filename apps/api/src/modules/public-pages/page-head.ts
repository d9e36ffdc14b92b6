import { currencyExponent, type PublicEventDto } from '@admitone/shared';

/** Escapes text for an HTML attribute or element. */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON safe inside a `<script>` element (no `</script>`, no HTML comment openers, no line separators). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Plain text of sanitised HTML, for meta descriptions. */
export function plainText(html: string | null, max = 160): string {
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
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Minor units as a decimal string in major units (schema.org prices), e.g. 4500 EUR -> "45.00". */
export function majorUnits(amount: number, currency: string): string {
  const exp = currencyExponent(currency);
  return exp === 0 ? String(amount) : (amount / 10 ** exp).toFixed(exp);
}

const absolute = (appUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`);

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
    const units = t.tiers.length ? t.tiers.map((x) => ({ name: `${t.name} – ${x.label}`, unit: x.unit, state: x.sale_state, start: x.sale_start })) : [{ name: t.name, unit: t.unit, state: t.sale_state, start: t.sale_start }];
    return units.map((u) => ({
      '@type': 'Offer',
      name: u.name,
      price: majorUnits(u.unit?.total ?? t.min_price ?? 0, e.currency),
      priceCurrency: e.currency,
      availability: u.state === 'SOLD_OUT' ? 'https://schema.org/SoldOut' : u.state === 'ON_SALE' ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
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
    eventAttendanceMode: e.is_online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: e.is_online ? { '@type': 'VirtualLocation', url } : place,
    image: e.cover_image ? [absolute(appUrl, e.cover_image.variants.large)] : undefined,
    organizer: { '@type': 'Organization', name: e.organizer.name, url: e.organizer.website ?? undefined },
    offers: offers.length ? offers : undefined,
    url,
  };
}

/** The `<head>` tags of a public event page: title, description, canonical, Open Graph, robots and JSON-LD. */
export function eventHead(e: PublicEventDto, appUrl: string): { title: string; tags: string } {
  const title = e.settings.seo_title ?? e.title;
  const description = plainText(e.settings.seo_description ?? e.description);
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
