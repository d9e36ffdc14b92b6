import { currencyExponent } from '@admitone/shared';
import { createMollieClient, type MollieClient } from '@mollie/api-client';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';

import type { MollieConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { mollieConnections } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';

/** Mollie's money: the currency and a decimal string in major units. */
export interface MollieAmount {
  currency: string;
  value: string;
}

/** Integer minor units as Mollie's amount (1999 EUR → "19.99"; 500 JPY → "500"). */
export function toMollieAmount(minor: number, currency: string): MollieAmount {
  const digits = currencyExponent(currency);
  return { currency: currency.toUpperCase(), value: (minor / 10 ** digits).toFixed(digits) };
}

/** Mollie's amount as integer minor units. */
export function fromMollieAmount(amount: MollieAmount | undefined | null): number {
  if (!amount) return 0;
  return Math.round(Number(amount.value) * 10 ** currencyExponent(amount.currency));
}

/** A token refreshed this long before it runs out, so a call made with it does not meet an expired one. */
const REFRESH_MARGIN_MS = 60_000;

/** The platform's OAuth app at Mollie, as openid-client's configuration (the authorization code flow, no OpenID). */
export function oauthApp(config: MollieConfig): oidc.Configuration {
  const app = new oidc.Configuration(
    {
      issuer: new URL(config.authorizeUrl).origin,
      authorization_endpoint: config.authorizeUrl,
      token_endpoint: config.tokenUrl,
    },
    config.clientId!,
    undefined,
    oidc.ClientSecretBasic(config.clientSecret!),
  );
  if (new URL(config.tokenUrl).protocol === 'http:') oidc.allowInsecureRequests(app);
  return app;
}

/**
 * The Mollie SDK for one set of credentials, pointed at MOLLIE_API_URL: the platform's API key, or an organization's
 * access token (on its profile, once known, and in test mode when MOLLIE_TESTMODE is set).
 */
export function mollieSdk(
  config: MollieConfig,
  credentials: { apiKey: string } | { accessToken: string; profileId: string | null },
): MollieClient {
  if ('apiKey' in credentials) return createMollieClient({ apiKey: credentials.apiKey, apiEndpoint: config.apiUrl });
  const defaults = {
    ...(credentials.profileId ? { profileId: credentials.profileId } : {}),
    ...(config.testmode ? { testmode: true } : {}),
  };
  return createMollieClient({
    accessToken: credentials.accessToken,
    apiEndpoint: config.apiUrl,
    parameterDefaults: defaults,
  });
}

/** The SDK with an organization's access token (refreshed first when it is about to run out). */
export type MollieFor = (accountId: number) => Promise<MollieClient>;

/**
 * How the app talks to Mollie for an account: SINGLE, the platform's API key; CONNECT, the account's connected
 * organization (MOLLIE_NOT_CONNECTED when there is none). An access token lives an hour: the first call after that
 * refreshes it under the connection's row lock (a second caller waits and then reads the new one), and saves it.
 */
export function mollieAccess(db: Db, config: MollieConfig, now: () => Date): MollieFor {
  return async (accountId) => {
    if (config.mode === 'SINGLE') return mollieSdk(config, { apiKey: config.apiKey! });
    const [row] = await db.select().from(mollieConnections).where(eq(mollieConnections.account_id, accountId));
    if (!row?.access_token || !row.profile_id) throw new DomainError('MOLLIE_NOT_CONNECTED');
    if (row.access_expires_at && row.access_expires_at.getTime() - REFRESH_MARGIN_MS > now().getTime())
      return mollieSdk(config, { accessToken: row.access_token, profileId: row.profile_id });
    const token = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(mollieConnections)
        .where(eq(mollieConnections.account_id, accountId))
        .for('update');
      if (!locked?.refresh_token || !locked.profile_id) throw new DomainError('MOLLIE_NOT_CONNECTED');
      if (locked.access_expires_at && locked.access_expires_at.getTime() - REFRESH_MARGIN_MS > now().getTime())
        return { access: locked.access_token!, profile: locked.profile_id };
      let fresh: oidc.TokenEndpointResponse;
      try {
        fresh = await oidc.refreshTokenGrant(oauthApp(config), locked.refresh_token);
      } catch {
        // Mollie no longer knows the authorization (revoked at Mollie): the admin connects again.
        throw new DomainError('MOLLIE_NOT_CONNECTED');
      }
      await tx
        .update(mollieConnections)
        .set({
          access_token: fresh.access_token,
          refresh_token: fresh.refresh_token ?? locked.refresh_token,
          access_expires_at: new Date(now().getTime() + (fresh.expires_in ?? 3600) * 1000),
          updated_at: now(),
        })
        .where(eq(mollieConnections.account_id, accountId));
      return { access: fresh.access_token, profile: locked.profile_id };
    });
    return mollieSdk(config, { accessToken: token.access, profileId: token.profile });
  };
}
