import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { currentPasswordField } from './auth.js';
import { oneOf } from './common.js';

/** Minutes a browser has to answer a passkey request (making one, or signing in with one). */
export const PASSKEY_CEREMONY_MINUTES = 5;
/** Most passkeys one person may keep. */
export const PASSKEYS_MAX = 20;

/** Base64url text as WebAuthn's JSON carries it (ids, client data, signatures), at most 16 KiB. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * A browser's answer to `navigator.credentials.create()` or `.get()` as `@simplewebauthn/browser` sends it. The server
 * checks its content (signature, challenge, origin); the schema only bounds its size and shape.
 */
const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const registrationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
    authenticatorData: base64url.optional(),
  }),
});
export const authenticationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

export type AuthenticationCredential = z.input<typeof authenticationCredential>;

/** The ceremony a browser answers: its token (from the options' answer) and what the authenticator made. */
const ceremonyField = z.string().min(10).max(200);

/** Adds a passkey: the name the person gives it ("Work laptop"), the ceremony and the new credential. */
export const addPasskeyBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  ceremony: ceremonyField,
  credential: registrationCredential,
});
export type AddPasskeyBody = z.input<typeof addPasskeyBody>;

/** Removes a passkey: the current password, as turning the authenticator app off asks. */
export const removePasskeyBody = z.object({ current_password: currentPasswordField });
export type RemovePasskeyBody = z.input<typeof removePasskeyBody>;

/** Signs in with a passkey alone (it holds the person and their fingerprint, face or PIN): no password. */
export const passkeySignInBody = z.object({
  ceremony: ceremonyField,
  credential: authenticationCredential,
  account_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
});
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

/** A passkey as the second step of a sign-in with a password: the sign-in's challenge, then the ceremony's answer. */
export const passkeySecondFactorField = z.object({ ceremony: ceremonyField, credential: authenticationCredential });
export const passkeyOptionsForChallengeBody = z.object({ challenge: z.string().min(10).max(200) });
export type PasskeyOptionsForChallengeBody = z.input<typeof passkeyOptionsForChallengeBody>;

/** What the browser passes to `navigator.credentials` (WebAuthn's JSON options), with the ceremony to answer. */
export interface PasskeyOptionsDto {
  ceremony: string;
  options: Record<string, unknown>;
}
export const passkeyOptionsResponse = oneOf(
  z.object({ ceremony: z.string(), options: z.record(z.string(), z.unknown()) }) satisfies z.ZodType<PasskeyOptionsDto>,
);

/** A person's passkey, as their profile lists it. */
export interface PasskeyDto {
  id: number;
  name: string;
  /** Synced between the person's devices by their password manager or platform (a "multi-device" passkey). */
  synced: boolean;
  created_at: string;
  last_used_at: string | null;
}
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  synced: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
}) satisfies z.ZodType<PasskeyDto>;
export const passkeyListResponse = z.object({ data: z.array(passkeySchema) });

/** A passkey added; the first second factor also brings ten recovery codes, shown this once. */
export interface PasskeyAddedDto {
  passkey: PasskeyDto;
  recovery_codes: string[] | null;
}
export const passkeyAddedResponse = oneOf(
  z.object({
    passkey: passkeySchema,
    recovery_codes: z.array(z.string()).nullable(),
  }) satisfies z.ZodType<PasskeyAddedDto>,
);
