import type { FastifyInstance } from 'fastify';

import { DomainError } from '../shared/errors.js';

/** Deeper than any contract goes; deep enough for any real client. */
export const JSON_MAX_DEPTH = 64;

/** How deeply arrays and objects nest in a parsed JSON value (walked with its own stack, never recursion). */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    max = Math.max(max, depth + 1);
    if (max > limit) return max;
    for (const item of Object.values(v))
      if (item && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
  }
  return max;
}

/**
 * JSON bodies nested deeper than JSON_MAX_DEPTH are refused (400, like malformed JSON) before
 * anything else looks at them: deep nesting overflows the stack of recursive code further on
 * (JSON.stringify of an idempotent request's fingerprint, jsonb in PostgreSQL).
 */
export function registerJsonDepthLimit(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && jsonDepth(request.body, JSON_MAX_DEPTH) > JSON_MAX_DEPTH)
      throw new DomainError('BAD_REQUEST');
  });
}
