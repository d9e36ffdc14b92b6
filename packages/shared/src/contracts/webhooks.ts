import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { listQuery, oneOf, pageOf } from './common.js';

// ---------------------------------------------------------------------------------------------
// Outgoing webhooks: per account (optionally one event), a URL is sent the events it subscribes to,
// signed with its secret, from an outbox written in the same transaction as the change.
// ---------------------------------------------------------------------------------------------

/** What a webhook may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.completed',
  'order.updated',
  'order.marked_as_paid',
  'order.refunded',
  'order.cancelled',
  'attendee.created',
  'attendee.updated',
  'attendee.cancelled',
  'checkin.created',
  'checkin.deleted',
  'product.created',
  'product.updated',
  'product.deleted',
  'waitlist.offered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the event "Send test event" sends (subscribed or not). */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

/**
 * PENDING: waiting for its (next) attempt; SENDING: an attempt is under way; SUCCEEDED: a 2xx answer;
 * FAILED: no 2xx answer within 3 days of retries (it can be sent again by hand).
 */
export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Headers of every delivery (see the guide at /api/docs: "Webhooks"). */
export const WEBHOOK_HEADERS = {
  id: 'AdmitOne-Event-Id',
  type: 'AdmitOne-Event-Type',
  timestamp: 'AdmitOne-Timestamp',
  signature: 'AdmitOne-Signature',
  attempt: 'AdmitOne-Delivery-Attempt',
} as const;

/**
 * The Standard Webhooks headers (standardwebhooks.com) of every delivery: the message id (the event id,
 * the same in every attempt), Unix seconds, and `v1,<base64>` signatures of `<id>.<timestamp>.<body>`.
 * `WEBHOOK_HEADERS.signature` is deprecated: still sent, until the end of 2027.
 */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
/** Until when `AdmitOne-Signature` is still sent beside the Standard Webhooks signature. */
export const LEGACY_SIGNATURE_UNTIL = '2027-12-31';

const urlField = z
  .string()
  .trim()
  .max(LIMITS.URL_MAX)
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), customIssue('invalid_url'));

/** A webhook as created or edited: the URL, what it receives, optionally one event only. */
export const webhookBody = z.object({
  url: urlField,
  description: z.string().trim().max(200).default(''),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, customIssue('choose_event_types'))
    .max(WEBHOOK_EVENT_TYPES.length),
  /** Only this event's changes; null: every event of the account. */
  event_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;

/** A webhook as the Webhooks screen shows it (never its secret). */
export interface WebhookDto {
  id: number;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  event_id: number | null;
  /** The event's title when limited to one. */
  event_title: string | null;
  enabled: boolean;
  /**
   * Turned off by the system after failing for long (the admins were mailed); null when on, or turned off by a person.
   */
  disabled_reason: 'FAILURES' | null;
  /** Failed attempts in a row (0 after a success). */
  failure_streak: number;
  last_delivery: { state: WebhookDeliveryState; status_code: number | null; at: string } | null;
  created_at: string;
}

/** The answer to creating a webhook or rotating its secret: the secret once. */
export interface WebhookWithSecretDto extends WebhookDto {
  secret: string;
}

/** One try to deliver an event. */
export interface WebhookAttemptDto {
  at: string;
  /** The answer's HTTP status; null when none came (refused address, connection error, timeout). */
  status_code: number | null;
  duration_ms: number;
  /** Why no answer came, or why it was not sent. */
  error: string | null;
  /** The first characters of the answer's body. */
  response_excerpt: string | null;
}

/** An event sent (or to be sent) to a webhook, with its attempts. */
export interface WebhookDeliveryDto {
  id: number;
  /** The event's id, the same in every attempt and resend (receivers de-duplicate with it). */
  event_id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_TYPE;
  state: WebhookDeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  last_attempt: WebhookAttemptDto | null;
}

export interface WebhookDeliveryDetailDto extends WebhookDeliveryDto {
  /** The body sent (null until the first attempt builds it). */
  payload: unknown;
  attempt_log: WebhookAttemptDto[];
}

export const webhookDeliveryListQuery = listQuery(['created_at'] as const, { state: z.enum(WEBHOOK_DELIVERY_STATES) });
export const webhookParams = z.object({ id: z.coerce.number().int().positive().max(LIMITS.ID_MAX) });
export const webhookDeliveryParams = webhookParams.extend({
  deliveryId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

const deliveryStateSchema = z.enum(WEBHOOK_DELIVERY_STATES);
const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  event_id: z.number().int().nullable(),
  event_title: z.string().nullable(),
  enabled: z.boolean(),
  disabled_reason: z.literal('FAILURES').nullable(),
  failure_streak: z.number().int(),
  last_delivery: z
    .object({
      state: deliveryStateSchema,
      status_code: z.number().int().nullable(),
      at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  created_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<WebhookDto>;
const attemptSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
}) satisfies z.ZodType<WebhookAttemptDto>;
const deliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_TEST_TYPE)]),
  state: deliveryStateSchema,
  attempts: z.number().int(),
  next_attempt_at: z.iso.datetime({ offset: true }).nullable(),
  delivered_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  last_attempt: attemptSchema.nullable(),
}) satisfies z.ZodType<WebhookDeliveryDto>;

export const webhookListResponse = z.object({ data: z.array(webhookSchema) });
export const webhookResponse = oneOf(webhookSchema);
export const webhookWithSecretResponse = oneOf(
  webhookSchema.extend({ secret: z.string() }) satisfies z.ZodType<WebhookWithSecretDto>,
);
export const webhookDeliveryListResponse = pageOf(deliverySchema);
export const webhookDeliveryResponse = oneOf(
  deliverySchema.extend({
    payload: z.unknown(),
    attempt_log: z.array(attemptSchema),
  }) satisfies z.ZodType<WebhookDeliveryDetailDto>,
);
export const webhookDeliveryCreatedResponse = oneOf(deliverySchema);
