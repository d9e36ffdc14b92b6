import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { DomainError } from '../shared/errors.js';
import { keyedCount } from './keyed-count.js';

/**
 * A preHandler that limits the mails one address gets from public forms (a find-my-tickets link, a
 * waitlist confirmation), whoever asks from wherever: `perHour` at most, sharing the budget of sign-up
 * and reset mails (the key), so many clients together cannot fill a stranger's inbox. Over it: 429 with
 * Retry-After.
 */
export function addressMailLimit(app: FastifyInstance, perHour: number) {
  const emailOf = (req: { body?: unknown }) =>
    String((req.body as { email?: unknown })?.email ?? '')
      .trim()
      .toLowerCase();
  const limit = app.createRateLimit({
    max: perHour,
    timeWindow: 3_600_000,
    keyGenerator: (req) => `address-mail|${emailOf(req)}`,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await limit(req);
    if (!r.isAllowed && r.isExceeded) {
      reply.header('retry-after', String(Math.max(1, r.ttlInSeconds)));
      throw Object.assign(new Error('too many mails to this address'), { statusCode: 429 });
    }
  };
}

/**
 * Ticket mails a buyer asks for (an attendee's new e-mail address, a transfer, a resend), whoever asks:
 * one to `email` for ticket `ticketId` counts against the address (the key of sign-up and reset mails,
 * `perAddress` an hour) and against the ticket (`perTicket` an hour). Both are read first: past either,
 * 429 RATE_LIMITED with Retry-After and nothing counted; else both count. Call it before anything is
 * changed, so a refused change changes nothing (one ticket's changes wait on its order's lock).
 */
export function ticketMailBudget(app: FastifyInstance, perAddress: number, perTicket: number) {
  const address = keyedCount(app, perAddress, 3_600_000);
  const ticket = keyedCount(app, perTicket, 3_600_000);
  return async (req: FastifyRequest, ticketId: number, email: string) => {
    const keys = [`address-mail|${email.trim().toLowerCase()}`, `ticket-mail|${ticketId}`] as const;
    const wait = Math.max(await address.fullFor(req, keys[0]), await ticket.fullFor(req, keys[1]));
    if (wait) throw new DomainError('RATE_LIMITED', { retryAfter: wait });
    await Promise.all([address.add(req, keys[0]), ticket.add(req, keys[1])]);
  };
}
export type TicketMailBudget = (ticketId: number, email: string) => Promise<void>;
