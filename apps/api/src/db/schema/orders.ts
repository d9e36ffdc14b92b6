import type {
  AnswerValue,
  AttendeeStatus,
  BoxOfficeMethod,
  BuyerOrderStatus,
  InvoiceDetails,
  Locale,
  PaymentProvider,
  PaymentStatus,
  SalesChannel,
  UnitPrice,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { affiliates } from './affiliates.js';
import { boxOfficeShifts } from './box-office.js';
import { changeXid, instant, parsedJsonb, timestamps } from './columns.js';
import { eventDates } from './event-dates.js';
import { events } from './events.js';
import { promoCodes } from './promo-codes.js';
import { questions } from './questions.js';
import { seatingSeats } from './seating.js';
import { tickets, ticketTiers } from './tickets.js';

/**
 * An order: a checkout in progress (RESERVED, holding stock until `reserved_until`), then awaiting
 * payment, completed, cancelled... Money in minor units of `currency`.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Public and unguessable: in checkout and summary links. */
    short_id: text('short_id').notNull(),
    /** Human order number (also the payment reference of offline payments). */
    order_number: text('order_number').notNull(),
    /** SHA-256 of the checkout token that binds the checkout to the buyer's browser. */
    checkout_token_hash: text('checkout_token_hash').notNull(),
    /**
     * The order's secret: the buyer's order page and its API need it (docs/SECURITY.md). Random, at least
     * 128 bits (a reservation writes 192 from node:crypto; any other insert gets the database's 244 from
     * two strong random UUIDs). Kept as it is, not hashed: every later mail to the buyer (payment received,
     * refund, cancellation, a fresh link) must carry it, and it guards only what this same row holds.
     */
    secret: text('secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    /** When the buyer's link was last mailed on request (an old link's "send me a fresh link"); limits how often. */
    link_sent_at: instant('link_sent_at'),
    status: text('status').$type<BuyerOrderStatus>().notNull(),
    payment_status: text('payment_status').$type<PaymentStatus>().notNull(),
    payment_provider: text('payment_provider').$type<PaymentProvider>(),
    /** How the buyer paid at the provider (Mollie's method: ideal, bancontact, creditcard...; Stripe: card...). */
    payment_method: text('payment_method'),
    /** What the buyer's bank took back from the provider (chargebacks), in minor units. */
    charged_back_total: integer('charged_back_total').notNull().default(0),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount_total: integer('discount_total').notNull().default(0),
    fee_total: integer('fee_total').notNull().default(0),
    tax_total: integer('tax_total').notNull().default(0),
    total: integer('total').notNull(),
    refunded_total: integer('refunded_total').notNull().default(0),
    /** A refund sent to the payment provider and not yet answered (blocks another). */
    refund_pending_amount: integer('refund_pending_amount'),
    promo_code_id: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promo_code: text('promo_code'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    locale: text('locale').$type<Locale>().notNull(),
    /** RESERVED orders hold their stock until then. */
    reserved_until: instant('reserved_until'),
    /** How often the buyer extended the hold (at most MAX_HOLD_EXTENSIONS). */
    hold_extensions: integer('hold_extensions').notNull().default(0),
    /**
     * Set when a hold that ran out gave its units back (its attendees are then ABANDONED); cleared when
     * the buyer completes, pays or extends in time to take them again. Null while the units count.
     */
    hold_released_at: instant('hold_released_at'),
    /** Keyed hash of the buyer's client address, for the per-client fairness caps. */
    client_key: text('client_key'),
    /**
     * The provider's payment that paid the order: the one Stripe PaymentIntent of a card-paid order (created once,
     * reused), or the Mollie payment that paid it (its others are in provider_payments).
     */
    payment_intent_id: text('payment_intent_id'),
    is_manually_created: boolean('is_manually_created').notNull().default(false),
    /** Where it was sold; a box-office sale names its shift and how it was paid. */
    channel: text('channel').$type<SalesChannel>().notNull().default('ONLINE'),
    box_office_shift_id: integer('box_office_shift_id').references(() => boxOfficeShifts.id, { onDelete: 'set null' }),
    box_office_payment: jsonb('box_office_payment').$type<{
      method: BoxOfficeMethod;
      given?: number;
      reference?: string;
      reason?: string;
    }>(),
    /** An offline box-office sale: the id its device gave it, so a sale synced twice is written once. */
    box_office_client_id: text('box_office_client_id'),
    /** The affiliate whose link brought the buyer (`?aff=CODE`), kept through checkout. */
    affiliate_id: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    completed_at: instant('completed_at'),
    cancelled_at: instant('cancelled_at'),
    /** An offline order not paid by then is cancelled and its units return (null: no deadline). */
    payment_due_at: instant('payment_due_at'),
    /** The buyer agreed at checkout to one mail bringing them back should they not finish (modules/automations). */
    recovery_consent: boolean('recovery_consent').notNull().default(false),
    /** What the buyer gave for an invoice at checkout (company, address, VAT number); null: nothing. */
    invoice_details: jsonb('invoice_details').$type<InvoiceDetails>(),
    /** The token of that mail's link back to a checkout with the same choices (set when the mail is written). */
    recovery_token: text('recovery_token'),
    /** When the buyer was reminded of the payment deadline (once). */
    payment_reminded_at: instant('payment_reminded_at'),
    /** Incremental sync's position (set by a trigger: see `changeXid`). */
    change_xid: changeXid(),
    ...timestamps,
  },
  (t) => [
    // The deadline sweep: offline orders with a deadline, by deadline.
    index('orders_payment_due_idx')
      .on(t.payment_due_at)
      .where(sql`${t.status} = 'AWAITING_PAYMENT' and ${t.payment_due_at} is not null`),
    uniqueIndex('orders_short_id_unique').on(t.short_id),
    uniqueIndex('orders_recovery_token_unique')
      .on(t.recovery_token)
      .where(sql`${t.recovery_token} is not null`),
    // Checkouts left by buyers who agreed to a mail (the abandoned-checkout automation's look).
    index('orders_recovery_idx')
      .on(t.event_id, t.updated_at)
      .where(sql`${t.recovery_consent} and ${t.status} in ('RESERVED', 'ABANDONED')`),
    uniqueIndex('orders_number_unique').on(t.order_number),
    index('orders_event_status_idx').on(t.event_id, t.status, t.reserved_until),
    index('orders_checkout_idx').on(t.event_id, t.checkout_token_hash),
    index('orders_promo_idx').on(t.promo_code_id, t.status),
    uniqueIndex('orders_payment_intent_unique').on(t.payment_intent_id),
    index('orders_event_created_idx').on(t.event_id, t.created_at, t.id),
    // A buyer finding their orders by address (modules/order-lookup).
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_event_name_idx').on(t.event_id, t.last_name, t.id),
    index('orders_event_total_idx').on(t.event_id, t.total, t.id),
    index('orders_affiliate_idx').on(t.affiliate_id, t.status),
    index('orders_shift_idx')
      .on(t.box_office_shift_id, t.id)
      .where(sql`${t.box_office_shift_id} is not null`),
    uniqueIndex('orders_box_office_client_unique')
      .on(t.event_id, t.box_office_client_id)
      .where(sql`${t.box_office_client_id} is not null`),
    index('orders_client_idx')
      .on(t.event_id, t.client_key, t.created_at)
      .where(sql`${t.client_key} is not null`),
    // Holds still counting, by deadline: the expiry sweep reads only these.
    index('orders_live_holds_idx')
      .on(t.reserved_until)
      .where(sql`${t.status} in ('RESERVED', 'PROCESSING') and ${t.hold_released_at} is null`),
    // Incremental sync: an event's orders in the order of their last change (shared/sync.ts).
    index('orders_event_change_idx').on(t.event_id, t.change_xid, t.id),
  ],
);

/** One line of an order: a ticket (or tier) and how many, priced once at reservation. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    tier_id: integer('tier_id').references(() => ticketTiers.id),
    /** The date its units are for. */
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id),
    ticket_name: text('ticket_name').notNull(),
    tier_label: text('tier_label'),
    quantity: integer('quantity').notNull(),
    /** The priced unit (base, discount, fees, taxes, total), as the pricing rule computed it. */
    unit: jsonb('unit').$type<UnitPrice>().notNull(),
    total: integer('total').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

/** One admission: a unit of an order item, named at checkout. Created at reservation, so stock counts by rows. */
export const attendees = pgTable(
  'attendees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    tier_id: integer('tier_id').references(() => ticketTiers.id),
    /** The date this unit is for (its stock is counted there, and it admits on that date). */
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id),
    /** Public and unguessable: ticket links and the QR code. */
    short_id: text('short_id').notNull(),
    status: text('status').$type<AttendeeStatus>().notNull(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    locale: text('locale').$type<Locale>().notNull(),
    position: integer('position').notNull(),
    /** A unit of a ticket (a person to name, a QR, a check-in); false: of a general product, an order line only. */
    is_admission: boolean('is_admission').notNull().default(true),
    /** The rows of one pass (one per date it covers) share this id; null: not a pass. */
    pass_group: text('pass_group'),
    /** Its place on a seated event's plan (a seat, or a standing area); counted on `seat_dates` for its date. */
    seat_id: integer('seat_id').references(() => seatingSeats.id, { onDelete: 'set null' }),
    /** Current check-in state (history in `check_ins`); set with a conditional update, so one scanner wins. */
    checked_in_at: instant('checked_in_at'),
    checked_in_by: integer('checked_in_by'),
    /** Incremental sync's position (set by a trigger: see `changeXid`). */
    change_xid: changeXid(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attendees_short_id_unique').on(t.short_id),
    // The ticket code typed at the door, found in any case (attendee-query.ts: keep the expression identical).
    index('attendees_event_code_idx').on(t.event_id, sql`lower(${t.short_id})`),
    // The organizer's list sorts (with id as tie-breaker, so a page never overlaps the next).
    index('attendees_event_name_idx').on(t.event_id, t.last_name, t.first_name, t.id),
    index('attendees_event_created_idx').on(t.event_id, t.created_at, t.id),
    index('attendees_event_checked_in_idx').on(t.event_id, t.checked_in_at, t.id),
    index('attendees_order_idx').on(t.order_id),
    index('attendees_event_status_idx').on(t.event_id, t.status),
    // A date's attendees (the date filter, counting what a date holds, cancelling a date).
    index('attendees_date_status_idx').on(t.event_date_id, t.status),
    // A pass's rows (the door finds the one for its date from any of them).
    index('attendees_pass_group_idx')
      .on(t.pass_group)
      .where(sql`${t.pass_group} is not null`),
    // Who sits on a place (the seat list, moving a seat, a plan's seats deleted).
    index('attendees_seat_idx')
      .on(t.seat_id)
      .where(sql`${t.seat_id} is not null`),
    // Incremental sync: an event's attendees in the order of their last change (shared/sync.ts).
    index('attendees_event_change_idx').on(t.event_id, t.change_xid, t.id),
  ],
);

/** An answer to a question: per attendee (attendee questions) or per order. */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attendee_id: integer('attendee_id').references(() => attendees.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: parsedJsonb<AnswerValue>('answer').notNull(),
  },
  (t) => [index('question_answers_order_idx').on(t.order_id)],
);

/**
 * A file a buyer uploaded to answer a FILE question (checkout/answer-files.ts): kept private in file
 * storage under `storage_key` (a `private/` key, never served at /uploads), read by the organizer through
 * the order. `attendee_id` null: an order question. Until the details step names it in an answer it is
 * pending; a file no answer names when answers are saved, and the files of checkouts that never
 * completed, are deleted with their stored bytes (through `stored_file_deletions`).
 */
export const questionAnswerFiles = pgTable(
  'question_answer_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attendee_id: integer('attendee_id').references(() => attendees.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull().unique(),
    /** The buyer's file name, made safe (no path, no control characters, the extension of its real type). */
    name: text('name').notNull(),
    media_type: text('media_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('question_answer_files_order_idx').on(t.order_id),
    index('question_answer_files_event_idx').on(t.event_id),
    index('question_answer_files_question_idx').on(t.question_id),
  ],
);

/** The first answer to a request sent with an `Idempotency-Key`, returned again for repeats. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Hash of the request body, so a key reused for a different request is refused. */
    request_hash: text('request_hash').notNull(),
    status_code: integer('status_code'),
    response: jsonb('response'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);

/** Public page views, one per visitor per event per half hour (for the dashboard). */
export const eventPageViews = pgTable(
  'event_page_views',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    visitor_hash: text('visitor_hash').notNull(),
    /** Start of the half-hour window the view falls in. */
    bucket: instant('bucket').notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.visitor_hash, t.bucket] })],
);

/** Stripe webhook events already handled: each event id is processed once (repeats change nothing). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processed_at: instant('processed_at').notNull().defaultNow(),
});

/** What happened to an order, for the organizer's history (who, when, what). */
export type OrderEventKind =
  | 'RESERVED'
  | 'COMPLETED'
  | 'AWAITING_PAYMENT'
  | 'MARKED_PAID'
  | 'PAYMENT_SUCCEEDED'
  | 'PAYMENT_FAILED'
  | 'CANCELLED'
  | 'REFUND_REQUESTED'
  | 'REFUNDED'
  | 'REFUND_FAILED'
  | 'LATE_PAYMENT_REFUNDED'
  /** A second payment of an order already paid (the buyer paid twice at Mollie) went back at once. */
  | 'DUPLICATE_PAYMENT_REFUNDED'
  /** The buyer's bank took money back from the provider (a chargeback): data.amount, data.total, data.provider. */
  | 'CHARGEBACK'
  | 'BUYER_EDITED'
  /** The organizer corrected the buyer's invoice details (company, address, VAT number): data.changes. */
  | 'INVOICE_DETAILS_EDITED'
  | 'CONFIRMATION_RESENT'
  /** The organizer had the buyer's order link mailed to the buyer. */
  | 'LINK_SENT'
  | 'ATTENDEE_CANCELLED'
  | 'ATTENDEE_REACTIVATED'
  | 'ATTENDEE_EDITED'
  | 'ATTENDEE_MOVED'
  | 'TICKET_RESENT'
  | 'MESSAGE_SENT'
  | 'MANUALLY_CREATED'
  /** Sold at the box office (method, total, shift). */
  | 'BOX_OFFICE_SALE'
  | 'PAYMENT_REMINDED'
  | 'PAYMENT_OVERDUE'
  /** The organizer moved the order's date; its buyer (and holders) were told the new time. */
  | 'DATE_MOVED'
  /** The buyer moved their order to another date (self-service). */
  | 'DATE_EXCHANGED'
  /**
   * The price difference of the buyer's move to another date went back to the card (`reason`: `cheaper`;
   * `date_full` when a dearer date's payment arrived after it could no longer take the order; `replaced` when the
   * buyer paid a try they had replaced; `order_changed` when the order was changed meanwhile).
   */
  | 'EXCHANGE_REFUNDED'
  // The buyer's own changes from their order page (modules/self-service).
  | 'ATTENDEE_EDITED_BY_BUYER'
  | 'TICKET_RESENT_BY_BUYER'
  | 'TICKET_TRANSFERRED'
  | 'CANCELLED_BY_BUYER'
  /** The holder of a pass for any N dates picked one (a new ticket; modules/self-service/pass-picks.ts). */
  | 'PASS_DATE_PICKED'
  // The order holds a waitlist offer's units for the person it was made to (modules/waitlist).
  | 'WAITLIST_OFFERED';

export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    /** The organizer who did it (null: the buyer, Stripe or the system). */
    user_id: integer('user_id'),
    /** Details, e.g. `{ amount }` of a refund or `{ attendee_id }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.order_id, t.id)],
);

/**
 * Ticket codes that no longer admit because the ticket was passed on (modules/self-service/transfer.ts):
 * the ticket kept its row with a new code; a scan of the old one is answered TRANSFERRED (door devices
 * get the list with their offline data).
 */
export const retiredTicketCodes = pgTable(
  'retired_ticket_codes',
  {
    code: text('code').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    attendee_id: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    retired_at: instant('retired_at').notNull(),
  },
  (t) => [index('retired_ticket_codes_event_idx').on(t.event_id)],
);
