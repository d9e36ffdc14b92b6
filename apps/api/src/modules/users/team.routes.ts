import {
  idParams,
  inviteUserBody,
  TEAM_SORTS,
  teamListQuery,
  teamListResponse,
  teamMemberResponse,
  updateUserBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { answerFloor } from '../../shared/answer-floor.js';
import { paginated } from '../../shared/pagination.js';
import { inviteUser, resendInvitation, revokeInvitation } from './invitations.js';
import { resetMemberTwoFactor } from './member-two-factor.js';
import { eventIdsOfMemberships, organizerIdsOfMemberships } from './membership-events.js';
import { getMember, toTeamMemberDto, updateMember } from './team.js';
import { listMembers } from './team.repository.js';

const tags = ['users'];
const security = [{ bearer: [] }];

/** The account's people: list, invite, change role and status, resend or revoke invitations (admins). */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = {
    db,
    clock: deps.clock,
    jobs: deps.jobs,
    appUrl: deps.config.appUrl,
    mailBudgetPerHour: deps.config.mailBudgetPerHour,
  };
  const admin = app.requirePermission('users.manage');

  app.get(
    '/users',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: "The account's users and pending invitations",
        querystring: teamListQuery,
        response: { 200: teamListResponse },
      },
    },
    async (req) => {
      const { rows, total } = await listMembers(db, authOf(req).accountId, req.query);
      const ids = rows.map((r) => r.membership.id);
      const [events, organizers] = await Promise.all([
        eventIdsOfMemberships(db, ids),
        organizerIdsOfMemberships(db, ids),
      ]);
      return paginated(
        rows.map((r) =>
          toTeamMemberDto(r, authOf(req), null, events.get(r.membership.id), organizers.get(r.membership.id)),
        ),
        total,
        req.query,
        { sorts: TEAM_SORTS, filters: ['role', 'status'] },
      );
    },
  );

  app.post(
    '/users',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: 'Invite someone by e-mail with a role (needs a confirmed address; counts against the mail budget)',
        body: inviteUserBody,
        response: { 201: teamMemberResponse },
      },
    },
    async (req, reply) => {
      // No sooner than the floor, whether the address had a login (no user row written) or not.
      const floor = answerFloor(deps.config.authRateLimit.answerFloorMs);
      const member = await inviteUser(d, authOf(req), req.body, requestLocale(req));
      await floor();
      return reply.status(201).send({ data: member });
    },
  );

  app.get(
    '/users/:id',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One person of the account by membership id (admins; anyone for themselves)',
        params: idParams,
        response: { 200: teamMemberResponse },
      },
    },
    async (req) => ({
      data: await getMember(d, authOf(req), req.params.id),
    }),
  );

  app.put(
    '/users/:id',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: "Change a user's role, status or (door staff) events and whether they may also sell at the box office",
        params: idParams,
        body: updateUserBody,
        response: { 200: teamMemberResponse },
      },
    },
    async (req) => ({
      data: await updateMember(d, authOf(req), req.params.id, req.body),
    }),
  );

  app.post(
    '/users/:id/invitation',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: 'Send the invitation again (needs a confirmed address; counts against the mail budget)',
        params: idParams,
        response: { 200: teamMemberResponse },
      },
    },
    async (req) => ({
      data: await resendInvitation(d, authOf(req), req.params.id, requestLocale(req)),
    }),
  );

  app.delete(
    '/users/:id/two-factor',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary:
          "Reset a member's two-factor sign-in (they lost their app and codes): removed, signed out everywhere, told by mail. Not for the owner nor a member of other accounts",
        params: idParams,
        response: { 200: teamMemberResponse },
      },
    },
    async (req) => ({ data: await resetMemberTwoFactor(d, authOf(req), req.params.id) }),
  );

  app.delete(
    '/users/:id/invitation',
    { preValidation: admin, schema: { tags, security, summary: 'Withdraw an invitation', params: idParams } },
    async (req, reply) => {
      await revokeInvitation(d, authOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
