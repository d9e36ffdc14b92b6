import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { listQuery, localDateTime, oneOf, pageOf, personRefSchema } from './common.js';

/** Who a message goes to (SPEC §3 Message). */
export const MESSAGE_RECIPIENT_TYPES = [
  'ALL_ATTENDEES',
  'TICKET_HOLDERS',
  'ALL_BUYERS',
  'ORDER_BUYER',
  'ATTENDEES',
] as const;
export type MessageRecipientType = (typeof MESSAGE_RECIPIENT_TYPES)[number];

export const MESSAGE_SUBJECT_MAX = 200;
/** The most attendees one message may pick by hand. */
export const MESSAGE_ATTENDEES_MAX = 500;

const ids = (max: number) => z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(max).default([]);

/** The audience of a message; the ids must be the event's own (checked on the server). */
const recipientShape = {
  recipient_type: z.enum(MESSAGE_RECIPIENT_TYPES),
  /** TICKET_HOLDERS: the tickets whose active holders receive it. */
  ticket_ids: ids(500),
  /** ORDER_BUYER: the order whose buyer receives it. */
  order_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  /** ATTENDEES: the chosen attendees. */
  attendee_ids: ids(MESSAGE_ATTENDEES_MAX),
};

/** Narrowing a message's audience by check-in state. */
export const MESSAGE_CHECK_IN_FILTERS = ['ANY', 'CHECKED_IN', 'NOT_CHECKED_IN'] as const;
export type MessageCheckInFilter = (typeof MESSAGE_CHECK_IN_FILTERS)[number];

/** A message's answer filter: those whose answer to the question is (or, for a choice of several, includes) a value. */
export interface MessageAnswerFilter {
  question_id: number;
  value: string;
}

/** Filters on the audience (ids checked on the server); buyers match through the tickets of their orders. */
const filterShape = {
  /** Only the tickets of these dates (empty: every date). */
  event_date_ids: ids(500),
  check_in: z.enum(MESSAGE_CHECK_IN_FILTERS).default('ANY'),
  answer_filter: z
    .object({
      question_id: z.number().int().positive().max(LIMITS.ID_MAX),
      value: z.string().trim().min(1).max(500),
    })
    .nullable()
    .default(null),
};

type RecipientFields = {
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  attendee_ids: number[];
};

function checkRecipients(v: RecipientFields, ctx: z.RefinementCtx) {
  if (v.recipient_type === 'TICKET_HOLDERS' && !v.ticket_ids.length)
    ctx.addIssue({ code: 'custom', path: ['ticket_ids'], ...customIssue('choose_tickets'), input: v.ticket_ids });
  if (v.recipient_type === 'ORDER_BUYER' && v.order_id === null)
    ctx.addIssue({ code: 'custom', path: ['order_id'], ...customIssue('required'), input: v.order_id });
  if (v.recipient_type === 'ATTENDEES' && !v.attendee_ids.length)
    ctx.addIssue({ code: 'custom', path: ['attendee_ids'], ...customIssue('required'), input: v.attendee_ids });
}

/** Compose and send a message (SPEC §5: it must be acknowledged as not promotional). */
export const sendMessageBody = z
  .object({
    subject: z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX),
    /** Rich HTML; sanitised on the server. */
    body: z.string().trim().min(1).max(LIMITS.DESCRIPTION_MAX),
    ...recipientShape,
    ...filterShape,
    /**
     * Send later: the wall-clock time in the event's time zone (null: now). Until then it can be changed or
     * cancelled; the audience is found when it goes.
     */
    send_at: localDateTime.nullable().default(null),
    /** Only to the sender's own address, nobody else. */
    is_test: z.boolean().default(false),
    send_copy_to_sender: z.boolean().default(false),
    acknowledged_not_promotional: z.literal(true, customIssue('not_promotional_required')),
  })
  .superRefine((v, ctx) => {
    checkRecipients(v, ctx);
    if (v.is_test && v.send_at !== null)
      ctx.addIssue({ code: 'custom', path: ['send_at'], ...customIssue('invalid'), input: v.send_at });
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** Comma-separated ids in a query string (`ticket_ids=1,2`). */
const csvIds = z
  .union([z.coerce.number().int().positive().max(LIMITS.ID_MAX), z.string().regex(/^\d+(,\d+)*$/)])
  .transform((v) => (typeof v === 'number' ? [v] : v.split(',').map(Number)))
  .pipe(z.array(z.number().int().positive().max(LIMITS.ID_MAX)));

/** How many people a choice of recipients reaches (the composer's live count). */
export const recipientCountQuery = z
  .object({
    recipient_type: z.enum(MESSAGE_RECIPIENT_TYPES),
    ticket_ids: csvIds.default([]),
    order_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
    attendee_ids: csvIds.default([]),
    event_date_ids: csvIds.default([]),
    check_in: z.enum(MESSAGE_CHECK_IN_FILTERS).default('ANY'),
    answer_question_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
    answer_value: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine(checkRecipients)
  .transform(({ answer_question_id, answer_value, ...v }) => ({
    ...v,
    answer_filter: answer_question_id && answer_value ? { question_id: answer_question_id, value: answer_value } : null,
  }));
export type RecipientCountQuery = z.input<typeof recipientCountQuery>;

/** The answer of the recipient count: people reached, one per e-mail address. */
export interface RecipientCountDto {
  count: number;
}
export const recipientCountSchema = z.object({ count: z.number().int() }) satisfies z.ZodType<RecipientCountDto>;
export const recipientCountResponse = oneOf(recipientCountSchema);

export const messageListQuery = listQuery(['created_at'], {});
export const messageParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  messageId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/** Delivery state of one e-mail: from its outbox row (PENDING/SENDING are QUEUED). */
export const MESSAGE_DELIVERY_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

export interface MessageCountsDto {
  sent: number;
  queued: number;
  failed: number;
}

/**
 * SCHEDULED: waits for its time (`send_at`); SENT: written to its audience; CANCELLED: cancelled before its time;
 * NOT_SENT: its time came and it could not go (`not_sent_reason`).
 */
export const MESSAGE_STATUSES = ['SCHEDULED', 'SENT', 'CANCELLED', 'NOT_SENT'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Why a scheduled message did not go: nobody matched then, or the account or sender could no longer message. */
export const MESSAGE_NOT_SENT_REASONS = ['NO_RECIPIENTS', 'NOT_ALLOWED'] as const;
export type MessageNotSentReason = (typeof MESSAGE_NOT_SENT_REASONS)[number];

/** A row of the message history. */
export interface MessageSummaryDto {
  id: number;
  status: MessageStatus;
  /** A scheduled message's time (an instant); null: sent when written. */
  send_at: string | null;
  not_sent_reason: MessageNotSentReason | null;
  event_date_ids: number[];
  check_in: MessageCheckInFilter;
  answer_filter: MessageAnswerFilter | null;
  subject: string;
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  /** The order's number for ORDER_BUYER (null once the order is gone). */
  order_number: string | null;
  attendee_ids: number[];
  /** E-mails written (copy to the sender included). */
  recipient_count: number;
  counts: MessageCountsDto;
  /**
   * The message is being sent gradually: its e-mails to addresses that count against the account's
   * hourly mail budget (typed in by the team, or from free and offline orders) wait for room in it, the
   * last until about this time. Null when none waits.
   */
  paced_until: string | null;
  is_test: boolean;
  send_copy_to_sender: boolean;
  sent_by: { id: number; name: string } | null;
  created_at: string;
}

export interface MessageRecipientDto {
  id: number;
  email: string;
  name: string | null;
  attendee_id: number | null;
  order_id: number | null;
  status: MessageDeliveryStatus;
  /** The last delivery problem (also while a retry is queued). */
  error: string | null;
  sent_at: string | null;
}

export interface MessageDetailDto extends MessageSummaryDto {
  /** Sanitised HTML. */
  body: string;
  recipients: MessageRecipientDto[];
}

// Response schemas of the message routes (`response`), each checked against its interface above.
export const messageCountsSchema = z.object({
  sent: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
}) satisfies z.ZodType<MessageCountsDto>;

export const messageSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(MESSAGE_STATUSES),
  send_at: z.string().nullable(),
  not_sent_reason: z.enum(MESSAGE_NOT_SENT_REASONS).nullable(),
  event_date_ids: z.array(z.number().int()),
  check_in: z.enum(MESSAGE_CHECK_IN_FILTERS),
  answer_filter: z.object({ question_id: z.number().int(), value: z.string() }).nullable(),
  subject: z.string(),
  recipient_type: z.enum(MESSAGE_RECIPIENT_TYPES),
  ticket_ids: z.array(z.number().int()),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  attendee_ids: z.array(z.number().int()),
  recipient_count: z.number().int(),
  counts: messageCountsSchema,
  paced_until: z
    .string()
    .nullable()
    .describe(
      "When the last e-mail held back by the account's hourly mail budget goes out (the message is sent gradually); null when none is held back",
    ),
  is_test: z.boolean(),
  send_copy_to_sender: z.boolean(),
  sent_by: personRefSchema.nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<MessageSummaryDto>;
export const messageListResponse = pageOf(messageSummarySchema);

export const messageRecipientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  attendee_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  status: z.enum(MESSAGE_DELIVERY_STATUSES),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
}) satisfies z.ZodType<MessageRecipientDto>;

export const messageDetailSchema = messageSummarySchema.extend({
  body: z.string(),
  recipients: z.array(messageRecipientSchema),
}) satisfies z.ZodType<MessageDetailDto>;
export const messageDetailResponse = oneOf(messageDetailSchema);
