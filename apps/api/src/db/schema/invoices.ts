import type { InvoiceAddress, InvoiceData, InvoiceKind, Locale } from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant } from './columns.js';
import { events, organizers } from './events.js';
import { orders } from './orders.js';

/** Who issues an organizer's invoices and how they are numbered (modules/invoices). */
export const invoiceSettings = pgTable('invoice_settings', {
  organizer_id: integer('organizer_id')
    .primaryKey()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  legal_name: text('legal_name').notNull(),
  address: jsonb('address').$type<InvoiceAddress>().notNull(),
  vat_number: text('vat_number'),
  tax_number: text('tax_number'),
  contact_email: text('contact_email'),
  contact_phone: text('contact_phone'),
  prefix: text('prefix').notNull().default('INV-'),
  yearly_reset: boolean('yearly_reset').notNull().default(true),
  payment_terms_days: integer('payment_terms_days'),
  footer: text('footer'),
  updated_at: instant('updated_at').notNull(),
});

/**
 * The last number given in each of an organizer's series (`prefix` + year with a yearly reset). Raised in the
 * transaction that issues the invoice, under this row's lock: numbers are gapless (a rolled-back issue gives its
 * number back) and never given twice.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.series] })],
);

/** An issued invoice or cancellation invoice: never changed once written. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** A cancellation: the invoice it cancels. */
    cancels_id: integer('cancels_id'),
    series: text('series').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issued_at: instant('issued_at').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    tax_total: integer('tax_total').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.organizer_id, t.series, t.seq),
    index('invoices_order_idx').on(t.order_id),
    index('invoices_event_idx').on(t.event_id, t.id),
  ],
);
