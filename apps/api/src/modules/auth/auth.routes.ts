import {
  authResponseSchema,
  forgotPasswordBody,
  invitationResponse,
  loginBody,
  loginTwoFactorBody,
  passkeyOptionsForChallengeBody,
  passkeyOptionsResponse,
  passkeySignInBody,
  registerBody,
  resetLinkResponse,
  resetPasswordBody,
  switchAccountBody,
  tokenParams,
} from '@admitone/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { translate } from '../../i18n/i18n.js';
import { PLAIN_MESSAGES } from '../../i18n/messages.js';
import { authOf, passwordSessionOnly, sessionOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { answerFloor } from '../../shared/answer-floor.js';
import { acceptInvitation, getInvitation } from '../users/invitations.js';
import { confirmSignUp } from './confirm-sign-up.js';
import { login } from './login.js';
import { finishPasskeySignIn, startPasskeySecondFactor, startPasskeySignIn } from './passkey-sign-in.js';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.js';
import { requestSignUp } from './register.js';
import { clientOf } from './session-client.js';
import { revokeSession } from './sessions.repository.js';
import { switchAccount } from './switch-account.js';
import { passChallenge } from './two-factor-login.js';

const tags = ['auth'];
const messageResponse = z.object({ message: z.string() });

/** Sign-up, login, logout and password reset. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { clock } = deps;
  const trusted =
    deps.config.trustProxy !== false && !(Array.isArray(deps.config.trustProxy) && !deps.config.trustProxy.length);
  /** The device a new session is opened from ("Where you are signed in"). */
  const client = (req: FastifyRequest) => clientOf(req, deps.config.geoCountryHeader, trusted);
  const limited = {
    rateLimit: {
      max: deps.config.authRateLimit.max,
      timeWindow: deps.config.authRateLimit.windowSeconds * 1000,
      hook: 'preHandler' as const,
      // Per address and e-mail: one office behind a NAT does not lock itself out.
      keyGenerator: (req: { ip: string; body?: unknown }) =>
        `${req.ip}|${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    },
  };
  // Per account too, whatever the client address: guesses against one login from many addresses add up.
  const emailOf = (req: { body?: unknown }) =>
    String((req.body as { email?: unknown })?.email ?? '')
      .trim()
      .toLowerCase();
  // (A second limiter on a route must be applied by hand: the plugin runs only one per request.)
  const accountLimit = app.createRateLimit({
    max: deps.config.authRateLimit.perAccountMax,
    timeWindow: deps.config.authRateLimit.windowSeconds * 1000,
    keyGenerator: (req) => `account|${emailOf(req)}`,
  });
  const refusedBy = (limit: typeof accountLimit, what: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await limit(req);
    if (!r.isAllowed && r.isExceeded) {
      reply.header('retry-after', String(Math.max(1, r.ttlInSeconds)));
      throw Object.assign(new Error(what), { statusCode: 429 });
    }
  };
  const perAccount = refusedBy(accountLimit, 'too many attempts for this account');
  // Mail to one address (sign-up links and notices, reset links), whoever asks from wherever: a few an
  // hour, so many clients together cannot fill a stranger's inbox. Registered or not, the same answer.
  const addressMailLimit = app.createRateLimit({
    max: deps.config.addressMailsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (req) => `address-mail|${emailOf(req)}`,
  });
  const perAddressMail = refusedBy(addressMailLimit, 'too many mails to this address');
  // Per address only: every sign-up mails a new address, so varying the e-mail must not reset the count.
  const signUpLimited = {
    rateLimit: {
      max: deps.config.registerRateLimitMax,
      timeWindow: deps.config.authRateLimit.windowSeconds * 1000,
      hook: 'preHandler' as const,
      keyGenerator: (req: { ip: string }) => `register|${req.ip}`,
    },
  };

  app.post(
    '/auth/register',
    {
      config: signUpLimited,
      preHandler: perAddressMail,
      schema: {
        tags,
        summary:
          'Sign up: mails a link that creates the login (or, for a registered address, a notice); the same answer either way',
        body: registerBody,
        response: { 202: messageResponse },
      },
    },
    async (req, reply) => {
      const { accept_terms: _accepted, ...input } = req.body;
      const locale = requestLocale(req);
      const floor = answerFloor(deps.config.authRateLimit.answerFloorMs);
      await requestSignUp({ db, clock, jobs: deps.jobs, appUrl: deps.config.appUrl }, input, locale);
      await floor();
      return reply.status(202).send({ message: translate(locale, PLAIN_MESSAGES.signUpSent, { email: input.email }) });
    },
  );

  // Each opened link is a sign-up: the same budget per client address (key of its own).
  const confirmLimited = {
    rateLimit: { ...signUpLimited.rateLimit, keyGenerator: (req: { ip: string }) => `confirm-sign-up|${req.ip}` },
  };
  app.post(
    '/auth/confirm-sign-up/:token',
    {
      config: confirmLimited,
      schema: {
        tags,
        summary:
          'Finish a sign-up with the mailed link: creates the user, their account and a session (answered like login)',
        params: tokenParams,
        response: { 200: authResponseSchema },
      },
    },
    async (req) => confirmSignUp({ db, clock, client: client(req) }, req.params.token),
  );

  app.post(
    '/auth/login',
    {
      config: limited,
      preHandler: perAccount,
      schema: {
        tags,
        summary: 'Log in (with account_id when the user belongs to several accounts)',
        body: loginBody,
        response: { 200: authResponseSchema },
      },
    },
    async (req) => login({ db, clock, client: client(req) }, req.body),
  );

  app.post(
    '/auth/login/two-factor',
    {
      config: limited,
      schema: {
        tags,
        summary:
          "A sign-in's second step: the login's challenge with a code from the app or a recovery code (then account_id, when the person has several accounts)",
        body: loginTwoFactorBody,
        response: { 200: authResponseSchema },
      },
    },
    async (req) =>
      passChallenge({ db, clock, jobs: deps.jobs, appUrl: deps.config.appUrl, client: client(req) }, req.body),
  );

  app.post(
    '/auth/login/two-factor/passkey-options',
    {
      config: limited,
      schema: {
        tags,
        summary:
          "A sign-in's second step with a passkey: the options for navigator.credentials.get() with the person's passkeys, tied to the challenge",
        body: passkeyOptionsForChallengeBody,
        response: { 200: passkeyOptionsResponse },
      },
    },
    async (req) => ({
      data: await startPasskeySecondFactor({ db, clock, appUrl: deps.config.appUrl }, req.body.challenge),
    }),
  );

  app.post(
    '/auth/passkey/options',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with a passkey, no password: the options for navigator.credentials.get()',
        response: { 200: passkeyOptionsResponse },
      },
    },
    async () => ({ data: await startPasskeySignIn({ db, clock, appUrl: deps.config.appUrl }) }),
  );

  app.post(
    '/auth/passkey',
    {
      config: limited,
      schema: {
        tags,
        summary:
          'Sign in with the passkey the browser answered with (then account_id through /auth/login/two-factor, when the person has several accounts)',
        body: passkeySignInBody,
        response: { 200: authResponseSchema },
      },
    },
    async (req) =>
      finishPasskeySignIn({ db, clock, jobs: deps.jobs, appUrl: deps.config.appUrl, client: client(req) }, req.body),
  );

  app.post(
    '/auth/logout',
    {
      preValidation: app.authenticate,
      schema: { tags, summary: 'Log out: revokes this token', security: [{ bearer: [] }] },
    },
    async (req, reply) => {
      await revokeSession(db, sessionOf(authOf(req)), clock.now());
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: limited,
      preHandler: [perAccount, perAddressMail],
      schema: {
        tags,
        summary: 'Send a password reset link (same answer whether or not the address exists)',
        body: forgotPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      const locale = requestLocale(req);
      const floor = answerFloor(deps.config.authRateLimit.answerFloorMs);
      await requestPasswordReset({ db, clock, jobs: deps.jobs, appUrl: deps.config.appUrl }, req.body.email, locale);
      await floor();
      return { message: translate(locale, PLAIN_MESSAGES.forgotPasswordSent) };
    },
  );

  app.get(
    '/auth/reset-password/:token',
    {
      schema: {
        tags,
        summary: "Check a password reset link: the login's address and the working API keys its person made",
        params: tokenParams,
        response: { 200: resetLinkResponse },
      },
    },
    async (req) => ({ data: await checkResetToken({ db, clock }, req.params.token) }),
  );

  app.post(
    '/auth/reset-password/:token',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password; revokes every session and the chosen API keys of this person',
        params: tokenParams,
        body: resetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await resetPassword({ db, clock, jobs: deps.jobs, appUrl: deps.config.appUrl }, req.params.token, req.body);
      return { message: translate(requestLocale(req), PLAIN_MESSAGES.passwordReset) };
    },
  );

  app.post(
    '/auth/switch-account',
    {
      preValidation: [app.authenticate, passwordSessionOnly],
      schema: {
        tags,
        summary: 'Continue in another of your accounts: a new token (also in x-auth-token); this one is revoked',
        security: [{ bearer: [] }],
        body: switchAccountBody,
        response: { 200: authResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await switchAccount({ db, clock, client: client(req) }, authOf(req), req.body.account_id);
      return reply.header('x-auth-token', result.token!).send(result);
    },
  );

  app.get(
    '/auth/invitation/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link is about',
        params: tokenParams,
        response: { 200: invitationResponse },
      },
    },
    async (req) => ({
      data: await getInvitation({ db, clock }, req.params.token),
    }),
  );

  app.post(
    '/auth/invitation/:token',
    {
      config: limited,
      schema: {
        tags,
        summary:
          'Accept an invitation: a new person sends name, password, password_confirmation and accept_terms; an existing user sends current_password',
        params: tokenParams,
        response: { 200: authResponseSchema },
      },
    },
    async (req) => acceptInvitation({ db, clock, client: client(req) }, req.params.token, req.body ?? {}),
  );
};
