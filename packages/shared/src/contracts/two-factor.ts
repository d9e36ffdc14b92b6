import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { currentPasswordField } from './auth.js';
import { oneOf } from './common.js';
import { passkeySecondFactorField } from './passkeys.js';

/** How many one-time recovery codes a person gets (shown once, each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** Minutes a sign-in may wait between the password and the second factor. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Wrong codes one sign-in may try before the password is asked again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

/** A six-digit code from an authenticator app (spaces between the digits are allowed: apps show them in groups). */
export const totpCodeField = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, customIssue('code_format')));

/** A recovery code as printed (`abcde-12345`): case, spaces and dashes do not matter. */
export const recoveryCodeField = z
  .string()
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, customIssue('recovery_code_format')));

/** Confirms a new authenticator app with its first code. */
export const confirmTotpBody = z.object({ code: totpCodeField });
export type ConfirmTotpBody = z.input<typeof confirmTotpBody>;

/** Turning two-factor sign-in off, or making new recovery codes: the current password. */
export const twoFactorPasswordBody = z.object({ current_password: currentPasswordField });
export type TwoFactorPasswordBody = z.input<typeof twoFactorPasswordBody>;

/**
 * The sign-in's second step: the challenge from the login's answer, and a code from the app or a recovery code (not
 * needed again once the challenge is passed and only the account is chosen).
 */
export const loginTwoFactorBody = z.object({
  challenge: z.string().min(10).max(200),
  code: totpCodeField.optional(),
  recovery_code: recoveryCodeField.optional(),
  /** A passkey instead of a code (its ceremony from `POST /auth/login/two-factor/passkey-options`). */
  passkey: passkeySecondFactorField.optional(),
  account_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBody>;

/** A person's second factors, as their profile shows them. */
export interface TwoFactorStatusDto {
  /** An authenticator app is set up and confirmed. */
  totp: boolean;
  /** Passkeys the person signs in with (each is a second factor, or a sign-in on its own). */
  passkeys: number;
  enabled_at: string | null;
  /** Recovery codes not used yet. */
  recovery_codes_left: number;
  /** An account the person belongs to requires two-factor sign-in (it cannot be turned off). */
  required: boolean;
}
export const twoFactorStatusResponse = oneOf(
  z.object({
    totp: z.boolean(),
    passkeys: z.number().int(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    required: z.boolean(),
  }) satisfies z.ZodType<TwoFactorStatusDto>,
);

/** A new authenticator app's secret, waiting for its first code: as text and as an otpauth:// address (the QR code). */
export interface TotpSetupDto {
  secret: string;
  uri: string;
}
export const totpSetupResponse = oneOf(
  z.object({ secret: z.string(), uri: z.string() }) satisfies z.ZodType<TotpSetupDto>,
);

/** Fresh recovery codes: shown this once. */
export interface RecoveryCodesDto {
  codes: string[];
}
export const recoveryCodesResponse = oneOf(
  z.object({ codes: z.array(z.string()) }) satisfies z.ZodType<RecoveryCodesDto>,
);

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A signed-in device of the person (one session), as "Where you are signed in" lists it. */
export interface SessionDto {
  id: number;
  /** The session of this request. */
  current: boolean;
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
  ip: string | null;
  /** ISO 3166 country code, from the operator's proxy (GEO_COUNTRY_HEADER); null when unknown. */
  country: string | null;
  account: { id: number; name: string };
  created_at: string;
  last_used_at: string;
}
export const sessionListResponse = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      current: z.boolean(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      device: z.enum(DEVICE_KINDS).nullable(),
      ip: z.string().nullable(),
      country: z.string().nullable(),
      account: z.object({ id: z.number().int(), name: z.string() }),
      created_at: z.string(),
      last_used_at: z.string(),
    }) satisfies z.ZodType<SessionDto>,
  ),
});
