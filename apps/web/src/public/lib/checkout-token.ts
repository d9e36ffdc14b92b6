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
 * A checkout opened from the embedded widget arrives with `#token=...` (the widget's iframe storage
 * is not ours); keep it and remove it from the address bar.
 */
export function adoptTokenFromHash(eventId: number | string): void {
  if (typeof window === 'undefined') return;
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (!match) return;
  checkoutTokens.set(eventId, match[1]!);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
