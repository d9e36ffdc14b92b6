import http2 from 'node:http2';

import type { AppleWalletConfig } from '../../config.js';

/** What APNs said of one push: sent, or the device token is no longer any good (forget it), or try again later. */
export type PushOutcome = 'SENT' | 'GONE' | 'FAILED';

/**
 * Tells devices that a pass of ours changed: one empty push per device token to APNs over HTTP/2, with the pass type
 * as the topic, authenticated by the pass type's certificate (Apple's way for Wallet; the device then asks our web
 * service what changed). 410 (unregistered) and 400 BadDeviceToken mean the token is gone.
 */
export async function pushToDevices(config: AppleWalletConfig, tokens: string[]): Promise<Map<string, PushOutcome>> {
  const outcomes = new Map<string, PushOutcome>();
  if (!tokens.length) return outcomes;
  const session = http2.connect(config.apnsUrl, {
    cert: config.cert,
    key: config.key,
    ...(config.keyPassphrase ? { passphrase: config.keyPassphrase } : {}),
  });
  const failed = new Promise<never>((_, reject) => session.once('error', reject));
  failed.catch(() => {});
  try {
    await Promise.race([
      failed,
      Promise.all(
        tokens.map(async (token) => {
          outcomes.set(token, await pushOne(session, config.passTypeId, token).catch(() => 'FAILED' as const));
        }),
      ),
    ]);
  } catch {
    for (const t of tokens) if (!outcomes.has(t)) outcomes.set(t, 'FAILED');
  } finally {
    session.close();
  }
  return outcomes;
}

function pushOne(session: http2.ClientHttp2Session, topic: string, token: string): Promise<PushOutcome> {
  return new Promise((resolve, reject) => {
    const req = session.request({
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(token)}`,
      'apns-topic': topic,
      'content-type': 'application/json',
    });
    req.setTimeout(10_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
    let status = 0;
    let body = '';
    req.on('response', (h) => (status = Number(h[':status'])));
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (status === 200) return resolve('SENT');
      if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) return resolve('GONE');
      resolve('FAILED');
    });
    req.on('error', reject);
    req.end('{}');
  });
}
