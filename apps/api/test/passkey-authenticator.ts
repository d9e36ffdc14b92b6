import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the API tests: it makes an ES256 credential for a site and signs the
 * site's challenges with it, answering exactly what a browser's `navigator.credentials` would (WebAuthn's JSON, the
 * attestation "none"). The browser flow uses Chromium's own virtual authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  /** The signature counter; null: an authenticator that keeps none (sends 0 every time, as most passkeys). */
  counter: number | null;

  constructor(options: { counter?: boolean } = {}) {
    this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.counter = options.counter ? 0 : null;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private authData(rpId: string, flags: number, attested: Uint8Array | null): Buffer {
    if (this.counter !== null) this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter ?? 0);
    return Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private coseKey(): Uint8Array {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const map = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return isoCBOR.encode(map);
  }

  /** Answers `navigator.credentials.create()` with these options at this origin. */
  create(options: Record<string, unknown>, origin: string) {
    const rpId = (options.rp as { id: string }).id;
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey())]);
    // User present, user verified, attested credential data; backed up and eligible (a synced passkey).
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x08 | 0x10 | 0x40, attested);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: Buffer.from(attestation).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** Answers `navigator.credentials.get()`; `verified`: the person gave their fingerprint, face or PIN. */
  get(options: Record<string, unknown>, origin: string, verified = true) {
    const rpId = options.rpId as string;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
    const authData = this.authData(rpId, 0x01 | (verified ? 0x04 : 0) | 0x08 | 0x10, null);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.key.privateKey).toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }
}
