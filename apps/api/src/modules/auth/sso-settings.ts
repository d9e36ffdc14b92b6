import { randomBytes } from 'node:crypto';

import type { singleSignOnBody, SingleSignOnDto } from '@admitone/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { accounts, accountSso, userSsoIdentities } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { providerOf, SsoProviderError } from './sso-provider.js';

export interface SsoSettingsDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** Whether a provider may be on a private address (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  log: Logger;
}

/** Where the provider sends the browser back: the sign-in app's callback page. */
export const ssoRedirectUri = (appUrl: string) => `${appUrl}/auth/sso/callback`;
/** The team's sign-in link. */
export const ssoSignInUrl = (appUrl: string, link: string) => `${appUrl}/auth/sso/${link}`;

type SsoRow = typeof accountSso.$inferSelect;

/** The audit line's target: the account, by its name (as for its other settings). */
async function accountTarget(tx: Executor, accountId: number) {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return { type: 'account', id: accountId, label: row?.name ?? null };
}

async function toDto(db: Executor, appUrl: string, row: SsoRow): Promise<SingleSignOnDto> {
  const [linked] = await db
    .select({ n: count() })
    .from(userSsoIdentities)
    .where(and(eq(userSsoIdentities.account_id, row.account_id), eq(userSsoIdentities.issuer, row.issuer)));
  return {
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: row.client_secret.length > 0,
    default_role: row.default_role,
    enabled: row.enabled,
    redirect_uri: ssoRedirectUri(appUrl),
    sign_in_url: ssoSignInUrl(appUrl, row.link),
    members: linked?.n ?? 0,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The account's single sign-on, or null. */
export async function getSingleSignOn(
  deps: Pick<SsoSettingsDeps, 'db' | 'appUrl'>,
  callerAccountId: number,
  accountId: number,
): Promise<SingleSignOnDto | null> {
  if (accountId !== callerAccountId) throw new DomainError('NOT_FOUND');
  const [row] = await deps.db.select().from(accountSso).where(eq(accountSso.account_id, accountId));
  return row ? toDto(deps.db, deps.appUrl, row) : null;
}

/**
 * Sets up or changes the account's single sign-on. The provider must answer its discovery with this issuer before
 * anything is saved, so a typo never locks the team out; the secret is kept when none is sent.
 */
export async function saveSingleSignOn(
  deps: SsoSettingsDeps,
  callerAccountId: number,
  accountId: number,
  input: z.output<typeof singleSignOnBody>,
  actor: AuditActor,
): Promise<SingleSignOnDto> {
  if (accountId !== callerAccountId) throw new DomainError('NOT_FOUND');
  const [before] = await deps.db.select().from(accountSso).where(eq(accountSso.account_id, accountId));
  const secret = input.client_secret || before?.client_secret;
  if (!secret) throw new DomainError('VALIDATION_FAILED', { fields: { client_secret: [{ key: 'required' }] } });
  if (input.enabled) {
    try {
      await providerOf({ issuer: input.issuer, client_id: input.client_id, client_secret: secret }, deps.allowPrivate);
    } catch (e) {
      if (!(e instanceof SsoProviderError)) throw e;
      deps.log.info({ issuer: input.issuer, reason: e.message }, 'single sign-on: the issuer did not answer');
      throw new DomainError('VALIDATION_FAILED', { fields: { issuer: [{ key: 'sso_issuer_unreachable' }] } });
    }
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const values = {
      issuer: input.issuer,
      client_id: input.client_id,
      client_secret: secret,
      default_role: input.default_role,
      enabled: input.enabled,
      updated_at: now,
    };
    const [row] = await tx
      .insert(accountSso)
      .values({ account_id: accountId, link: randomBytes(18).toString('base64url'), created_at: now, ...values })
      .onConflictDoUpdate({ target: accountSso.account_id, set: values })
      .returning();
    const changed = changesOf(before ?? ({} as Partial<SsoRow>), values, [
      'issuer',
      'client_id',
      'default_role',
      'enabled',
    ]);
    // The secret itself is never written down: only that it changed.
    if (before && input.client_secret && input.client_secret !== before.client_secret)
      changed.client_secret = { from: '…', to: '…' };
    if (Object.keys(changed).length || !before)
      await recordAudit(
        tx,
        actor,
        { action: 'account.sso_updated', target: await accountTarget(tx, accountId), data: changed },
        now,
      );
    return toDto(tx, deps.appUrl, row!);
  });
}

/** Removes the account's single sign-on: its members sign in with a password again (the links to it are forgotten). */
export async function removeSingleSignOn(
  deps: Pick<SsoSettingsDeps, 'db' | 'clock'>,
  callerAccountId: number,
  accountId: number,
  actor: AuditActor,
): Promise<void> {
  if (accountId !== callerAccountId) throw new DomainError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(accountSso).where(eq(accountSso.account_id, accountId)).returning();
    if (!gone) throw new DomainError('NOT_FOUND');
    await tx.delete(userSsoIdentities).where(eq(userSsoIdentities.account_id, accountId));
    await recordAudit(
      tx,
      actor,
      { action: 'account.sso_removed', target: await accountTarget(tx, accountId), data: { issuer: gone.issuer } },
      now,
    );
  });
}
