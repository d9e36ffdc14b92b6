/** Every buyer route (SPEC §2) the public app serves. */
export type PublicRoute =
  | { name: 'event'; eventId: number }
  | { name: 'widget'; eventId: number }
  | { name: 'checkout'; step: CheckoutStep; eventId: number; shortId: string }
  | { name: 'order-print'; eventId: number; shortId: string }
  | { name: 'ticket'; eventId: number; shortId: string }
  | { name: 'ticket-print'; eventId: number; shortId: string }
  | { name: 'find-tickets'; eventId: number }
  | { name: 'found-orders'; eventId: number; token: string }
  | { name: 'waitlist'; eventId: number; token: string }
  | { name: 'unsubscribe'; token: string }
  | { name: 'not-found' };

export const CHECKOUT_STEPS = ['details', 'payment', 'summary', 'payment_return'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

const ID = '([1-9][0-9]{0,15})';
const SHORT = '([A-Za-z0-9_-]{1,40})';
const SLUG = '[^/]+';

const table: Array<[RegExp, (m: RegExpExecArray) => PublicRoute]> = [
  [new RegExp(`^/(?:event|e)/${ID}(?:/${SLUG})?/?$`), (m) => ({ name: 'event', eventId: Number(m[1]) })],
  [new RegExp(`^/widget/${ID}/?$`), (m) => ({ name: 'widget', eventId: Number(m[1]) })],
  [
    new RegExp(`^/checkout/${ID}/${SHORT}/(${CHECKOUT_STEPS.join('|')})/?$`),
    (m) => ({ name: 'checkout', eventId: Number(m[1]), shortId: m[2]!, step: m[3] as CheckoutStep }),
  ],
  [
    new RegExp(`^/order/${ID}/${SHORT}/print/?$`),
    (m) => ({ name: 'order-print', eventId: Number(m[1]), shortId: m[2]! }),
  ],
  [
    new RegExp(`^/ticket/${ID}/${SHORT}/print/?$`),
    (m) => ({ name: 'ticket-print', eventId: Number(m[1]), shortId: m[2]! }),
  ],
  [new RegExp(`^/ticket/${ID}/${SHORT}/?$`), (m) => ({ name: 'ticket', eventId: Number(m[1]), shortId: m[2]! })],
  [new RegExp(`^/find-tickets/${ID}/?$`), (m) => ({ name: 'find-tickets', eventId: Number(m[1]) })],
  [
    new RegExp(`^/find-tickets/${ID}/([A-Za-z0-9_-]{1,200})/?$`),
    (m) => ({ name: 'found-orders', eventId: Number(m[1]), token: m[2]! }),
  ],
  [
    new RegExp(`^/waitlist/${ID}/([A-Za-z0-9_-]{1,200})/?$`),
    (m) => ({ name: 'waitlist', eventId: Number(m[1]), token: m[2]! }),
  ],
  [new RegExp(`^/unsubscribe/([A-Za-z0-9_-]{1,200})/?$`), (m) => ({ name: 'unsubscribe', token: m[1]! })],
];

/** Matches a pathname against the buyer routes; anything else is the not-found screen. */
export function matchRoute(pathname: string): PublicRoute {
  for (const [pattern, build] of table) {
    const m = pattern.exec(pathname);
    if (m) return build(m);
  }
  return { name: 'not-found' };
}

/** The checkout's first step for a reservation. */
export const checkoutDetailsPath = (eventId: number, shortId: string) =>
  `/checkout/${eventId}/${encodeURIComponent(shortId)}/details`;

/** The event page's address, optionally with a promo code and a date (`?date=`: whose tickets are listed). */
export function eventPagePath(
  eventId: number,
  slug: string,
  promoCode?: string | null,
  dateId?: number | null,
): string {
  const base = `/event/${eventId}/${encodeURIComponent(slug)}`;
  const query = [
    promoCode ? `promo_code=${encodeURIComponent(promoCode)}` : null,
    dateId ? `date=${dateId}` : null,
  ].filter(Boolean);
  return query.length ? `${base}?${query.join('&')}` : base;
}
