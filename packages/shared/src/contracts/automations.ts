import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { listQuery, oneOf, pageOf } from './common.js';

/**
 * Mail that goes out by itself: reminders before each date, one mail to a buyer who left the checkout (with their
 * consent), a follow-up after each date.
 */
export const AUTOMATION_KINDS = ['REMINDER', 'ABANDONED_CHECKOUT', 'FOLLOW_UP'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];
/** A follow-up goes to those checked in, or to every ticket holder. */
export const AUTOMATION_AUDIENCES = ['ALL', 'CHECKED_IN'] as const;
export type AutomationAudience = (typeof AUTOMATION_AUDIENCES)[number];

/** At most this many reminders per event (one abandoned-checkout mail and one follow-up). */
export const REMINDERS_MAX = 5;
export const AUTOMATION_MESSAGE_MAX = 2000;
/** The built-in reminders of a new event: 48 hours and 2 hours before each date. */
export const DEFAULT_REMINDER_MINUTES = [48 * 60, 2 * 60] as const;
/** The abandoned-checkout mail's default delay. */
export const DEFAULT_ABANDONED_MINUTES = 60;
/** The follow-up's default delay after a date ends. */
export const DEFAULT_FOLLOW_UP_MINUTES = 24 * 60;

/** The range of each kind's offset, in minutes. */
export const AUTOMATION_OFFSET_RANGE: Record<AutomationKind, { min: number; max: number }> = {
  REMINDER: { min: 15, max: 30 * 24 * 60 },
  ABANDONED_CHECKOUT: { min: 15, max: 7 * 24 * 60 },
  FOLLOW_UP: { min: 0, max: 30 * 24 * 60 },
};

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Create or change one automation of an event. */
export const automationBody = z
  .object({
    kind: z.enum(AUTOMATION_KINDS),
    enabled: z.boolean().default(true),
    offset_minutes: z.number().int().min(0).max(AUTOMATION_OFFSET_RANGE.REMINDER.max),
    audience: z.enum(AUTOMATION_AUDIENCES).default('ALL'),
    message: nullableText(AUTOMATION_MESSAGE_MAX),
    link_url: z
      .string()
      .trim()
      .max(LIMITS.URL_MAX)
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.url({ protocol: /^https?$/ }).nullable()),
  })
  .superRefine((v, ctx) => {
    const range = AUTOMATION_OFFSET_RANGE[v.kind];
    if (v.offset_minutes < range.min || v.offset_minutes > range.max)
      ctx.addIssue({
        code: 'custom',
        path: ['offset_minutes'],
        ...customIssue('offset_range', { min: range.min, max: range.max }),
        input: v.offset_minutes,
      });
  });
export type AutomationBody = z.input<typeof automationBody>;

export const automationParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  automationId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
/** One of the account's default automations (`/accounts/{id}/automations/{automationId}`). */
export const accountAutomationParams = z.object({
  id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  automationId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/** What an automation has written: by its mails' delivery states. */
export interface AutomationStatsDto {
  sent: number;
  queued: number;
  failed: number;
  last_sent_at: string | null;
}

export interface AutomationDto {
  id: number;
  kind: AutomationKind;
  enabled: boolean;
  offset_minutes: number;
  audience: AutomationAudience;
  message: string | null;
  link_url: string | null;
  /**
   * When it next writes mail: a reminder at the next date's start less its offset, a follow-up at the next date's
   * end plus its offset; the abandoned-checkout mail runs all the time (null), as does an automation that is off.
   */
  next_run_at: string | null;
  /** The date that next run is for. */
  next_date: { id: number; start_date: string; label: string | null } | null;
  stats: AutomationStatsDto;
}

const automationStatsSchema = z.object({
  sent: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  last_sent_at: z.string().nullable(),
}) satisfies z.ZodType<AutomationStatsDto>;

export const automationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AUTOMATION_KINDS),
  enabled: z.boolean(),
  offset_minutes: z.number().int(),
  audience: z.enum(AUTOMATION_AUDIENCES),
  message: z.string().nullable(),
  link_url: z.string().nullable(),
  next_run_at: z.string().nullable(),
  next_date: z.object({ id: z.number().int(), start_date: z.string(), label: z.string().nullable() }).nullable(),
  stats: automationStatsSchema,
}) satisfies z.ZodType<AutomationDto>;
export const automationResponse = oneOf(automationSchema);
export const automationListResponse = z.object({ data: z.array(automationSchema) });

/** One mail an automation wrote, with its delivery state. */
export interface AutomationSendDto {
  id: number;
  email: string;
  event_date_id: number | null;
  order_id: number | null;
  status: 'QUEUED' | 'SENT' | 'FAILED';
  error: string | null;
  created_at: string;
}
export const automationSendSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  event_date_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  status: z.enum(['QUEUED', 'SENT', 'FAILED']),
  error: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<AutomationSendDto>;
export const automationSendListQuery = listQuery(['created_at'], {});
export const automationSendListResponse = pageOf(automationSendSchema);

/** The choices of a checkout the buyer left, to make again (`GET /api/public/events/{id}/recoveries/{token}`). */
export interface CheckoutRecoveryDto {
  event_date_id: number | null;
  promo_code: string | null;
  items: Array<{ ticket_id: number; tier_id: number | null; quantity: number; amount: number | null }>;
  buyer: { first_name: string | null; last_name: string | null; email: string };
}
export const checkoutRecoverySchema = z.object({
  event_date_id: z.number().int().nullable(),
  promo_code: z.string().nullable(),
  items: z.array(
    z.object({
      ticket_id: z.number().int(),
      tier_id: z.number().int().nullable(),
      quantity: z.number().int(),
      amount: z.number().int().nullable(),
    }),
  ),
  buyer: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), email: z.string() }),
}) satisfies z.ZodType<CheckoutRecoveryDto>;
export const checkoutRecoveryResponse = oneOf(checkoutRecoverySchema);
export const checkoutRecoveryParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  token: z.string().min(16).max(80),
});

/** A one-click unsubscribe link's token (RFC 8058). */
export const unsubscribeParams = z.object({ token: z.string().min(16).max(80) });
/** What the unsubscribe page shows: whose mail, and whether the address is already off the list. */
export interface UnsubscribeDto {
  organizer_name: string;
  email: string;
  unsubscribed: boolean;
}
export const unsubscribeSchema = z.object({
  organizer_name: z.string(),
  email: z.string(),
  unsubscribed: z.boolean(),
}) satisfies z.ZodType<UnsubscribeDto>;
export const unsubscribeResponse = oneOf(unsubscribeSchema);
