import { z } from 'zod';

import { API_VERSIONS, type ApiVersion } from '../api-version.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import {
  currencyField,
  emailField,
  oneOf,
  optionalText,
  pageMetaSchema,
  timezoneField,
  trimmedName,
} from './common.js';

/** A colour as a hex code such as #ffffff (SPEC §5). */
export const colorField = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, customIssue('invalid_color'));

/** How long an account may keep its audit log: from a month to ten years. */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

export const ORDER_TIMEOUT_MIN = 1;
export const ORDER_TIMEOUT_MAX = 120;
export const ORDER_TIMEOUT_DEFAULT = 15;

/** Colours of an event's public pages. */
export const eventColorsSchema = z.object({
  background: colorField,
  content_background: colorField,
  primary: colorField,
  primary_text: colorField,
  link: colorField,
  text: colorField,
  ticket_widget_background: colorField,
});
export type EventColors = z.infer<typeof eventColorsSchema>;
/** `EventColors` as answered (plain strings: what was stored is answered, not checked again). */
export const eventColorsOutSchema = z.object({
  background: z.string(),
  content_background: z.string(),
  primary: z.string(),
  primary_text: z.string(),
  link: z.string(),
  text: z.string(),
  ticket_widget_background: z.string(),
}) satisfies z.ZodType<EventColors>;

export const DEFAULT_EVENT_COLORS: EventColors = {
  background: '#f4f1fb',
  content_background: '#ffffff',
  primary: '#6d28d9',
  primary_text: '#ffffff',
  link: '#6d28d9',
  text: '#1f1b2d',
  ticket_widget_background: '#ffffff',
};

/** Settings copied into every new event of the account. */
export const eventDefaultsSchema = z.object({
  order_timeout_minutes: z.number().int().min(ORDER_TIMEOUT_MIN).max(ORDER_TIMEOUT_MAX),
  support_email: emailField.nullable(),
  /** Sanitised HTML shown at the foot of buyer e-mails. */
  email_footer_message: z.string().max(LIMITS.DESCRIPTION_MAX).nullable(),
  colors: eventColorsSchema,
});
export type EventDefaults = z.infer<typeof eventDefaultsSchema>;

export const DEFAULT_EVENT_DEFAULTS: EventDefaults = {
  order_timeout_minutes: ORDER_TIMEOUT_DEFAULT,
  support_email: null,
  email_footer_message: null,
  colors: DEFAULT_EVENT_COLORS,
};

export interface AccountDto {
  id: number;
  name: string;
  currency: string;
  timezone: string;
  /** The owner's e-mail is confirmed: needed to go live and to message attendees. */
  is_email_verified: boolean;
  event_defaults: EventDefaults;
  /** The API version this account's calls get without an `AdmitOne-Version` header (admins move it on). */
  api_version: ApiVersion;
  /** Every member must use two-factor sign-in (those without it can only set it up until they do). */
  require_two_factor: boolean;
  /** Days the audit log keeps its lines. */
  audit_retention_days: number;
  created_at: string;
}

export const updateAccountBody = z.object({
  name: trimmedName.optional(),
  api_version: z.enum(API_VERSIONS).optional(),
  currency: currencyField.optional(),
  timezone: timezoneField.optional(),
  /** Turning it on needs the admin's own two-factor sign-in first (`two_factor_first`). */
  require_two_factor: z.boolean().optional(),
  audit_retention_days: z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(AUDIT_RETENTION_MAX_DAYS).optional(),
  event_defaults: z
    .object({
      order_timeout_minutes: z.number().int().min(ORDER_TIMEOUT_MIN).max(ORDER_TIMEOUT_MAX),
      support_email: emailField.nullable(),
      email_footer_message: optionalText(LIMITS.DESCRIPTION_MAX),
      colors: eventColorsSchema.partial(),
    })
    .partial()
    .optional(),
});
export type UpdateAccountBody = z.input<typeof updateAccountBody>;

export const TAX_TYPES = ['TAX', 'FEE'] as const;
export type TaxType = (typeof TAX_TYPES)[number];
export const TAX_CALCULATIONS = ['PERCENTAGE', 'FIXED'] as const;
export type TaxCalculation = (typeof TAX_CALCULATIONS)[number];

/**
 * A tax or fee. `rate` is a percentage (0-100, up to 3 decimals) for PERCENTAGE, or an amount in
 * the account currency's minor units (an integer, e.g. 150 = 1.50 EUR) for FIXED.
 */
export const taxOrFeeBody = z
  .object({
    name: trimmedName,
    type: z.enum(TAX_TYPES),
    calculation_type: z.enum(TAX_CALCULATIONS),
    rate: z.number().min(0),
    /** FIXED: the currency of the amount (default: the account's). A fixed fee applies only to events in it. */
    currency: currencyField.optional(),
    is_default: z.boolean().default(false),
    description: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.calculation_type === 'PERCENTAGE') {
      if (v.rate > 100)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: 100,
          inclusive: true,
          path: ['rate'],
          input: v.rate,
        });
      else if (Math.round(v.rate * 1000) !== v.rate * 1000)
        ctx.addIssue({ code: 'custom', ...customIssue('invalid'), path: ['rate'], input: v.rate });
    } else if (!Number.isInteger(v.rate) || v.rate > 100_000_000) {
      ctx.addIssue({ code: 'custom', ...customIssue('invalid'), path: ['rate'], input: v.rate });
    }
  });
export type TaxOrFeeBody = z.input<typeof taxOrFeeBody>;

export interface TaxOrFeeDto {
  id: number;
  name: string;
  type: TaxType;
  calculation_type: TaxCalculation;
  rate: number;
  is_default: boolean;
  description: string | null;
  /** FIXED: the currency of the amount (the fee applies only to events in it); PERCENTAGE: the account's. */
  currency: string;
  created_at: string;
}

/**
 * Whether a tax or fee can be charged on an event in `currency`: a percentage anywhere, a fixed amount only in its own
 * currency.
 */
export const chargeAppliesTo = (charge: Pick<TaxOrFeeDto, 'calculation_type' | 'currency'>, currency: string) =>
  charge.calculation_type === 'PERCENTAGE' || charge.currency === currency;

export const accountParams = z.object({ id: z.coerce.number().int().positive().max(LIMITS.ID_MAX) });
export const taxOrFeeParams = z.object({
  id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  taxOrFeeId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/** SPEC §4 payment provider connection (plus: the operator has not configured card payments at all). */
export type PaymentConnectionStatus = 'NOT_CONFIGURED' | 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED';

/** `GET /api/accounts/{id}/payment-connection` (admins). */
export interface PaymentConnectionDto {
  status: PaymentConnectionStatus;
  /** CONNECT: each account connects its own Stripe account; SINGLE: the platform's account takes payments. */
  mode: 'CONNECT' | 'SINGLE' | null;
  stripe_account_id: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  /** The platform's share of each payment (Connect mode). */
  platform_fee_percent: number;
}

/** `TaxOrFeeDto` as a response schema. */
export const taxOrFeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TAX_TYPES),
  calculation_type: z.enum(TAX_CALCULATIONS),
  rate: z.number(),
  is_default: z.boolean(),
  description: z.string().nullable(),
  currency: z.string(),
  created_at: z.string(),
}) satisfies z.ZodType<TaxOrFeeDto>;
export const taxOrFeeResponse = oneOf(taxOrFeeSchema);
export const taxOrFeeListResponse = z.object({ data: z.array(taxOrFeeSchema), meta: pageMetaSchema });
export const taxDeletedResponse = oneOf(z.object({ id: z.number().int(), detached_ticket_count: z.number().int() }));

/** `AccountDto` as a response schema (plain strings: what was stored is answered, not checked again). */
export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  is_email_verified: z.boolean(),
  event_defaults: z.object({
    order_timeout_minutes: z.number().int(),
    support_email: z.string().nullable(),
    email_footer_message: z.string().nullable(),
    colors: eventColorsOutSchema,
  }),
  api_version: z.enum(API_VERSIONS),
  require_two_factor: z.boolean(),
  audit_retention_days: z.number().int(),
  created_at: z.string(),
}) satisfies z.ZodType<AccountDto>;
export const accountResponse = oneOf(accountSchema);

/**
 * `GET /api/accounts/{id}/mail-delivery` (members who manage events): how the account's mail is going
 * out. `waiting`: its order mails and message mails the mail server has not taken yet after at least
 * one try (they are tried again, for `retry_hours` from when they were written); `oldest_waiting_at`:
 * when the oldest of them was written; `given_up`: its mails of the last 7 days that were not sent
 * after every try (an order's mail can be sent again from the order, a message's from the message).
 */
export const mailDeliverySchema = z.object({
  status: z.enum(['ok', 'delayed']),
  waiting: z.number().int(),
  oldest_waiting_at: z.string().nullable(),
  given_up: z.number().int(),
  retry_hours: z.number().int(),
});
export type MailDeliveryDto = z.infer<typeof mailDeliverySchema>;
export const mailDeliveryResponse = oneOf(mailDeliverySchema);
