import { describe, expect, it, vi } from 'vitest';

import { invalidatePublicEvents } from './invalidate.js';
import { PublicEventCache } from './public-event-cache.js';

const parts = (n: number) => ({ event: { id: n }, catalogue: {}, extra: n }) as never;

describe('PublicEventCache', () => {
  it('loads once within the time limit, shares a load in flight, and loads again after it or after invalidation', async () => {
    let now = 0;
    const cache = new PublicEventCache<number>(() => now, { staticMs: 1000, stockMs: 100 });
    const load = vi.fn(async () => parts(1));
    const [a, b] = await Promise.all([cache.staticOf(1, load), cache.staticOf(1, load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    await cache.staticOf(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    await cache.staticOf(1, load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.invalidate(1);
    await cache.staticOf(1, load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.clear();
    await cache.staticOf(1, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failed load', async () => {
    const cache = new PublicEventCache<number>(() => 0, { staticMs: 1000, stockMs: 100 });
    await expect(cache.staticOf(1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(cache.staticOf(1, async () => parts(1))).resolves.toMatchObject({ extra: 1 });
  });
});

describe('invalidatePublicEvents', () => {
  const spy = () => {
    const c = { invalidate: vi.fn(), invalidateStock: vi.fn(), clear: vi.fn(), clearStock: vi.fn() };
    return { c, run: (m: string, url: string, status = 200) => invalidatePublicEvents(c as never, m, url, status) };
  };
  it('maps each successful write to what it can change', () => {
    const { c, run } = spy();
    run('POST', '/api/public/events/7/order');
    expect(c.invalidateStock).toHaveBeenCalledWith(7);
    run('PUT', '/api/events/7/tickets/3?x=1');
    expect(c.invalidate).toHaveBeenCalledWith(7);
    run('POST', '/api/public/webhooks/stripe');
    expect(c.clearStock).toHaveBeenCalledTimes(1);
    run('PUT', '/api/taxes/2');
    expect(c.clear).toHaveBeenCalledTimes(1);
  });
  it('ignores reads, failures, page views and logins', () => {
    const { c, run } = spy();
    run('GET', '/api/events/7');
    run('POST', '/api/events/7/tickets', 422);
    run('POST', '/api/public/events/7/views');
    run('POST', '/api/auth/login');
    expect([c.invalidate, c.invalidateStock, c.clear, c.clearStock].every((f) => f.mock.calls.length === 0)).toBe(true);
  });
});
