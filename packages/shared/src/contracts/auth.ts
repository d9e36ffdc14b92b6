import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { LOCALES, type Locale, type MembershipStatus, type Permission, type Role } from '../enums.js';
import { customIssue } from '../validation.js';
import { emailField, timezoneField, trimmedName } from './common.js';

export const passwordField = z.string().min(LIMITS.PASSWORD_MIN).max(LIMITS.PASSWORD_MAX);

/** Adds the "Passwords are not the same" rule on `password_confirmation`. */
function withConfirmation<T extends z.ZodObject<{ password: typeof passwordField; password_confirmation: z.ZodString }>>(schema: T) {
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
  account_id: z.number().int().positive().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = withConfirmation(
  z.object({ password: passwordField, password_confirmation: z.string() }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const tokenParams = z.object({ token: z.string().min(10).max(200) });

export interface UserDto {
  id: number;
  name: string;
  email: string;
  timezone: string | null;
  locale: Locale | null;
  email_verified: boolean;
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
}

/** Answer of `GET /api/users/me`: who is calling, in which account, allowed to do what. */
export interface MeResponse {
  data: {
    user: UserDto;
    account: AccountSummaryDto;
    accounts: AccountSummaryDto[];
    permissions: Permission[];
  };
}

export const updateMeBody = z.object({
  name: trimmedName.optional(),
  timezone: timezoneField.nullable().optional(),
  locale: z.enum(LOCALES).nullable().optional(),
});
export type UpdateMeBody = z.input<typeof updateMeBody>;
