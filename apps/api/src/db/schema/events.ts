import {
  type BuyerCancellation,
  CLIENT_HOLD_LIMIT_DEFAULT,
  CLIENT_RESERVATION_LIMIT_DEFAULT,
  type ContentTranslations,
  type CoverDisplay,
  type DateExchanges,
  type EventColors,
  type EventLocation,
  type EventStatus,
  type EventTexts,
  type InvoiceMode,
  type PriceDisplayMode,
  type TicketTransfers,
  WAITLIST_OFFER_HOURS_DEFAULT,
  type WaitlistOfferMode,
} from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';

/** Who runs events: shown to buyers on event pages and e-mails. */
export const organizers = pgTable(
  'organizers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    description: text('description'),
    website: text('website'),
    ...timestamps,
  },
  (t) => [index('organizers_account_idx').on(t.account_id)],
);

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Sanitised HTML. */
    description: text('description'),
    status: text('status').$type<EventStatus>().notNull().default('DRAFT'),
    start_date: instant('start_date').notNull(),
    end_date: instant('end_date'),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    is_online: boolean('is_online').notNull().default(false),
    /** Sanitised HTML: how to join an online event. */
    online_details: text('online_details'),
    location: jsonb('location').$type<Partial<EventLocation>>().notNull().default({}),
    /** Copied from the account's event defaults when the event is created. */
    order_timeout_minutes: integer('order_timeout_minutes').notNull().default(15),
    support_email: text('support_email'),
    /** Sanitised HTML. */
    email_footer_message: text('email_footer_message'),
    colors: jsonb('colors').$type<EventColors>(),
    notify_organizer_of_new_orders: boolean('notify_organizer_of_new_orders').notNull().default(true),
    seo_title: text('seo_title'),
    seo_description: text('seo_description'),
    seo_keywords: text('seo_keywords'),
    /** Title, description and checkout messages in other languages (`inLanguage`); blank: as written. */
    translations: jsonb('translations').$type<ContentTranslations<EventTexts>>().notNull().default({}),
    allow_search_engine_indexing: boolean('allow_search_engine_indexing').notNull().default(true),
    /** Sanitised HTML. */
    pre_checkout_message: text('pre_checkout_message'),
    /** Sanitised HTML. */
    post_checkout_message: text('post_checkout_message'),
    show_remaining_tickets: boolean('show_remaining_tickets').notNull().default(false),
    price_display_mode: text('price_display_mode').$type<PriceDisplayMode>().notNull().default('EXCLUSIVE'),
    cover_display: text('cover_display').$type<CoverDisplay>().notNull().default('COVER'),
    offline_payments_enabled: boolean('offline_payments_enabled').notNull().default(false),
    /** When its orders get an invoice (modules/invoices): never, on the buyer's request, always. */
    invoice_mode: text('invoice_mode').$type<InvoiceMode>().notNull().default('NONE'),
    /** The online payment options buyers see ('stripe', 'mollie.ideal'...); null: all the connected providers offer. */
    payment_options: text('payment_options').array(),
    /** Sanitised HTML. */
    offline_payment_instructions: text('offline_payment_instructions'),
    /** An offline order must be paid within this many days of being placed (null: no such limit). */
    offline_payment_days: integer('offline_payment_days'),
    /** ...and by this instant at the latest (null: no date); the earlier of the two applies. */
    offline_payment_deadline: instant('offline_payment_deadline'),
    /** Fairness: ticket units one client address may hold at once in unfinished checkouts (null: no cap). */
    client_hold_limit: integer('client_hold_limit').default(CLIENT_HOLD_LIMIT_DEFAULT),
    /** Fairness: reservations one client address (or checkout) may make per minute (null: no cap). */
    client_reservation_limit: integer('client_reservation_limit').default(CLIENT_RESERVATION_LIMIT_DEFAULT),
    /** Buyers may correct attendee details (names, e-mails, answers the organizer lets them change)... */
    attendee_edits_enabled: boolean('attendee_edits_enabled').notNull().default(true),
    /** ...until this many hours before the start (0: until the start). */
    attendee_edit_cutoff_hours: integer('attendee_edit_cutoff_hours').notNull().default(24),
    /** Buyers may pass a ticket on to another person (a new QR code; the old one stops admitting). */
    ticket_transfers: text('ticket_transfers').$type<TicketTransfers>().notNull().default('OFF'),
    /** Transfers close this many hours before the start (0: at the start). */
    ticket_transfer_cutoff_hours: integer('ticket_transfer_cutoff_hours').notNull().default(0),
    /** Buyers may move their order to another date of the event (where each ticket costs the same). */
    date_exchanges: text('date_exchanges').$type<DateExchanges>().notNull().default('OFF'),
    /** Exchanges close this many hours before the start of the order's date (0: at the start). */
    date_exchange_cutoff_hours: integer('date_exchange_cutoff_hours').notNull().default(24),
    /** Whether buyers may cancel their order: not at all, free orders only, or also paid ones with a refund. */
    buyer_cancellation: text('buyer_cancellation').$type<BuyerCancellation>().notNull().default('NOT_ALLOWED'),
    /** Cancelling closes this many hours before the start. */
    buyer_cancellation_cutoff_hours: integer('buyer_cancellation_cutoff_hours').notNull().default(48),
    /** Waitlist offers go out by themselves when units come back (AUTOMATIC) or when the organizer sends them. */
    waitlist_offer_mode: text('waitlist_offer_mode').$type<WaitlistOfferMode>().notNull().default('AUTOMATIC'),
    /** How long an offer holds its units for the person it is made to. */
    waitlist_offer_hours: integer('waitlist_offer_hours').notNull().default(WAITLIST_OFFER_HOURS_DEFAULT),
    ...timestamps,
  },
  (t) => [
    index('events_account_start_idx').on(t.account_id, t.start_date),
    index('events_organizer_idx').on(t.organizer_id),
  ],
);
