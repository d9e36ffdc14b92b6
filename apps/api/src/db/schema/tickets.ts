import type { ContentTranslations, ProductType, TicketTexts, TicketType } from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { events } from './events.js';
import { productCategories } from './product-categories.js';
import { taxesAndFees } from './taxes.js';

/** A kind of ticket of an event. Money in minor units of the event currency, excluding taxes and fees. */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The category it is listed under (one of its event's). */
    category_id: integer('category_id')
      .notNull()
      .references(() => productCategories.id),
    name: text('name').notNull(),
    /** Sanitised HTML. */
    description: text('description'),
    /** Plain text for this ticket's confirmation and ticket mails (what to bring, where to enter). */
    mail_text: text('mail_text'),
    /** Name and description in other languages; blank: as written. */
    translations: jsonb('translations').$type<ContentTranslations<TicketTexts>>().notNull().default({}),
    type: text('type').$type<TicketType>().notNull(),
    /**
     * TICKET admits a person (attendee details, QR, check-in); GENERAL does not (merchandise, parking, add-ons,
     * donations).
     */
    product_type: text('product_type').$type<ProductType>().notNull().default('TICKET'),
    /** A general product sold only with tickets: at most this many per ticket in the order (null: sold on its own). */
    addon_max_per_ticket: integer('addon_max_per_ticket'),
    price: integer('price'),
    min_price: integer('min_price'),
    /** null: unlimited. */
    quantity: integer('quantity'),
    sale_start: instant('sale_start'),
    sale_end: instant('sale_end'),
    min_per_order: integer('min_per_order').notNull().default(1),
    max_per_order: integer('max_per_order'),
    is_hidden: boolean('is_hidden').notNull().default(false),
    hide_when_sold_out: boolean('hide_when_sold_out').notNull().default(false),
    hide_before_sale_start: boolean('hide_before_sale_start').notNull().default(false),
    hide_after_sale_end: boolean('hide_after_sale_end').notNull().default(false),
    /** Sold out, buyers may join a waitlist; while anyone waits, units that come back are theirs first. */
    waitlist_enabled: boolean('waitlist_enabled').notNull().default(false),
    requires_promo_code: boolean('requires_promo_code').notNull().default(false),
    /** Sales channels: sold online (event page, widget, API), at the box office, or both (never neither). */
    sold_online: boolean('sold_online').notNull().default(true),
    sold_at_box_office: boolean('sold_at_box_office').notNull().default(true),
    /** PAID: its price at the box office when that differs (null: `price`). */
    box_office_price: integer('box_office_price'),
    /**
     * A pass: one purchase admits on every date the ticket is sold on that is still ahead (docs/DOMAIN.md,
     * "Passes"), taking a unit on each.
     */
    is_pass: boolean('is_pass').notNull().default(false),
    /** A pass priced by the dates that remain: its price times the share of its dates still ahead. */
    pass_prorated: boolean('pass_prorated').notNull().default(false),
    /**
     * A pass for any N of its dates, picked by the holder after buying (null: every date). Buying takes nothing; each
     * pick takes a unit on its date.
     */
    pass_picks: integer('pass_picks'),
    sort_order: integer('sort_order').notNull().default(0),
    /**
     * What a ticket has taken is kept per date (`ticket_dates.taken`; its sum is the ticket's): the ticket's
     * row is only share-locked by a sale (its version checked), so the dates of a run sell side by side.
     * Bumped by every change to what limits this ticket (its own edit, a capacity assignment covering it
     * or no longer covering it): a checkout that read an older version retries with a fresh catalogue.
     */
    stock_version: integer('stock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('tickets_event_idx').on(t.event_id, t.sort_order)],
);

/** A price tier of a tiered ticket (early bird, regular, ...). */
export const ticketTiers = pgTable(
  'ticket_tiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity'),
    sale_start: instant('sale_start'),
    sale_end: instant('sale_end'),
    is_hidden: boolean('is_hidden').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  // What a tier took is kept per date (`tier_dates`).
  (t) => [index('ticket_tiers_ticket_idx').on(t.ticket_id)],
);

/** Which taxes and fees a ticket carries. Deleting a tax or fee detaches it from its tickets. */
export const ticketTaxes = pgTable(
  'ticket_taxes_and_fees',
  {
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tax_and_fee_id: integer('tax_and_fee_id')
      .notNull()
      .references(() => taxesAndFees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticket_id, t.tax_and_fee_id] }), index('ticket_taxes_tax_idx').on(t.tax_and_fee_id)],
);
