import { z } from 'zod';

import {
  type Locale,
  LOCALES,
  MEMBERSHIP_STATUSES,
  type MembershipStatus,
  type Permission,
  PERMISSIONS,
  type Role,
  ROLES,
} from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { emailField, oneOf, optionalText, timezoneField, trimmedName } from './common.js';

export const currentPasswordField = z.string().min(1).max(LIMITS.PASSWORD_MAX);
export const passwordField = z.string().min(LIMITS.PASSWORD_MIN).max(LIMITS.PASSWORD_MAX);

/** Adds the "Passwords are not the same" rule on `password_confirmation`. */
function withConfirmation<
  T extends z.ZodObject<{ password: typeof passwordField; password_confirmation: z.ZodString }>,
>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    // Also checked while other fields still have problems, so every error shows at once.
    when: (p) => {
      const v = p.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string';
    },
    ...customIssue('passwords_not_same'),
  });
}

export const registerBody = withConfirmation(
  z.object({
    name: trimmedName,
    /** The company, club or venue: names the new account (empty: "{name}'s events" in the person's language). */
    organization: optionalText(LIMITS.NAME_MAX),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string(),
    accept_terms: z.literal(true, customIssue('terms_required')),
    timezone: timezoneField.optional(),
    locale: z.enum(LOCALES).optional(),
  }),
);
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1).max(LIMITS.PASSWORD_MAX),
  account_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = withConfirmation(
  z.object({
    password: passwordField,
    password_confirmation: z.string(),
    /** API keys this person made to revoke in the same step (ids from the reset link's list; others are ignored). */
    revoke_api_key_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500).default([]),
  }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Keys made within these days are suggested for revoking on the reset form: maybe an intruder's. */
export const RESET_SUGGEST_REVOKE_DAYS = 7;

/** A working API key the person made, as the reset form lists it (never its secret). */
export interface ResetApiKeyDto {
  id: number;
  name: string;
  /** The first characters of the key (`a1k_AbCd…`). */
  prefix: string;
  account: { id: number; name: string };
  created_at: string;
  last_used_at: string | null;
  /** Made within RESET_SUGGEST_REVOKE_DAYS: the form suggests revoking it. */
  made_recently: boolean;
}

/** What a usable reset link is about: the login's address and the working API keys its person made. */
export interface ResetLinkDto {
  email: string;
  api_keys: ResetApiKeyDto[];
}

export const resetLinkResponse = z.object({
  data: z.object({
    email: z.string(),
    api_keys: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        prefix: z.string(),
        account: z.object({ id: z.number().int(), name: z.string() }),
        created_at: z.string(),
        last_used_at: z.string().nullable(),
        made_recently: z.boolean(),
      }) satisfies z.ZodType<ResetApiKeyDto>,
    ),
  }) satisfies z.ZodType<ResetLinkDto>,
});

export const tokenParams = z.object({ token: z.string().min(10).max(200) });

export interface UserDto {
  id: number;
  name: string;
  email: string;
  timezone: string | null;
  locale: Locale | null;
  email_verified: boolean;
  /** An e-mail change waiting for confirmation from the new address. */
  pending_email: string | null;
  created_at: string;
}

export interface AccountSummaryDto {
  id: number;
  name: string;
  role: Role;
  status: MembershipStatus;
  is_owner: boolean;
  currency: string;
  timezone: string;
}

/** Answer of register and login. `token` is null when the user must still choose an account. */
export interface AuthResponse {
  token: string | null;
  user: UserDto;
  accounts: AccountSummaryDto[];
  /**
   * Login of a person with two-factor sign-in: the password was right, and `POST /auth/login/two-factor` takes this
   * challenge with a code (`verified`: the code was given, only the account is left to choose). No token and no
   * accounts until then.
   */
  two_factor?: { challenge: string; verified: boolean; methods: SecondFactorMethod[] };
}

/** The second factors a sign-in may answer its challenge with (a recovery code always works too). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** Answer of `GET /api/users/me`: who is calling, in which account, allowed to do what. */
export interface MeResponse {
  data: {
    user: UserDto;
    account: AccountSummaryDto;
    accounts: AccountSummaryDto[];
    permissions: Permission[];
    /**
     * The account requires two-factor sign-in and this person has none: only their profile works until they set it
     * up.
     */
    two_factor_setup_required: boolean;
    /**
     * The organizers the caller is limited to (team scope): they see only these and their events, and cannot add
     * organizers. Null: every organizer of the account.
     */
    organizer_ids: number[] | null;
    /**
     * This session was opened by single sign-on: it stays in its account and cannot change how the person signs in
     * (password, e-mail, second factors).
     */
    signed_in_with_sso: boolean;
  };
}

export const updateMeBody = z.object({
  name: trimmedName.optional(),
  timezone: timezoneField.nullable().optional(),
  locale: z.enum(LOCALES).nullable().optional(),
});

export type UpdateMeBody = z.input<typeof updateMeBody>;

/** Change password: the current one is required; every other session is revoked. */
export const changePasswordBody = withConfirmation(
  z.object({ current_password: currentPasswordField, password: passwordField, password_confirmation: z.string() }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Change e-mail: the current password is required; the change waits for confirmation from the new address. */
export const changeEmailBody = z.object({ email: emailField, current_password: currentPasswordField });
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const switchAccountBody = z.object({ account_id: z.number().int().positive().max(LIMITS.ID_MAX) });
export type SwitchAccountBody = z.input<typeof switchAccountBody>;

/** What an invitation link shows before it is accepted. */
export interface InvitationDto {
  email: string;
  account_name: string;
  invited_by: string | null;
  role: Role;
  /** The address already has a login: accepting asks for its password instead of creating one. */
  existing_user: boolean;
}

/** Accepting an invitation as a new person: name and password. */
export const acceptInvitationNewUserBody = withConfirmation(
  z.object({
    name: trimmedName,
    password: passwordField,
    password_confirmation: z.string(),
    accept_terms: z.literal(true, customIssue('terms_required')),
    timezone: timezoneField.optional(),
    locale: z.enum(LOCALES).optional(),
  }),
);
export type AcceptInvitationNewUserBody = z.input<typeof acceptInvitationNewUserBody>;

/** Accepting an invitation with a login the address already has: its password. */
export const acceptInvitationExistingUserBody = z.object({ current_password: currentPasswordField });
export type AcceptInvitationExistingUserBody = z.input<typeof acceptInvitationExistingUserBody>;

/** `UserDto` and `AccountSummaryDto` as response schemas, and `GET /users/me`'s answer. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  timezone: z.string().nullable(),
  locale: z.enum(LOCALES).nullable(),
  email_verified: z.boolean(),
  pending_email: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<UserDto>;
export const accountSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  is_owner: z.boolean(),
  currency: z.string(),
  timezone: z.string(),
}) satisfies z.ZodType<AccountSummaryDto>;
export const meResponse = z.object({
  data: z.object({
    user: userSchema,
    account: accountSummarySchema,
    accounts: z.array(accountSummarySchema),
    permissions: z.array(z.enum(PERMISSIONS)),
    two_factor_setup_required: z.boolean(),
    organizer_ids: z.array(z.number().int()).nullable(),
    signed_in_with_sso: z.boolean(),
  }),
}) satisfies z.ZodType<MeResponse>;
/** `{ data: UserDto }`: the profile routes answer with the user as it now is. */
export const userResponse = oneOf(userSchema);

/** `AuthResponse` as a response schema (login, sign-up confirmation, switching account, accepting an invitation). */
export const authResponseSchema = z.object({
  token: z.string().nullable(),
  user: userSchema,
  accounts: z.array(accountSummarySchema),
  two_factor: z
    .object({ challenge: z.string(), verified: z.boolean(), methods: z.array(z.enum(SECOND_FACTOR_METHODS)) })
    .optional(),
}) satisfies z.ZodType<AuthResponse>;

/** `InvitationDto` as a response schema, and `GET /auth/invitation/{token}`'s answer. */
export const invitationSchema = z.object({
  email: z.string(),
  account_name: z.string(),
  invited_by: z.string().nullable(),
  role: z.enum(ROLES),
  existing_user: z.boolean(),
}) satisfies z.ZodType<InvitationDto>;
export const invitationResponse = oneOf(invitationSchema);

/** `GET /api/public/legal`: the operator's terms and privacy policy, which sign-up links to (null: none set). */
export interface LegalLinksDto {
  terms_url: string | null;
  privacy_url: string | null;
}
export const legalLinksSchema = z.object({
  terms_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
}) satisfies z.ZodType<LegalLinksDto>;
