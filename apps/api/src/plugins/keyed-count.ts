import type { FastifyInstance, FastifyRequest } from 'fastify';

type Keyed = FastifyRequest & { countKey: string };

/**
 * A count per key of the code's choosing (an address, a ticket, an event), `max` per `windowMs`, in the
 * app's shared rate-limit store (all processes): read without counting, or count one. For limits that
 * count only some outcomes (a mail actually sent, a wrong promo code) or several keys per request, which a
 * route's `config.rateLimit` cannot. A store that fails lets the request through, as the route limits do.
 */
export function keyedCount(app: FastifyInstance, max: number, windowMs: number) {
  const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => (req as Keyed).countKey });
  const on = (req: FastifyRequest, key: string) =>
    Object.assign(Object.create(req) as FastifyRequest, { countKey: key });
  return {
    /** Seconds until `key` has room again (0: it has room now); counts nothing. */
    async fullFor(req: FastifyRequest, key: string): Promise<number> {
      const r = await limit(on(req, key), { increment: false });
      return !r.isAllowed && r.remaining <= 0 ? Math.max(1, r.ttlInSeconds) : 0;
    },
    /** Counts one for `key`; the seconds to wait when that went past `max` (0: within it). */
    async add(req: FastifyRequest, key: string): Promise<number> {
      const r = await limit(on(req, key));
      return !r.isAllowed && r.isExceeded ? Math.max(1, r.ttlInSeconds) : 0;
    },
  };
}
