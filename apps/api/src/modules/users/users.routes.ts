import {
  changeEmailBody,
  changePasswordBody,
  idParams,
  type MeResponse,
  meResponse,
  updateMeBody,
  userResponse,
  userTokenParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { translate } from '../../i18n/i18n.js';
import { PLAIN_MESSAGES } from '../../i18n/messages.js';
import { type AuthContext, authOf, passwordSessionOnly, sessionOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { answerFloor } from '../../shared/answer-floor.js';
import { DomainError } from '../../shared/errors.js';
import {
  cancelEmailChange,
  changePassword,
  confirmEmail,
  confirmEmailChange,
  requestEmailChange,
  resendEmailConfirmation,
  userView,
} from './profile.js';
import { membershipsOf, updateUser } from './users.repository.js';

const tags = ['users'];
const security = [{ bearer: [] }];

/** Only the user themselves may act on their own address and links. */
function requireSelf(auth: AuthContext, id: number) {
  if (auth.user.id !== id) throw new DomainError('NOT_FOUND');
}

/** The caller's own user: profile, password, e-mail address and its confirmation. */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const profileDeps = { db, clock: deps.clock, jobs: deps.jobs, appUrl: deps.config.appUrl };
  app.addHook('preValidation', app.authenticate);

  app.get(
    '/users/me',
    {
      schema: {
        tags,
        security,
        summary: 'The logged-in user, their current account, all their accounts and permissions',
        response: { 200: meResponse },
      },
    },
    async (req): Promise<MeResponse> => {
      const auth = authOf(req);
      const user = await userView(profileDeps, auth.user.id);
      const accounts = await membershipsOf(db, user.id, 'ACTIVE');
      const account = accounts.find((a) => a.id === auth.accountId);
      if (!account) throw new DomainError('UNAUTHENTICATED');
      return {
        data: {
          user,
          account,
          // A session of single sign-on stays in its account: the others are not offered.
          accounts: auth.viaSso ? [account] : accounts,
          // Until the person sets up two-factor sign-in, nothing of the account is theirs to use.
          permissions: auth.twoFactorSetupRequired ? [] : [...auth.permissions],
          two_factor_setup_required: auth.twoFactorSetupRequired,
          organizer_ids: auth.organizerIds === null ? null : [...auth.organizerIds],
          signed_in_with_sso: auth.viaSso,
        },
      };
    },
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags,
        security,
        summary: 'Update name, time zone or language',
        body: updateMeBody,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      await updateUser(db, authOf(req).user.id, req.body, deps.clock.now());
      return { data: await userView(profileDeps, authOf(req).user.id) };
    },
  );

  app.put(
    '/users/me/password',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Change password (current one required); revokes every other session',
        body: changePasswordBody,
        response: { 200: userResponse },
      },
    },
    async (req) => ({
      data: await changePassword(profileDeps, authOf(req).user.id, sessionOf(authOf(req)), req.body),
    }),
  );

  app.put(
    '/users/me/email',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary:
          'Start an e-mail change: a confirmation goes to the new address (the answer does not tell whether it has a login)',
        body: changeEmailBody,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      const floor = answerFloor(deps.config.authRateLimit.answerFloorMs);
      const data = await requestEmailChange(profileDeps, authOf(req).user.id, req.body, requestLocale(req));
      await floor();
      return { data };
    },
  );

  app.post(
    '/users/:id/email-change/:token',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a pending e-mail change',
        params: userTokenParams,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      requireSelf(authOf(req), req.params.id);
      return { data: await confirmEmailChange(profileDeps, req.params.id, req.params.token) };
    },
  );

  app.delete(
    '/users/:id/email-change',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a pending e-mail change',
        params: idParams,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      requireSelf(authOf(req), req.params.id);
      return { data: await cancelEmailChange(profileDeps, req.params.id) };
    },
  );

  app.post(
    '/users/:id/confirm-email/:token',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm the e-mail address',
        params: userTokenParams,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      requireSelf(authOf(req), req.params.id);
      return { data: await confirmEmail(profileDeps, req.params.id, req.params.token) };
    },
  );

  app.post(
    '/users/:id/resend-email-confirmation',
    {
      schema: {
        tags,
        security,
        summary: 'Send a new confirmation link',
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      requireSelf(authOf(req), req.params.id);
      await resendEmailConfirmation(profileDeps, req.params.id, requestLocale(req));
      return { message: translate(requestLocale(req), PLAIN_MESSAGES.confirmationSent) };
    },
  );
};
