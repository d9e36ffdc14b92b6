import { type ApiKeyAccess, type ApiVersion, memberPermissions, type Permission, type Role } from '@admitone/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Database } from '../db/client.js';
import { findApiKeyByToken, isApiKeyToken, touchApiKey } from '../modules/api-keys/api-keys.repository.js';
import { keyPermissions, keyScopeError } from '../modules/api-keys/key-scope.js';
import { findSessionByToken, touchSession } from '../modules/auth/sessions.repository.js';
import { scopeOfMembership } from '../modules/users/membership-events.js';
import { teamScopeError } from '../modules/users/team-scope.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';

export interface AuthContext {
  /** The login session of a person signed in; null for an API key. */
  sessionId: number | null;
  /**
   * The API key the call came with (it acts as `user`, its maker, within these limits; `limitedToEvents`: the key
   * itself names some events); null for a session.
   */
  apiKey: { id: number; access: ApiKeyAccess; limitedToEvents: boolean } | null;
  accountId: number;
  /** The API version the account is pinned to (answers to calls without an `AdmitOne-Version` header). */
  apiVersion: ApiVersion;
  role: Role;
  isOwner: boolean;
  permissions: readonly Permission[];
  /**
   * The events the caller works, for a role limited to some (door staff), a member limited to some organizers (their
   * events) or a key limited to some; null: every event of the account.
   */
  eventIds: readonly number[] | null;
  /** The organizers a member is limited to (team scope, `roleHasOrganizerScope`); null: every organizer. */
  organizerIds: readonly number[] | null;
  user: { id: number; name: string; email: string; locale: string | null; timezone: string | null };
  /**
   * The account requires two-factor sign-in and this person has none: only their own routes (`authenticate`) work,
   * every permission is refused (TWO_FACTOR_SETUP_REQUIRED) until they set it up. Always false for an API key.
   */
  twoFactorSetupRequired: boolean;
  /**
   * The session was opened by single sign-on: it cannot move to another account nor change how the person signs in
   * (`assertPasswordSession`). False for an API key.
   */
  viaSso: boolean;
  /** The client's address (after TRUST_PROXY), for the audit log. */
  ip: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Hook (preValidation, so the caller's locale is known for field errors and 401 comes before 422):
     * requires a person signed in (a session of an active member). API keys are refused (API_KEY_NOT_ALLOWED):
     * the routes guarded only by this are a person's own (profile, session, switching accounts).
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Hook factory: requires a permission of the caller's role; API keys too, within their access, events and rate
     * limit.
     */
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

/** The session of a person signed in (the routes that need one refuse API keys before they run). */
export function sessionOf(auth: AuthContext): number {
  if (auth.sessionId === null) throw new DomainError('API_KEY_NOT_ALLOWED');
  return auth.sessionId;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Reads the bearer token (header only: no cookie auth, so no CSRF) and loads the session or the API key.
 * A key acts as the member who made it while they are active in the account: their role's permissions
 * without the team's and the keys' own, GET only when read-only, its events only when limited to some,
 * at most `apiKeyRateLimitMax` calls a minute (RateLimit-* headers on every answer).
 */
async function authPlugin(
  app: FastifyInstance,
  opts: { database: Database; clock: Clock; apiKeyRateLimitMax: number },
) {
  app.decorateRequest('auth', null);
  // Made on the first key (after @fastify/rate-limit is registered), counted in the app's shared store.
  let keyRateLimit: ReturnType<FastifyInstance['rateLimit']> | null = null;
  const limitKey = (request: FastifyRequest, reply: FastifyReply) => {
    keyRateLimit ??= app.rateLimit({
      max: opts.apiKeyRateLimitMax,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key|${req.auth?.apiKey?.id ?? 0}`,
    });
    return keyRateLimit.call(app, request, reply);
  };

  const bySession = async (request: FastifyRequest, token: string) => {
    const now = opts.clock.now();
    const found = await findSessionByToken(opts.database.db, token, now);
    if (!found) throw new DomainError('UNAUTHENTICATED');
    const scope = await scopeOfMembership(opts.database.db, found.membership);
    request.auth = {
      sessionId: found.session.id,
      apiKey: null,
      accountId: found.session.account_id,
      apiVersion: found.account.api_version,
      role: found.membership.role,
      isOwner: found.membership.is_owner,
      // Read with the membership on every request: a change of role or of the box-office option counts at once.
      permissions: memberPermissions(found.membership.role, found.membership.sells_at_box_office),
      eventIds: scope.eventIds,
      organizerIds: scope.organizerIds,
      user: found.user,
      twoFactorSetupRequired: found.two_factor_missing,
      viaSso: found.session.sso,
      ip: request.ip || null,
    };
    // Refresh "last used" at most once a minute to keep reads cheap.
    if (now.getTime() - found.session.last_used_at.getTime() > 60_000) {
      await touchSession(opts.database.db, found.session.id, now);
    }
  };

  const byKey = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const now = opts.clock.now();
    const found = await findApiKeyByToken(opts.database.db, token, now);
    if (!found) throw new DomainError('UNAUTHENTICATED');
    const role = found.membership.role;
    const scope = await scopeOfMembership(opts.database.db, found.membership);
    const roleEvents = scope.eventIds;
    const keyEvents = found.key.event_ids?.length ? found.key.event_ids : null;
    request.auth = {
      sessionId: null,
      apiKey: { id: found.key.id, access: found.key.access, limitedToEvents: keyEvents !== null },
      accountId: found.key.account_id,
      apiVersion: found.account.api_version,
      role,
      isOwner: found.membership.is_owner,
      permissions: keyPermissions(role, found.membership.sells_at_box_office),
      eventIds: keyEvents && roleEvents ? keyEvents.filter((id) => roleEvents.includes(id)) : (keyEvents ?? roleEvents),
      organizerIds: scope.organizerIds,
      user: found.user,
      twoFactorSetupRequired: false,
      viaSso: false,
      ip: request.ip || null,
    };
    await limitKey(request, reply);
    if (!found.key.last_used_at || now.getTime() - found.key.last_used_at.getTime() > 60_000)
      await touchApiKey(opts.database.db, found.key.id, now);
  };

  /** The caller of any guarded route: a session, or an API key (checked against the route it calls). */
  const identify = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new DomainError('UNAUTHENTICATED');
    if (isApiKeyToken(token)) await byKey(request, reply, token);
    else await bySession(request, token);
    const call = {
      method: request.method,
      route: request.routeOptions.url ?? '',
      params: request.params as Record<string, unknown>,
    };
    const refused = keyScopeError(call, authOf(request)) ?? teamScopeError(call, authOf(request));
    if (refused) throw new DomainError(refused);
  };

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (token && isApiKeyToken(token)) {
      // Said only to a working key: an unknown one is just unauthenticated.
      if (await findApiKeyByToken(opts.database.db, token, opts.clock.now()))
        throw new DomainError('API_KEY_NOT_ALLOWED');
      throw new DomainError('UNAUTHENTICATED');
    }
    await identify(request, reply);
  });
  app.decorate(
    'requirePermission',
    (permission: Permission) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) await identify(request, reply);
      if (authOf(request).twoFactorSetupRequired) throw new DomainError('TWO_FACTOR_SETUP_REQUIRED');
      if (!authOf(request).permissions.includes(permission)) throw new DomainError('FORBIDDEN');
    },
  );
}

/**
 * Refuses a session opened by single sign-on (SSO_SESSION_LIMITED) where a person changes how they sign in or moves to
 * another account: the account's identity provider vouches for them in that account only.
 */
export function assertPasswordSession(auth: AuthContext): void {
  if (auth.viaSso) throw new DomainError('SSO_SESSION_LIMITED');
}

/** `assertPasswordSession` as a route hook, after `app.authenticate`. */
export const passwordSessionOnly = async (request: FastifyRequest): Promise<void> =>
  assertPasswordSession(authOf(request));

/** Whether the caller works this event (every event, unless their role or their scope is limited to some). */
export const worksEvent = (auth: AuthContext, eventId: number): boolean =>
  auth.eventIds === null || auth.eventIds.includes(eventId);

/** Whether the caller works for this organizer (every organizer, unless limited to some). */
export const worksOrganizer = (auth: AuthContext, organizerId: number): boolean =>
  auth.organizerIds === null || auth.organizerIds.includes(organizerId);

export default fp(authPlugin, { name: 'auth' });
