import { ROLE_PERMISSIONS } from '@admitone/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.js';
import { loadCatalogs } from '../i18n/i18n.js';
import { systemClock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import authPlugin, { type AuthContext, authOf } from './auth.js';
import { registerErrorHandler } from './error-handler.js';

const caller: AuthContext = {
  sessionId: 1,
  apiKey: null,
  accountId: 2,
  apiVersion: '2026-12-01',
  role: 'ADMIN',
  isOwner: true,
  permissions: ROLE_PERMISSIONS.ADMIN,
  eventIds: null,
  organizerIds: null,
  user: { id: 3, name: 'Ada', email: 'ada@example.test', locale: null, timezone: null },
  twoFactorSetupRequired: false,
  viaSso: false,
  ip: null,
};

describe('authOf', () => {
  it("returns the guard's auth context", () => {
    expect(authOf({ auth: caller })).toBe(caller);
  });

  it('throws 401 UNAUTHENTICATED, not a TypeError, when no guard ran', () => {
    let thrown: unknown;
    try {
      authOf({ auth: null });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  describe('through the error handler', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      await loadCatalogs();
      app = Fastify();
      // A request without a bearer token never reaches the database.
      await app.register(authPlugin, { database: {} as Database, clock: systemClock, apiKeyRateLimitMax: 10 });
      registerErrorHandler(app);
      app.get('/guarded', { preValidation: app.authenticate }, async (req) => ({ id: authOf(req).user.id }));
      app.get('/forgot-its-guard', async (req) => ({ id: authOf(req).user.id }));
      await app.ready();
    });
    afterAll(() => app.close());

    it.each(['en', 'de'])('a route that forgot its guard answers as the guard does (%s)', async (language) => {
      const headers = { 'accept-language': language };
      const guarded = await app.inject({ method: 'GET', url: '/guarded', headers });
      const unguarded = await app.inject({ method: 'GET', url: '/forgot-its-guard', headers });
      expect(guarded.statusCode).toBe(401);
      expect(guarded.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(unguarded.statusCode).toBe(guarded.statusCode);
      expect(unguarded.json()).toEqual(guarded.json());
    });
  });
});
