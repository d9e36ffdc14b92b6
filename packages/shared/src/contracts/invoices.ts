import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { emailField, optionalText } from './common.js';
import { isValidCountry } from './event-edit.js';

const country = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isValidCountry(v), customIssue('invalid_value'));

/** A postal address on an invoice (the seller's, the buyer's). */
export const invoiceAddressSchema = z.object({
  address_line_1: optionalText(200),
  address_line_2: optionalText(200),
  zip_or_postal_code: optionalText(20),
  city: optionalText(100),
  state_or_region: optionalText(100),
  country,
});
export type InvoiceAddress = z.output<typeof invoiceAddressSchema>;

/** A VAT identification number as typed: spaces, dots and dashes are dropped, letters upper-cased. */
export const vatNumberField = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .transform((v) => (v ? v.replace(/[\s.-]/g, '').toUpperCase() : null));

/** An organizer's invoice settings: who issues the invoices and how they are numbered. */
export const invoiceSettingsBody = z.object({
  legal_name: z.string().trim().min(1).max(200),
  address: invoiceAddressSchema,
  vat_number: vatNumberField,
  /** A national tax number (Steuernummer, SIRET…) where the seller has one. */
  tax_number: optionalText(40),
  /** Where buyers' accounts departments reach the seller; e-invoices name them (XRechnung requires both). */
  contact_email: emailField.nullish().transform((v) => v ?? null),
  contact_phone: optionalText(40),
  /** Before the number: letters, digits, `-`, `_`, `/` (e.g. `INV-`); empty: none. */
  prefix: z
    .string()
    .trim()
    .max(16)
    .refine((v) => /^[A-Za-z0-9_/-]*$/.test(v), customIssue('invalid_value'))
    .default('INV-'),
  /** Numbers start again at 1 each year (the year is part of the number). */
  yearly_reset: z.boolean().default(true),
  /** Days an unpaid invoice is due in; null: due on receipt. */
  payment_terms_days: z.number().int().min(0).max(365).nullable().default(null),
  footer: optionalText(1000),
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBody>;

export interface InvoiceSettingsDto {
  legal_name: string;
  address: InvoiceAddress;
  vat_number: string | null;
  tax_number: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  prefix: string;
  yearly_reset: boolean;
  payment_terms_days: number | null;
  footer: string | null;
  /** What the next invoice's number will look like. */
  next_number: string;
}
export const invoiceSettingsSchema = z.object({
  legal_name: z.string(),
  address: z.object({
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    zip_or_postal_code: z.string().nullable(),
    city: z.string().nullable(),
    state_or_region: z.string().nullable(),
    country: z.string().nullable(),
  }),
  vat_number: z.string().nullable(),
  tax_number: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  prefix: z.string(),
  yearly_reset: z.boolean(),
  payment_terms_days: z.number().int().nullable(),
  footer: z.string().nullable(),
  next_number: z.string(),
}) satisfies z.ZodType<InvoiceSettingsDto>;

/**
 * A buyer's invoice details at checkout: whether they want an invoice (events that issue them on request), and the
 * company, address and VAT number to put on it (all optional for a private buyer).
 */
export const checkoutInvoiceBody = z.object({
  requested: z.boolean().default(false),
  company: optionalText(200),
  address: invoiceAddressSchema.optional(),
  vat_number: vatNumberField,
});
export type CheckoutInvoiceBody = z.input<typeof checkoutInvoiceBody>;

/** What a buyer gave for their invoice, as kept on the order. */
export interface InvoiceDetails {
  requested: boolean;
  company: string | null;
  address: InvoiceAddress | null;
  vat_number: string | null;
  /** The order's taxes were left out under the reverse-charge rule (docs/DOMAIN.md "Invoices"). */
  reverse_charge: boolean;
}
export const invoiceDetailsSchema = z.object({
  requested: z.boolean(),
  company: z.string().nullable(),
  address: invoiceSettingsSchema.shape.address.nullable(),
  vat_number: z.string().nullable(),
  reverse_charge: z.boolean(),
}) satisfies z.ZodType<InvoiceDetails>;

export const INVOICE_KINDS = ['INVOICE', 'CANCELLATION'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** An invoice as listed (the order page, the organizer's order). */
export interface InvoiceSummaryDto {
  id: number;
  number: string;
  kind: InvoiceKind;
  /** A cancellation: the number of the invoice it cancels. */
  cancels: string | null;
  issued_at: string;
  currency: string;
  /** Minor units (a cancellation's are negative). */
  total: number;
  tax_total: number;
  /**
   * It can be had as an e-invoice (`E_INVOICE_FORMATS`): the buyer gave an address and an e-mail, the seller has a
   * contact e-mail, and every line has one VAT rate. Its PDF is then a Factur-X/ZUGFeRD one.
   */
  e_invoice: boolean;
}
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  cancels: z.string().nullable(),
  issued_at: z.string(),
  currency: z.string(),
  total: z.number().int(),
  tax_total: z.number().int(),
  e_invoice: z.boolean(),
}) satisfies z.ZodType<InvoiceSummaryDto>;

/**
 * An invoice's structured forms (EN 16931): XRechnung 3.0 in its two syntaxes (CII, UBL) and Peppol BIS Billing 3.0
 * (UBL). The PDF itself, where possible, is Factur-X/ZUGFeRD (EN 16931 profile: PDF/A-3 with the CII XML inside).
 */
export const E_INVOICE_FORMATS = ['xrechnung-cii', 'xrechnung-ubl', 'peppol'] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];
export const eInvoiceQuery = z.object({ format: z.enum(E_INVOICE_FORMATS) });

export const invoiceParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  invoiceId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export const publicInvoiceParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  shortId: z.string().min(1).max(40),
  invoiceId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/**
 * What an invoice says, fixed when it is issued (an invoice never changes: a change is a cancellation and a new one).
 * Amounts in minor units of `currency`; a cancellation's are the cancelled invoice's, negated. Labels are not kept:
 * the PDF writes them in `locale`.
 */
export interface InvoiceData {
  seller: {
    legal_name: string;
    address: InvoiceAddress;
    vat_number: string | null;
    tax_number: string | null;
    /** Absent on invoices issued before the settings had them. */
    contact_email?: string | null;
    contact_phone?: string | null;
  };
  buyer: {
    name: string;
    company: string | null;
    email: string | null;
    address: InvoiceAddress | null;
    vat_number: string | null;
  };
  order_number: string;
  event_title: string;
  /** When the service is rendered: the start of the order's (first) date, ISO. */
  service_date: string;
  timezone: string;
  lines: Array<{
    /** The ticket or product (with its tier); empty on the refund line. */
    description: string;
    /** What went back to the buyer (negative amounts). */
    refund?: boolean;
    quantity: number;
    /** Before tax, per unit. */
    unit_net: number;
    net: number;
    tax: number;
    gross: number;
    /** The percentage of tax on this line, when it has one rate; null: none or several. */
    tax_rate: number | null;
  }>;
  /** Tax per rate (or per fixed tax): the base it was charged on and the amount. */
  taxes: Array<{ name: string; rate: number | null; base: number; amount: number }>;
  net_total: number;
  tax_total: number;
  total: number;
  /** The buyer accounts for the VAT (the order was sold without it). */
  reverse_charge: boolean;
  /** Days the invoice is due in (null: due on receipt); only on an invoice of an order not yet paid. */
  due_days: number | null;
  paid: boolean;
  footer: string | null;
}

export const invoiceSettingsResponse = z.object({ data: invoiceSettingsSchema.nullable() });
export const invoiceListResponse = z.object({ data: z.array(invoiceSummarySchema) });
