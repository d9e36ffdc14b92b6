import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A preHandler that limits the mails one address gets from public forms (a find-my-tickets link, a
 * waitlist confirmation), whoever asks from wherever: `perHour` at most, sharing the budget of sign-up
 * and reset mails (the key), so many clients together cannot fill a stranger's inbox. Over it: 429 with
 * Retry-After.
 */
export function addressMailLimit(app: FastifyInstance, perHour: number) {
  const emailOf = (req: { body?: unknown }) => String((req.body as { email?: unknown })?.email ?? '').trim().toLowerCase();
  const limit = app.createRateLimit({ max: perHour, timeWindow: 3_600_000, keyGenerator: (req) => `address-mail|${emailOf(req)}` });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await limit(req);
    if (!r.isAllowed && r.isExceeded) {
      reply.header('retry-after', String(Math.max(1, r.ttlInSeconds)));
      throw Object.assign(new Error('too many mails to this address'), { statusCode: 429 });
    }
  };
}
