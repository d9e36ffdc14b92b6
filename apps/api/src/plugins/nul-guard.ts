import type { FastifyInstance } from 'fastify';

import { DomainError } from '../shared/errors.js';

const NUL = '\u0000';

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

const pathOf = (node: Node | null, last?: string): string => {
  const keys = last === undefined ? [] : [last];
  for (let n = node; n && n.parent; n = n.parent) keys.unshift(n.key);
  return keys.join('.') || '_';
};

/**
 * The path (`attendees.0.first_name`) of the first string or object key holding U+0000, or null.
 * Walks with its own stack and parent links: a body may nest hundreds of thousands of levels deep.
 */
export function findNul(value: unknown): string | null {
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return pathOf(node);
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    for (const [key, item] of Object.entries(v)) {
      if (key.includes(NUL)) return pathOf(node, key.replaceAll(NUL, ''));
      stack.push({ value: item, key, parent: node });
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request (path, query string,
 * JSON body, even an object key) is refused as an invalid field, after authentication and validation,
 * instead of failing in the database. Raw string bodies (the signed Stripe webhook) are left alone.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const field =
      findNul(request.params) ??
      findNul(request.query) ??
      (typeof request.body === 'object' ? findNul(request.body) : null);
    if (field !== null) throw new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'invalid' }] } });
  });
}
