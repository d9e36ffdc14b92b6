import {
  confirmTotpBody,
  idParams,
  recoveryCodesResponse,
  type SessionDto,
  sessionListResponse,
  totpSetupResponse,
  twoFactorPasswordBody,
  twoFactorStatusResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf, passwordSessionOnly, sessionOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { describeAgent } from './session-client.js';
import { liveSessionsOf, revokeOwnSession, revokeUserSessions } from './sessions.repository.js';
import {
  confirmTotp,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTotpSetup,
  twoFactorStatus,
} from './two-factor.js';

const tags = ['users'];
const security = [{ bearer: [] }];

/** The caller's own sign-in security: two-factor sign-in and the devices they are signed in on. */
export const securityRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const profileDeps = { db, clock: deps.clock, jobs: deps.jobs, appUrl: deps.config.appUrl };
  app.addHook('preValidation', app.authenticate);
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).user.id;

  app.get(
    '/users/me/two-factor',
    {
      schema: { tags, security, summary: 'Your two-factor sign-in', response: { 200: twoFactorStatusResponse } },
    },
    async (req) => ({ data: await twoFactorStatus(db, me(req)) }),
  );

  app.post(
    '/users/me/two-factor/totp',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary:
          'Start setting up an authenticator app: its secret, as text and as an otpauth:// address for the QR code',
        response: { 200: totpSetupResponse },
      },
    },
    async (req) => ({ data: await startTotpSetup(profileDeps, me(req)) }),
  );

  app.post(
    '/users/me/two-factor/totp/confirm',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Confirm the app with its first code: two-factor sign-in is on; answers the recovery codes (once)',
        body: confirmTotpBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (req) => ({ data: await confirmTotp(profileDeps, me(req), req.body) }),
  );

  app.post(
    '/users/me/two-factor/disable',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off (current password; refused where an account requires it)',
        body: twoFactorPasswordBody,
        response: { 200: twoFactorStatusResponse },
      },
    },
    async (req) => {
      await disableTwoFactor(profileDeps, me(req), req.body);
      return { data: await twoFactorStatus(db, me(req)) };
    },
  );

  app.post(
    '/users/me/two-factor/recovery-codes',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'New recovery codes (current password): the old ones stop working; answered once',
        body: twoFactorPasswordBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (req) => ({ data: await regenerateRecoveryCodes(profileDeps, me(req), req.body) }),
  );

  app.get(
    '/users/me/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Where you are signed in: your live sessions in every account, the most recently used first',
        response: { 200: sessionListResponse },
      },
    },
    async (req) => {
      const current = sessionOf(authOf(req));
      const rows = await liveSessionsOf(db, me(req), deps.clock.now());
      const data: SessionDto[] = rows.map((r) => ({
        id: r.id,
        current: r.id === current,
        ...describeAgent(r.user_agent),
        ip: r.ip,
        country: r.country,
        account: r.account,
        created_at: r.created_at.toISOString(),
        last_used_at: r.last_used_at.toISOString(),
      }));
      return { data };
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      schema: { tags, security, summary: 'Sign one of your devices out', params: idParams },
    },
    async (req, reply) => {
      if (!(await revokeOwnSession(db, me(req), req.params.id, deps.clock.now()))) throw new DomainError('NOT_FOUND');
      return reply.status(204).send();
    },
  );

  app.delete(
    '/users/me/sessions',
    {
      schema: { tags, security, summary: 'Sign out everywhere: every session of yours, this one too' },
    },
    async (req, reply) => {
      await revokeUserSessions(db, me(req), deps.clock.now());
      return reply.status(204).send();
    },
  );
};
