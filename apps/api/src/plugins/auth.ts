import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE_PERMISSIONS, roleHasEventScope, type Permission, type Role } from '@admitone/shared';
import type { Database } from '../db/client.js';
import { findSessionByToken, touchSession } from '../modules/auth/sessions.repository.js';
import { eventIdsOfMembership } from '../modules/users/membership-events.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';

export interface AuthContext {
  sessionId: number;
  accountId: number;
  role: Role;
  isOwner: boolean;
  permissions: readonly Permission[];
  /** The events the caller works, for a role limited to some (door staff); null: every event of the account. */
  eventIds: readonly number[] | null;
  user: { id: number; name: string; email: string; locale: string | null; timezone: string | null };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Hook (preValidation, so the caller's locale is known for field errors and 401 comes before 422): requires a valid bearer token of an active member. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Hook factory: requires a permission of the caller's role. */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The signed-in caller of a route guarded by `app.authenticate` or `app.requirePermission`. On a route
 * that forgot its guard it throws the guard's own 401 UNAUTHENTICATED (never a TypeError and a 500).
 */
export function authOf(request: Pick<FastifyRequest, 'auth'>): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  return request.auth;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** Reads the bearer token (header only: no cookie auth, so no CSRF) and loads the session. */
async function authPlugin(app: FastifyInstance, opts: { database: Database; clock: Clock }) {
  app.decorateRequest('auth', null);

  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new DomainError('UNAUTHENTICATED');
    const now = opts.clock.now();
    const found = await findSessionByToken(opts.database.db, token, now);
    if (!found) throw new DomainError('UNAUTHENTICATED');
    request.auth = {
      sessionId: found.session.id,
      accountId: found.session.account_id,
      role: found.membership.role,
      isOwner: found.membership.is_owner,
      permissions: ROLE_PERMISSIONS[found.membership.role],
      eventIds: roleHasEventScope(found.membership.role) ? await eventIdsOfMembership(opts.database.db, found.membership.id) : null,
      user: found.user,
    };
    // Refresh "last used" at most once a minute to keep reads cheap.
    if (now.getTime() - found.session.last_used_at.getTime() > 60_000) {
      await touchSession(opts.database.db, found.session.id, now);
    }
  };

  app.decorate('authenticate', authenticate);
  app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
    if (!request.auth) await authenticate(request);
    if (!authOf(request).permissions.includes(permission)) throw new DomainError('FORBIDDEN');
  });
}

/** Whether the caller works this event (every event, unless their role is limited to some). */
export const worksEvent = (auth: AuthContext, eventId: number): boolean => auth.eventIds === null || auth.eventIds.includes(eventId);

export default fp(authPlugin, { name: 'auth' });
