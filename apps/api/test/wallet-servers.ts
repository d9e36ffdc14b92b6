import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

import { importSPKI, jwtVerify } from 'jose';

const TLS = {
  key: readFileSync(path.join(import.meta.dirname, 'fixtures/local-tls.key')),
  cert: readFileSync(path.join(import.meta.dirname, 'fixtures/local-tls.crt')),
};

export interface ApnsPush {
  token: string;
  topic: string | undefined;
  body: string;
  /** The common name of the client certificate the push came with. */
  clientCert: string | undefined;
}

/**
 * A local server speaking APNs' HTTP/2 provider protocol over TLS (the local test certificate; the process must
 * accept it, see mollie-server.ts `trustLocalTls`): it asks for the client's certificate, records each push, answers
 * 410 Unregistered for tokens in `gone` and 500 for tokens in `failing`.
 */
export async function startApnsServer() {
  const pushes: ApnsPush[] = [];
  const gone = new Set<string>();
  const failing = new Set<string>();
  const server = http2.createSecureServer({ ...TLS, requestCert: true, rejectUnauthorized: false });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (body += c));
    stream.on('end', () => {
      const token = /^\/3\/device\/(.+)$/.exec(String(headers[':path']))?.[1] ?? '';
      const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
      pushes.push({
        token,
        topic: headers['apns-topic'] as string | undefined,
        body,
        clientCert: peer?.subject?.CN as string | undefined,
      });
      if (gone.has(token)) {
        stream.respond({ ':status': 410, 'content-type': 'application/json' });
        return stream.end(JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }));
      }
      if (failing.has(token)) {
        stream.respond({ ':status': 500, 'content-type': 'application/json' });
        return stream.end(JSON.stringify({ reason: 'InternalServerError' }));
      }
      stream.respond({ ':status': 200, 'apns-id': crypto.randomUUID() });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    pushes,
    gone,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
  });

/**
 * A local server speaking the parts of Google's OAuth token endpoint (JWT bearer grant, the assertion checked against
 * the service account's public key) and the Wallet API (PATCH of classes and objects; 404 for what was never saved)
 * that the app uses. `saved`: object and class ids a holder saved (Google has them).
 */
export async function startGoogleWalletServer(publicKeyPem: string, clientEmail: string) {
  const patches: Array<{ kind: 'eventTicketClass' | 'eventTicketObject'; id: string; body: Record<string, unknown> }> =
    [];
  const tokensGiven: string[] = [];
  const saved = new Set<string>();
  const key = await importSPKI(publicKeyPem, 'RS256');
  let url = '';
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          return send(400, { error: 'unsupported_grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', key, {
            issuer: clientEmail,
            audience: `${url}/token`,
          });
          if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer')
            return send(400, { error: 'invalid_scope' });
        } catch {
          return send(400, { error: 'invalid_grant' });
        }
        const token = `ya29.test-${tokensGiven.length + 1}`;
        tokensGiven.push(token);
        return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const m = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method === 'PATCH' && m) {
        if (!tokensGiven.includes((req.headers.authorization ?? '').replace(/^Bearer /, '')))
          return send(401, { error: { code: 401, message: 'Invalid credentials' } });
        const id = decodeURIComponent(m[2]!);
        patches.push({ kind: m[1] as 'eventTicketClass', id, body: JSON.parse(body) as Record<string, unknown> });
        if (!saved.has(id)) return send(404, { error: { code: 404, message: `No resource with id ${id}` } });
        return send(200, JSON.parse(body));
      }
      send(404, { error: { code: 404, message: 'Not found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiUrl: `${url}/walletobjects/v1/`,
    tokenUrl: `${url}/token`,
    patches,
    tokensGiven,
    saved,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
