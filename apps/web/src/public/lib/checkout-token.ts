/**
 * The checkout token binds a buyer's order to this browser (returned on reservation). One per event:
 * a new reservation sends it back so the server replaces the earlier hold instead of stacking them.
 */
const keyOf = (eventId: number | string) => `admitone.checkout-token.${eventId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const checkoutTokens = {
  get: (eventId: number | string): string | null => storage()?.getItem(keyOf(eventId)) ?? null,
  set: (eventId: number | string, token: string): void => storage()?.setItem(keyOf(eventId), token),
  clear: (eventId: number | string): void => storage()?.removeItem(keyOf(eventId)),
};

/**
 * Each order's secret (docs/SECURITY.md): the order page and every call about the order need it (sent as
 * `X-Order-Secret`). This browser keeps the secret of each order it reserved or opened from a buyer's
 * e-mail link, per order, so the print page in a new tab and the return from Stripe find it too.
 */
const secretKeyOf = (eventId: number | string, shortId: string) => `admitone.order-secret.${eventId}.${shortId}`;

export const orderSecrets = {
  get: (eventId: number | string, shortId: string): string | null =>
    storage()?.getItem(secretKeyOf(eventId, shortId)) ?? null,
  set: (eventId: number | string, shortId: string, secret: string): void =>
    storage()?.setItem(secretKeyOf(eventId, shortId), secret),
};

/**
 * The order this browser last reserved for an event, so a buyer who closed the tab finds it again on
 * the event page while its hold lasts (ResumeOrderNotice). Forgotten once that order is no longer open.
 */
const openKeyOf = (eventId: number | string) => `admitone.open-order.${eventId}`;

export const openOrders = {
  get: (eventId: number | string): string | null => storage()?.getItem(openKeyOf(eventId)) ?? null,
  set: (eventId: number | string, shortId: string): void => storage()?.setItem(openKeyOf(eventId), shortId),
  clear: (eventId: number | string): void => storage()?.removeItem(openKeyOf(eventId)),
};

/** `#token=...&secret=...` in an address, as the widget and the buyer's e-mails write it (both optional). */
export function secretsInHash(hash: string): { token: string | null; secret: string | null } {
  const value = (name: string) => new RegExp(`(?:^#|&)${name}=([A-Za-z0-9_-]+)`).exec(hash)?.[1] ?? null;
  return { token: value('token'), secret: value('secret') };
}

/**
 * An order page opened from the embedded widget (`#token=...&secret=...`: the widget's iframe storage is
 * not ours) or from a buyer's e-mail (`#secret=...`): keep what it brings and remove it from the address
 * bar (out of the history, bookmarks and anything the page might share). A fragment never reaches the
 * server, so the secret is in no server or proxy log either.
 */
export function adoptTokenFromHash(eventId: number | string, shortId?: string): void {
  if (typeof window === 'undefined') return;
  const { token, secret } = secretsInHash(window.location.hash);
  if (!token && !secret) return;
  if (token) checkoutTokens.set(eventId, token);
  if (secret && shortId) orderSecrets.set(eventId, shortId, secret);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
