import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateMeBody, type MeResponse } from '@admitone/shared';
import type { AppDeps } from '../../app.js';
import { DomainError } from '../../shared/errors.js';
import { findUserById, membershipsOf, toUserDto, updateUser } from './users.repository.js';

const tags = ['users'];
const security = [{ bearer: [] }];

/** The caller's own user: who they are, where, and what they may do. */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.authenticate);

  app.get('/users/me', { schema: { tags, security, summary: 'The logged-in user, their current account, all their accounts and permissions' } }, async (req): Promise<MeResponse> => {
    const auth = req.auth!;
    const user = await findUserById(db, auth.user.id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const accounts = await membershipsOf(db, user.id, 'ACTIVE');
    const account = accounts.find((a) => a.id === auth.accountId);
    if (!account) throw new DomainError('UNAUTHENTICATED');
    return { data: { user: toUserDto(user), account, accounts, permissions: [...auth.permissions] } };
  });

  app.put('/users/me', { schema: { tags, security, summary: 'Update name, time zone or language', body: updateMeBody } }, async (req) => {
    const user = await updateUser(db, req.auth!.user.id, req.body, deps.clock.now());
    return { data: toUserDto(user) };
  });
};
