import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider from 'oidc-provider';

/** A person the test provider knows, by their subject (`sub`). */
export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OpenID provider (`oidc-provider`) on a loopback port, for the single sign-on tests. Its sign-in page signs in
 * whoever `signInAs` names (or answers `access_denied` when it names nobody) and consents at once, so a browser or a
 * test following redirects comes straight back to the callback with a code, as from a real provider.
 */
export async function startTestProvider(options: { redirectUri: string; clientId?: string; clientSecret?: string }) {
  const people = new Map<string, TestPerson>();
  let signInAs: string | null = null;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'admitone';
  const clientSecret = options.clientSecret ?? 'a-client-secret-of-the-test-provider';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) =>
      people.has(sub) ? { accountId: sub, claims: () => ({ sub, ...people.get(sub) }) } : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    pkce: { required: () => true },
  });
  const callback = provider.callback();

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const result = signInAs
        ? { login: { accountId: signInAs } }
        : { error: 'access_denied', error_description: 'The person cancelled' };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      {
        mergeWithLastSubmission: true,
      },
    );
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/'))
      interact(req, res).catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    else void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    /** Who the next sign-in at the provider is (null: the person cancels there). */
    signInAs(sub: string | null) {
      signInAs = sub;
    },
    /**
     * Follows the provider's redirects from an authorization URL the way a browser would (with its cookies) and
     * answers the query string it sends back to the callback.
     */
    async visit(url: string): Promise<string> {
      const cookies = new Map<string, string>();
      let next = url;
      for (let hop = 0; hop < 20; hop++) {
        if (next.startsWith(options.redirectUri)) return new URL(next).search;
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
        next = new URL(location, next).href;
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;
