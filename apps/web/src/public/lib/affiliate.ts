/**
 * The affiliate a buyer came through (`?aff=CODE` on the event page or the widget). Kept per event
 * for the browser tab, so choosing again after going back, applying a promo code or switching the
 * language still sends it with the reservation; the server attributes the order when the code is an
 * enabled affiliate of the event and otherwise simply ignores it.
 */
export const AFFILIATE_PARAM = 'aff';

const CODE = /^[\p{L}\p{N}_-]{3,50}$/u;
const keyOf = (eventId: number | string) => `admitone.affiliate.${eventId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The affiliate code in an address's query (`?aff=`), or null when absent or not a possible code. */
export function affiliateCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get(AFFILIATE_PARAM)?.trim() ?? '';
  return CODE.test(code) ? code : null;
}

export const affiliateCodes = {
  get: (eventId: number | string): string | null => {
    const code = storage()?.getItem(keyOf(eventId)) ?? '';
    return CODE.test(code) ? code : null;
  },
  set: (eventId: number | string, code: string): void => storage()?.setItem(keyOf(eventId), code),
};

/**
 * Remembers the code of the page's address for this event (a newer link replaces an older one) and
 * returns the code in effect: the address's, else the remembered one.
 */
export function rememberAffiliate(eventId: number, search: string): string | null {
  const fromAddress = affiliateCodeOf(search);
  if (fromAddress) affiliateCodes.set(eventId, fromAddress);
  return fromAddress ?? affiliateCodes.get(eventId);
}

/** Adds `aff=CODE` to a path (keeping its other query parameters); the path unchanged without a code. */
export function withAffiliate(path: string, code: string | null): string {
  if (!code) return path;
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(AFFILIATE_PARAM, code);
  return `${base}?${params.toString()}`;
}
