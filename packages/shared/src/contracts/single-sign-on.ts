import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { emailField, oneOf } from './common.js';

/** Minutes a person has between leaving for the identity provider and coming back signed in. */
export const SSO_SIGN_IN_MINUTES = 10;

/**
 * The roles a person made at their first single sign-on may get. Admin is given by an admin, never by the identity
 * provider alone.
 */
export const SSO_DEFAULT_ROLES = ['ORGANIZER', 'DOOR_STAFF', 'BOX_OFFICE'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** An account's single sign-on (OpenID Connect), as its admins see it: the client secret is never shown again. */
export interface SingleSignOnDto {
  /** The OpenID provider's issuer URL (its discovery document is at `/.well-known/openid-configuration`). */
  issuer: string;
  client_id: string;
  client_secret_set: boolean;
  default_role: SsoDefaultRole;
  enabled: boolean;
  /** The address the admin registers at the provider as the client's redirect URI. */
  redirect_uri: string;
  /** The team's sign-in link: it opens the provider's sign-in for this account at once. */
  sign_in_url: string;
  /** People who have signed in to the account through it. */
  members: number;
  updated_at: string;
}
export const singleSignOnSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  default_role: z.enum(SSO_DEFAULT_ROLES),
  enabled: z.boolean(),
  redirect_uri: z.string(),
  sign_in_url: z.string(),
  members: z.number().int(),
  updated_at: z.string(),
}) satisfies z.ZodType<SingleSignOnDto>;
/** `GET` answers null while the account has none. */
export const singleSignOnResponse = oneOf(singleSignOnSchema.nullable());

/** Setting up or changing the account's single sign-on; an empty client secret keeps the one saved. */
export const singleSignOnBody = z.object({
  issuer: z
    .string()
    .trim()
    .max(LIMITS.URL_MAX)
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), customIssue('invalid_url')),
  client_id: z.string().trim().min(1, customIssue('required')).max(255),
  client_secret: z.string().trim().max(1000).optional(),
  default_role: z.enum(SSO_DEFAULT_ROLES).default('ORGANIZER'),
  enabled: z.boolean().default(true),
});
export type SingleSignOnBody = z.input<typeof singleSignOnBody>;

/**
 * Starting a single sign-on: with the address of a member (of an account that has it), or the random part of the
 * team's sign-in link.
 */
export const ssoStartBody = z
  .object({ email: emailField.optional(), link: z.string().trim().min(1).max(64).optional() })
  .refine((v) => v.email !== undefined || v.link !== undefined, { ...customIssue('required'), path: ['email'] });
export type SsoStartBody = z.input<typeof ssoStartBody>;
/** Where to send the browser: the identity provider's sign-in page. */
export const ssoStartResponse = oneOf(z.object({ url: z.string() }));

/** The provider's answer as it reached the callback page: its query string (`?code=…&state=…`, or an error). */
export const ssoCallbackBody = z.object({ query: z.string().max(8192) });
export type SsoCallbackBody = z.input<typeof ssoCallbackBody>;
