import { createHash, randomBytes } from 'node:crypto';

import {
  MOLLIE_CONNECT_MINUTES,
  type MollieConnectionDto,
  type MollieOnboarding,
  type MollieReturnBody,
} from '@admitone/shared';
import type { MollieClient } from '@mollie/api-client';
import { and, eq, gt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';

import type { MollieConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { mollieConnections } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { type MollieFor, mollieSdk, oauthApp } from './mollie-client.js';

type ConnectionRow = typeof mollieConnections.$inferSelect;

/** What Connect asks of an organization: take payments and refunds, read its profiles, onboarding and methods. */
export const MOLLIE_SCOPES =
  'payments.read payments.write refunds.read refunds.write profiles.read organizations.read onboarding.read';

export interface MollieConnectionDeps {
  db: Db;
  config: MollieConfig | null;
  mollieFor: MollieFor | null;
  appUrl: string;
  now: () => Date;
  log: Logger;
}

/** Where Mollie sends the admin back: a page of the organizer app, which passes the query on to the API. */
export const mollieRedirectUri = (appUrl: string) => `${appUrl}/account/payment/mollie`;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

export async function findMollieConnection(db: Executor, accountId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(mollieConnections).where(eq(mollieConnections.account_id, accountId));
  return row ?? null;
}

/** The account's Mollie connection as its payment settings show it. */
export function toMollieDto(config: MollieConfig | null, row: ConnectionRow | null): MollieConnectionDto {
  const base = {
    mode: config?.mode ?? null,
    testmode: config?.testmode ?? false,
    platform_fee_percent: config?.mode === 'CONNECT' ? config.platformFeePercent : 0,
  };
  const none = { organization_name: null, profile_id: null, onboarding: null, connected_at: null };
  if (!config) return { ...base, ...none, status: 'NOT_CONFIGURED', can_receive_payments: false };
  if (config.mode === 'SINGLE') return { ...base, ...none, status: 'CONNECTED', can_receive_payments: true };
  if (!row?.access_token) return { ...base, ...none, status: 'NOT_CONNECTED', can_receive_payments: false };
  return {
    ...base,
    status: row.can_receive_payments ? 'CONNECTED' : 'SETUP_INCOMPLETE',
    organization_name: row.organization_name,
    profile_id: row.profile_id,
    onboarding: row.onboarding,
    can_receive_payments: row.can_receive_payments,
    connected_at: row.connected_at?.toISOString() ?? null,
  };
}

/**
 * "Connect Mollie": a fresh OAuth state (kept hashed on the account's row, for this admin, MOLLIE_CONNECT_MINUTES) and
 * the address of Mollie's authorization page for it. An account already connected keeps its tokens until the new
 * connection replaces them.
 */
export async function startMollieConnect(
  deps: MollieConnectionDeps,
  accountId: number,
  userId: number,
): Promise<{ url: string }> {
  if (deps.config?.mode !== 'CONNECT') throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const state = randomBytes(32).toString('base64url');
  const pending = {
    state_hash: hashOf(state),
    state_expires_at: new Date(deps.now().getTime() + MOLLIE_CONNECT_MINUTES * 60_000),
    state_user_id: userId,
    updated_at: deps.now(),
  };
  await deps.db
    .insert(mollieConnections)
    .values({ account_id: accountId, ...pending })
    .onConflictDoUpdate({ target: mollieConnections.account_id, set: pending });
  const url = oidc.buildAuthorizationUrl(oauthApp(deps.config), {
    redirect_uri: mollieRedirectUri(deps.appUrl),
    scope: MOLLIE_SCOPES,
    state,
    approval_prompt: 'auto',
  });
  return { url: url.href };
}

/** The organization's name, its first website profile and its onboarding, read with its own token. */
async function readOrganization(mollie: MollieClient) {
  const [organization, onboarding, profiles] = await Promise.all([
    mollie.organizations.getCurrent(),
    mollie.onboarding.get(),
    mollie.profiles.page(),
  ]);
  return {
    organization_id: organization.id,
    organization_name: organization.name,
    profile_id: profiles[0]?.id ?? null,
    onboarding: onboarding.status as MollieOnboarding,
    can_receive_payments: onboarding.canReceivePayments,
  };
}

/**
 * The admin is back from Mollie: the state must be this account's, started by this admin, in time, and is used once
 * (cleared by a guarded update before Mollie is asked); the code is exchanged for the organization's tokens, and its
 * name, profile and onboarding read. Nothing is kept when any step fails.
 */
export async function finishMollieConnect(
  deps: MollieConnectionDeps,
  accountId: number,
  actor: AuditActor,
  body: MollieReturnBody,
): Promise<MollieConnectionDto> {
  const userId = actor.userId;
  if (deps.config?.mode !== 'CONNECT') throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const claimed = await deps.db
    .update(mollieConnections)
    .set({ state_hash: null, state_expires_at: null, state_user_id: null, updated_at: deps.now() })
    .where(
      and(
        eq(mollieConnections.account_id, accountId),
        eq(mollieConnections.state_hash, hashOf(body.state)),
        eq(mollieConnections.state_user_id, userId ?? -1),
        gt(mollieConnections.state_expires_at, deps.now()),
      ),
    )
    .returning({ id: mollieConnections.account_id });
  if (!claimed.length) throw new DomainError('MOLLIE_CONNECT_EXPIRED');
  if (body.error || !body.code) throw new DomainError('MOLLIE_CONNECT_REFUSED');
  const app = oauthApp(deps.config);
  let tokens: oidc.TokenEndpointResponse;
  try {
    const back = new URL(mollieRedirectUri(deps.appUrl));
    back.searchParams.set('code', body.code);
    back.searchParams.set('state', body.state);
    tokens = await oidc.authorizationCodeGrant(app, back, { expectedState: body.state });
  } catch (err) {
    deps.log.warn({ err }, 'Mollie refused the authorization code');
    throw new DomainError('MOLLIE_CONNECT_REFUSED');
  }
  const expires = new Date(deps.now().getTime() + (tokens.expires_in ?? 3600) * 1000);
  let organization: Awaited<ReturnType<typeof readOrganization>>;
  try {
    organization = await readOrganization(
      mollieSdk(deps.config, { accessToken: tokens.access_token, profileId: null }),
    );
  } catch (err) {
    deps.log.warn({ err }, 'the connected Mollie organization could not be read');
    throw new DomainError('PAYMENT_PROVIDER_ERROR');
  }
  if (!organization.profile_id) throw new DomainError('MOLLIE_CONNECT_REFUSED');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(mollieConnections)
      .set({
        ...organization,
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token ?? null,
        access_expires_at: expires,
        connected_at: deps.now(),
        updated_at: deps.now(),
      })
      .where(eq(mollieConnections.account_id, accountId));
    await recordAudit(
      tx,
      actor,
      { action: 'account.mollie_connected', data: { organization: organization.organization_name } },
      deps.now(),
    );
  });
  return toMollieDto(deps.config, await findMollieConnection(deps.db, accountId));
}

/** Reads the organization's onboarding back from Mollie (the admin finished it there) and answers the new state. */
export async function refreshMollieConnection(
  deps: MollieConnectionDeps,
  accountId: number,
): Promise<MollieConnectionDto> {
  const row = await findMollieConnection(deps.db, accountId);
  if (deps.config?.mode === 'CONNECT' && row?.access_token && deps.mollieFor) {
    let organization: Awaited<ReturnType<typeof readOrganization>>;
    try {
      organization = await readOrganization(await deps.mollieFor(accountId));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw new DomainError('PAYMENT_PROVIDER_ERROR');
    }
    await deps.db
      .update(mollieConnections)
      .set({ ...organization, profile_id: row.profile_id ?? organization.profile_id, updated_at: deps.now() })
      .where(eq(mollieConnections.account_id, accountId));
  }
  return toMollieDto(deps.config, await findMollieConnection(deps.db, accountId));
}

/**
 * "Disconnect": the tokens are revoked at Mollie (the refresh token revokes the whole authorization) and forgotten.
 * Orders paid through Mollie keep their records; refunding them needs the organization connected again.
 */
export async function disconnectMollie(
  deps: MollieConnectionDeps,
  accountId: number,
  actor: AuditActor,
): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(mollieConnections).where(eq(mollieConnections.account_id, accountId)).returning();
    if (gone?.access_token)
      await recordAudit(
        tx,
        actor,
        { action: 'account.mollie_disconnected', data: { organization: gone.organization_name } },
        deps.now(),
      );
    return gone;
  });
  if (!row) return;
  if (!deps.config || deps.config.mode !== 'CONNECT' || !row.refresh_token) return;
  // Mollie revokes with DELETE on the token endpoint (RFC 7009 says POST, so openid-client's revocation does not fit).
  const auth = Buffer.from(`${deps.config.clientId}:${deps.config.clientSecret}`).toString('base64');
  await fetch(deps.config.tokenUrl, {
    method: 'DELETE',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token_type_hint: 'refresh_token', token: row.refresh_token }).toString(),
    signal: AbortSignal.timeout(10_000),
  }).catch((err: unknown) => deps.log.warn({ err }, 'revoking the Mollie tokens failed; they are forgotten here'));
}
