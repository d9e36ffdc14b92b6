import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { oneOf, personRefSchema, trimmedName } from './common.js';

// ---------------------------------------------------------------------------------------------
// API keys: an outside system (CRM, newsletter, accounting, door system) calls the same API as the
// web app with `Authorization: Bearer <key>`. A key acts as the admin who made it, within its scopes.
// ---------------------------------------------------------------------------------------------

/**
 * READ: GET calls only; READ_WRITE: every call the key's maker may make (except the team, keys and personal routes).
 */
export const API_KEY_ACCESS = ['READ', 'READ_WRITE'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/**
 * ACTIVE: it works; EXPIRED: past its expiry; REVOKED: revoked by an admin; PAUSED: its maker is no
 * longer an active member of the account (it works again if they are reactivated).
 */
export const API_KEY_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED', 'PAUSED'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'a1k_';
/** Calls per key per minute unless the operator sets API_KEY_RATE_LIMIT_MAX. */
export const API_KEY_RATE_LIMIT_DEFAULT = 600;

/** A new key: a name, its access, optionally some events only and an expiry (in the future). */
export const createApiKeyBody = z.object({
  name: trimmedName,
  access: z.enum(API_KEY_ACCESS),
  /** Only these events of the account (none or absent: every event, also later ones). */
  event_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500).default([]),
  /** When it stops working (ISO 8601 with offset); null: never. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The field error of an expiry that is not in the future. */
export const expiresInPastIssue = () => customIssue('must_be_future');

/** A key as the API keys screen shows it (never its secret). */
export interface ApiKeyDto {
  id: number;
  name: string;
  /** The first characters of the key, to tell keys apart (`a1k_AbCd…`). */
  prefix: string;
  access: ApiKeyAccess;
  /** The events it is limited to; empty: every event. */
  event_ids: number[];
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: { id: number; name: string };
  state: ApiKeyState;
}

/** The answer to creating a key: the key once (it is stored only as a hash). */
export interface CreatedApiKeyDto extends ApiKeyDto {
  secret: string;
}

const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  access: z.enum(API_KEY_ACCESS),
  event_ids: z.array(z.number().int()),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: personRefSchema,
  state: z.enum(API_KEY_STATES),
}) satisfies z.ZodType<ApiKeyDto>;

export const apiKeyListResponse = z.object({ data: z.array(apiKeySchema) });
export const createdApiKeyResponse = oneOf(
  apiKeySchema.extend({ secret: z.string() }) satisfies z.ZodType<CreatedApiKeyDto>,
);
