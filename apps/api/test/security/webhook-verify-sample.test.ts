import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_GUIDE } from '../../src/plugins/openapi-guide.js';

/**
 * The API guide (/api/docs) shows receivers how to check a webhook's signature, and receivers copy it.
 * Its comparison measured the header in characters and then compared bytes with timingSafeEqual, which
 * throws on buffers of different lengths: a signature header with non-ASCII characters (as many
 * characters as a real one, more bytes) made a receiver built from the sample crash instead of refusing
 * the delivery. The sample, run as it is printed, answers true or false and never throws.
 */
type Verify = (rawBody: string, headers: Record<string, string>, secret: string, toleranceSeconds?: number) => boolean;
let verify: Verify;
let dir: string;
beforeAll(async () => {
  const sample = [...API_GUIDE.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .find((code) => code?.includes('function verify'));
  expect(sample, 'the guide has a verification sample').toBeTruthy();
  dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-verify-'));
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, `${sample}\nexport { verify };\n`);
  verify = ((await import(pathToFileURL(file).href)) as { verify: Verify }).verify;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const secret = `whsec_${Buffer.alloc(32, 42).toString('base64')}`;
const body = '{"id":"evt_1","type":"webhook.test","data":{}}';
// Standard Webhooks: `v1,` and the base64 HMAC of `id.timestamp.body` keyed with the secret's bytes.
const signed = (timestamp: number) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`evt_1.${timestamp}.${body}`)
    .digest('base64')}`;
const headers = (signature: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  'webhook-id': 'evt_1',
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});

describe('the signature check the guide shows', () => {
  it('accepts a valid signature and refuses a wrong one', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verify(body, headers(signed(now), now), secret)).toBe(true);
    expect(
      verify(
        body,
        headers(
          signed(now).replace(/.=$/, (c) => (c[0] === 'A' ? 'B=' : 'A=')),
          now,
        ),
        secret,
      ),
    ).toBe(false);
    expect(verify(body, headers('v1,short'), secret)).toBe(false);
    // A list of signatures: one of them valid is enough.
    expect(verify(body, headers(`v1,c2hvcnQ= ${signed(now)}`, now), secret)).toBe(true);
    expect(verify(body, { ...headers(signed(now), now), 'webhook-id': 'evt_2' }, secret)).toBe(false);
    expect(verify(`${body} `, headers(signed(now), now), secret)).toBe(false);
  });

  it('refuses a header with non-ASCII characters of the same length instead of throwing', () => {
    const now = Math.floor(Date.now() / 1000);
    const real = signed(now);
    const forged = `v1,${'é'.repeat(real.length - 3)}`;
    expect(forged.length).toBe(real.length);
    expect(() => verify(body, headers(forged, now), secret)).not.toThrow();
    expect(verify(body, headers(forged, now), secret)).toBe(false);
    expect(verify(body, headers(`${real.slice(0, -1)}ü`, now), secret)).toBe(false);
  });
});
