import {
  type AuthResponse,
  type Locale,
  SSO_SIGN_IN_MINUTES,
  type SsoCallbackBody,
  type SsoStartBody,
} from '@admitone/shared';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';

import type { Db, Executor } from '../../db/client.js';
import { accountSso, accountUsers, ssoSignIns, users, userSsoIdentities } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { recordAudit } from '../audit/audit.js';
import { findUserByEmail, findUserById, insertUser, membershipsOf, toUserDto } from '../users/users.repository.js';
import { createSession, type SessionClient } from './sessions.repository.js';
import { providerOf, type SsoClient, SsoProviderError } from './sso-provider.js';
import { ssoRedirectUri, type SsoSettingsDeps } from './sso-settings.js';

export type SsoSignInDeps = Omit<SsoSettingsDeps, 'log'> & {
  log: SsoSettingsDeps['log'];
  client: SessionClient | null;
};

type SsoRow = typeof accountSso.$inferSelect;

/**
 * Where a single sign-on starts: the account of the team's link, or the account with single sign-on that the address
 * is an active member of (the one they last signed in to that way, when several).
 */
async function accountToSignIn(db: Db, input: SsoStartBody): Promise<SsoRow> {
  if (input.link !== undefined) {
    const [row] = await db
      .select()
      .from(accountSso)
      .where(and(eq(accountSso.link, input.link), eq(accountSso.enabled, true)));
    if (!row) throw new DomainError('SSO_UNAVAILABLE');
    return row;
  }
  const [row] = await db
    .select({ sso: accountSso })
    .from(accountSso)
    .innerJoin(accountUsers, eq(accountUsers.account_id, accountSso.account_id))
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .leftJoin(
      userSsoIdentities,
      and(
        eq(userSsoIdentities.account_id, accountSso.account_id),
        eq(userSsoIdentities.user_id, users.id),
        eq(userSsoIdentities.issuer, accountSso.issuer),
      ),
    )
    .where(
      and(
        eq(users.email, input.email!.trim().toLowerCase()),
        eq(accountUsers.status, 'ACTIVE'),
        eq(accountSso.enabled, true),
      ),
    )
    .orderBy(sql`${userSsoIdentities.last_used_at} desc nulls last`, desc(accountSso.account_id))
    .limit(1);
  if (!row) throw new DomainError('VALIDATION_FAILED', { fields: { email: [{ key: 'sso_not_set_up' }] } });
  return row.sso;
}

async function provider(deps: SsoSignInDeps, sso: SsoClient) {
  try {
    return await providerOf(sso, deps.allowPrivate);
  } catch (e) {
    if (!(e instanceof SsoProviderError)) throw e;
    deps.log.warn({ issuer: sso.issuer, reason: e.message }, 'single sign-on: the provider did not answer');
    throw new DomainError('SSO_REFUSED');
  }
}

/**
 * Starts a single sign-on: the provider's authorization URL (code flow with PKCE, a nonce and a state), with what the
 * callback needs kept here under the state's hash.
 */
export async function startSso(deps: SsoSignInDeps, input: SsoStartBody): Promise<{ url: string }> {
  const sso = await accountToSignIn(deps.db, input);
  const config = await provider(deps, sso);
  const now = deps.clock.now();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await deps.db.insert(ssoSignIns).values({
    account_id: sso.account_id,
    state_hash: hashToken(state),
    nonce,
    code_verifier: verifier,
    created_at: now,
    expires_at: new Date(now.getTime() + SSO_SIGN_IN_MINUTES * 60_000),
  });
  const params: Record<string, string> = {
    redirect_uri: ssoRedirectUri(deps.appUrl),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (input.email) params.login_hint = input.email;
  return { url: oidc.buildAuthorizationUrl(config, params).href };
}

/** The claims a sign-in is decided on: from the ID token, or from the user info endpoint when it has no address. */
interface Person {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

async function personOf(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Person> {
  let claims: Record<string, unknown> = { ...tokens.claims() };
  if (typeof claims.email !== 'string' && tokens.access_token)
    claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    subject: String(claims.sub),
    email: text(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name) ?? (given || null),
  };
}

/**
 * Finishes a single sign-on with the provider's answer (the callback page's query string): the state used once and in
 * time, the code exchanged with its PKCE verifier, the ID token's signature, issuer, audience and nonce checked. Then
 * the person: the one linked to this identity, else an active member with the address the provider vouches for (now
 * linked), else a new login and membership with the account's default role. A login that is not an active member is
 * refused: only the person themselves joins an account, through an invitation.
 */
export async function finishSso(deps: SsoSignInDeps, input: SsoCallbackBody, locale: Locale): Promise<AuthResponse> {
  const query = new URLSearchParams(input.query.replace(/^\?/, ''));
  const state = query.get('state');
  if (!state) throw new DomainError('SSO_SIGN_IN_EXPIRED');
  const now = deps.clock.now();
  const [started] = await deps.db
    .update(ssoSignIns)
    .set({ used_at: now })
    .where(and(eq(ssoSignIns.state_hash, hashToken(state)), isNull(ssoSignIns.used_at), gt(ssoSignIns.expires_at, now)))
    .returning();
  if (!started) throw new DomainError('SSO_SIGN_IN_EXPIRED');
  const [sso] = await deps.db
    .select()
    .from(accountSso)
    .where(and(eq(accountSso.account_id, started.account_id), eq(accountSso.enabled, true)));
  if (!sso) throw new DomainError('SSO_UNAVAILABLE');
  if (query.has('error')) {
    deps.log.info({ issuer: sso.issuer, error: query.get('error') }, 'single sign-on: the provider refused');
    throw new DomainError('SSO_REFUSED');
  }
  const config = await provider(deps, sso);
  let person: Person;
  try {
    const url = new URL(ssoRedirectUri(deps.appUrl));
    url.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: started.code_verifier,
      expectedState: state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    person = await personOf(config, tokens);
  } catch (e) {
    if (e instanceof DomainError) throw e;
    deps.log.warn(
      { issuer: sso.issuer, reason: e instanceof Error ? e.message : String(e) },
      'single sign-on: the answer did not check out',
    );
    throw new DomainError('SSO_REFUSED');
  }
  return deps.db.transaction(async (tx) => {
    // One first sign-in per identity at a time: two tabs coming back at once make one login, not two.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`sso:${sso.account_id}:${person.subject}`}, 0))`,
    );
    const userId = await personToSignIn(tx, deps, sso, person, locale);
    await tx
      .update(userSsoIdentities)
      .set({ last_used_at: now })
      .where(
        and(
          eq(userSsoIdentities.account_id, sso.account_id),
          eq(userSsoIdentities.issuer, sso.issuer),
          eq(userSsoIdentities.subject, person.subject),
        ),
      );
    const token = await createSession(tx, userId, sso.account_id, now, deps.client, { sso: true });
    const user = await findUserById(tx, userId);
    const accounts = (await membershipsOf(tx, userId, 'ACTIVE')).filter((a) => a.id === sso.account_id);
    return { token, user: toUserDto(user!), accounts };
  });
}

async function personToSignIn(
  tx: Executor,
  deps: SsoSignInDeps,
  sso: SsoRow,
  person: Person,
  locale: Locale,
): Promise<number> {
  const now = deps.clock.now();
  const activeMember = async (userId: number) => {
    const [m] = await tx
      .select({ status: accountUsers.status })
      .from(accountUsers)
      .where(and(eq(accountUsers.account_id, sso.account_id), eq(accountUsers.user_id, userId)));
    return m?.status === 'ACTIVE';
  };
  const [linked] = await tx
    .select({ user_id: userSsoIdentities.user_id })
    .from(userSsoIdentities)
    .where(
      and(
        eq(userSsoIdentities.account_id, sso.account_id),
        eq(userSsoIdentities.issuer, sso.issuer),
        eq(userSsoIdentities.subject, person.subject),
      ),
    );
  if (linked) {
    if (!(await activeMember(linked.user_id))) throw new DomainError('SSO_NOT_A_MEMBER');
    return linked.user_id;
  }
  if (!person.email || !person.emailVerified) throw new DomainError('SSO_EMAIL_UNVERIFIED');
  let user = await findUserByEmail(tx, person.email);
  if (user) {
    if (!(await activeMember(user.id))) throw new DomainError('SSO_NOT_A_MEMBER');
  } else {
    user = await insertUser(tx, {
      name: person.name ?? person.email.split('@')[0]!,
      email: person.email,
      password_hash: null,
      locale,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    await tx.insert(accountUsers).values({
      account_id: sso.account_id,
      user_id: user.id,
      role: sso.default_role,
      status: 'ACTIVE',
      created_at: now,
      updated_at: now,
    });
    await recordAudit(
      tx,
      { accountId: sso.account_id, userId: user.id, name: user.name, apiKeyId: null, ip: deps.client?.ip ?? null },
      {
        action: 'member.joined_by_sso',
        target: { type: 'user', id: user.id, label: user.email },
        data: { role: sso.default_role },
      },
      now,
    );
  }
  await tx.insert(userSsoIdentities).values({
    account_id: sso.account_id,
    user_id: user.id,
    issuer: sso.issuer,
    subject: person.subject,
    created_at: now,
  });
  return user.id;
}

/** Forgets single sign-ons that were never finished, once they ran out (the scheduler, hourly). */
export async function purgeSsoSignIns(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoSignIns).where(or(lt(ssoSignIns.expires_at, now), lt(ssoSignIns.used_at, now))!);
}
