import { createHash, randomBytes } from 'node:crypto';

/** A new unguessable token (256 bits, URL-safe). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256 hash, so a leaked table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
