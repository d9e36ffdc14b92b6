import type { FastifyInstance, FastifyRequest } from 'fastify';

import { DomainError } from '../shared/errors.js';
import { keyedCount } from './keyed-count.js';

export interface PromoGuessLimits {
  /** Wrong codes per client address per `windowSeconds`, all events together. */
  perClient: number;
  windowSeconds: number;
  /** Wrong codes per event per minute, all clients together. */
  perEvent: number;
}

/**
 * Limits on guessing promo codes (issue 37): wrong codes count per client address and per event in the
 * shared rate-limit store; right ones do not. Once either has no wrong tries left, every try with a code
 * is refused (429 RATE_LIMITED with Retry-After), a right one too: the answer must not tell a hit from a
 * miss. Used by every way a code is tried: the public check, the event's JSON and page (which show the
 * event without the code instead), a reservation carrying a code.
 */
export function promoGuesses(app: FastifyInstance, limits: PromoGuessLimits) {
  const perClient = keyedCount(app, limits.perClient, limits.windowSeconds * 1000);
  const perEvent = keyedCount(app, limits.perEvent, 60_000);
  const keys = (req: FastifyRequest, eventId: number) =>
    [`promo-miss|${req.ip}`, `promo-miss-event|${eventId}`] as const;
  const refuse = (wait: number) => {
    if (wait) throw new DomainError('RATE_LIMITED', { retryAfter: wait });
  };

  /** Refuses while the client or the event has no wrong tries left; counts nothing. */
  async function assertRoom(req: FastifyRequest, eventId: number) {
    const [client, event] = keys(req, eventId);
    refuse(Math.max(await perClient.fullFor(req, client), await perEvent.fullFor(req, event)));
  }

  /** Counts a wrong code; refuses it when it went past a limit (tries sent together, past the room check). */
  async function miss(req: FastifyRequest, eventId: number) {
    const [client, event] = keys(req, eventId);
    const [a, b] = await Promise.all([perClient.add(req, client), perEvent.add(req, event)]);
    refuse(Math.max(a, b));
  }

  return {
    assertRoom,
    miss,
    /**
     * Looks a code up within the limits: what `find` found, or null for a wrong code (counted). Past a
     * limit 429, also for a right code (checked again after the lookup, for tries sent together).
     */
    async lookup<T>(req: FastifyRequest, eventId: number, find: () => Promise<T | null>): Promise<T | null> {
      await assertRoom(req, eventId);
      const found = await find();
      if (found === null) await miss(req, eventId);
      else await assertRoom(req, eventId);
      return found;
    },
    /** For a page with a code in its address: the code to show it with, or none past a limit (still a page). */
    async codeFor(
      req: FastifyRequest,
      eventId: number,
      code: string | undefined,
      find: (code: string) => Promise<unknown>,
    ): Promise<string | undefined> {
      if (!code) return undefined;
      try {
        await this.lookup(req, eventId, async () => (await find(code)) ?? null);
        return code;
      } catch (err) {
        if (isGuessLimit(err)) return undefined;
        throw err;
      }
    },
  };
}
export type PromoGuesses = ReturnType<typeof promoGuesses>;

const made = new WeakMap<object, PromoGuesses>();
/** The app's one set of limits (every route counts in the same keys, also with the in-process store). */
export function promoGuessesOf(app: FastifyInstance, config: { promoGuesses: PromoGuessLimits }): PromoGuesses {
  let guesses = made.get(config);
  if (!guesses) made.set(config, (guesses = promoGuesses(app, config.promoGuesses)));
  return guesses;
}

/** Whether an error is the refusal above (the event page then shows the event without the code). */
export const isGuessLimit = (err: unknown) => err instanceof DomainError && err.code === 'RATE_LIMITED';
