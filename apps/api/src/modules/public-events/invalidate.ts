import type { PublicEventCache } from './public-event-cache.js';

/**
 * After a successful write request, forget what it may have changed in the public event cache:
 * a buyer's checkout step changes that event's stock; an organizer's change to an event (its settings,
 * catalogue, orders, attendees, images) that event; a payment webhook some event's stock; anything
 * else account-wide (taxes, organizers, accounts) everything. Page-view beacons and logins change nothing.
 */
export function invalidatePublicEvents(
  cache: PublicEventCache<unknown>,
  method: string,
  url: string,
  status: number,
): void {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || status >= 400) return;
  const path = url.split('?')[0]!;
  const buyer = /^\/api\/public\/events\/(\d+)(\/.*)?$/.exec(path);
  if (buyer) {
    if (!buyer[2]?.startsWith('/views')) cache.invalidateStock(Number(buyer[1]));
    return;
  }
  if (path.startsWith('/api/public/')) return cache.clearStock();
  const organizer = /^\/api\/events\/(\d+)(\/|$)/.exec(path);
  if (organizer) return cache.invalidate(Number(organizer[1]));
  if (path.startsWith('/api/auth/')) return;
  if (path.startsWith('/api/')) cache.clear();
}
