import { afterEach, describe, expect, it, vi } from 'vitest';

import { adoptTokenFromHash, checkoutTokens, orderSecrets, secretsInHash } from './checkout-token';
import { publicFetch } from './public-api';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('order secrets in the browser', () => {
  it('reads the token and the secret from an address fragment, either or both', () => {
    expect(secretsInHash('#token=t_1&secret=s-2')).toEqual({ token: 't_1', secret: 's-2' });
    expect(secretsInHash('#secret=abc')).toEqual({ token: null, secret: 'abc' });
    expect(secretsInHash('#token=abc')).toEqual({ token: 'abc', secret: null });
    expect(secretsInHash('#nothing=1')).toEqual({ token: null, secret: null });
    expect(secretsInHash('#xsecret=abc')).toEqual({ token: null, secret: null });
  });

  it("keeps a mail link's secret for its order and takes it out of the address bar", () => {
    window.history.replaceState(null, '', '/checkout/7/oABC/summary#secret=s3cr3t');
    adoptTokenFromHash(7, 'oABC');
    expect(orderSecrets.get(7, 'oABC')).toBe('s3cr3t');
    expect(orderSecrets.get(7, 'oOTHER')).toBeNull();
    expect(checkoutTokens.get(7)).toBeNull();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/checkout/7/oABC/summary');
  });

  it("sends the order's secret only on calls about that order", async () => {
    orderSecrets.set(7, 'oABC', 's3cr3t');
    const fetchMock = vi.fn(
      async () => new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await publicFetch('/events/7/order/oABC', { eventId: 7, orderShortId: 'oABC' });
    await publicFetch('/events/7/order/oOTHER', { eventId: 7, orderShortId: 'oOTHER' });
    await publicFetch('/events/7/attendees/a1');
    const sent = fetchMock.mock.calls.map(
      (c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['x-order-secret'],
    );
    expect(sent).toEqual(['s3cr3t', undefined, undefined]);
  });
});
