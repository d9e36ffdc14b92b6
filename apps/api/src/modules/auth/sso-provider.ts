import { createHash } from 'node:crypto';

import * as oidc from 'openid-client';

import { resolveWebhookUrl } from '../webhooks/url-guard.js';

/** What the app needs to talk to an account's OpenID provider. */
export interface SsoClient {
  issuer: string;
  client_id: string;
  client_secret: string;
}

/** Seconds every call to a provider may take (discovery, keys, token, user info). */
const TIMEOUT_SECONDS = 10;
/** How long a provider's discovery is reused before it is read again. */
const KEEP_MS = 10 * 60_000;
/** Providers kept at most (the least recently read beyond this are read again when next used). */
const KEPT = 500;

/** A provider that could not be reached or whose answer did not check out. */
export class SsoProviderError extends Error {}

/**
 * Every call to a provider goes through the webhooks' address guard: an admin's issuer URL, and any address its
 * discovery names, may not reach the operator's own network unless WEBHOOK_ALLOW_PRIVATE allows it.
 */
function guardedFetch(allowPrivate: boolean): oidc.CustomFetch {
  return async (url, options) => {
    const checked = await resolveWebhookUrl(url, allowPrivate);
    if ('problem' in checked) throw new SsoProviderError(checked.detail);
    return fetch(url, options as RequestInit);
  };
}

const kept = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

/**
 * The provider's configuration for this client (its discovery document, read at most every 10 minutes). Plain http is
 * allowed only where private addresses are (a provider on the operator's own machine, in development and tests).
 */
export function providerOf(client: SsoClient, allowPrivate: boolean, now = Date.now()): Promise<oidc.Configuration> {
  const key = createHash('sha256')
    .update(JSON.stringify([client.issuer, client.client_id, client.client_secret, allowPrivate]))
    .digest('base64url');
  const found = kept.get(key);
  if (found && found.until > now) {
    kept.delete(key);
    kept.set(key, found);
    return found.config;
  }
  const config = discover(client, allowPrivate);
  kept.set(key, { config, until: now + KEEP_MS });
  // A failure is not kept: the next try asks again.
  config.catch(() => kept.delete(key));
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return config;
}

async function discover(client: SsoClient, allowPrivate: boolean): Promise<oidc.Configuration> {
  let issuer: URL;
  try {
    issuer = new URL(client.issuer);
  } catch {
    throw new SsoProviderError('not a URL');
  }
  const options = {
    [oidc.customFetch]: guardedFetch(allowPrivate),
    timeout: TIMEOUT_SECONDS,
    execute: issuer.protocol === 'http:' && allowPrivate ? [oidc.allowInsecureRequests] : [],
  };
  try {
    const found = await oidc.discovery(
      issuer,
      client.client_id,
      undefined,
      oidc.ClientSecretBasic(client.client_secret),
      options,
    );
    // The client authenticates as the provider says it may: HTTP Basic by default (the standard's), else in the form.
    const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
    if (!methods || methods.includes('client_secret_basic')) return found;
    const config = new oidc.Configuration(
      found.serverMetadata(),
      client.client_id,
      undefined,
      oidc.ClientSecretPost(client.client_secret),
    );
    config[oidc.customFetch] = options[oidc.customFetch];
    config.timeout = TIMEOUT_SECONDS;
    if (options.execute.length) oidc.allowInsecureRequests(config);
    return config;
  } catch (e) {
    throw e instanceof SsoProviderError ? e : new SsoProviderError(e instanceof Error ? e.message : String(e));
  }
}

/** Forgets every provider read (tests). */
export function forgetProviders(): void {
  kept.clear();
}
