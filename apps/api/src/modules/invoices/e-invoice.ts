import {
  currencyExponent,
  type EInvoiceFormat,
  type InvoiceAddress,
  type InvoiceData,
  type Locale,
} from '@admitone/shared';
import type { Invoice } from '@e-invoice-eu/core';

import { utcToZoned } from '../../shared/dates.js';
import { negated } from './invoice-draft.js';
import { invoicePdf, type InvoicePdfInput } from './invoice-pdf.js';

/**
 * Invoices as EN 16931 e-invoices (docs/DOMAIN.md "Invoices"), made with `@e-invoice-eu/core` from what the invoice
 * said when it was issued: XRechnung 3.0 (CII or UBL), Peppol BIS Billing 3.0 (UBL), and the Factur-X/ZUGFeRD PDF
 * (PDF/A-3 with the CII XML inside).
 */

type Party = Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party'];
type Line = Invoice['ubl:Invoice']['cac:InvoiceLine'][number];
type Subtotal = NonNullable<Invoice['ubl:Invoice']['cac:TaxTotal'][0]['cac:TaxSubtotal']>[number];
type Allowance = NonNullable<Invoice['ubl:Invoice']['cac:AllowanceCharge']>[number];
type Country = Party['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];
type Currency = Invoice['ubl:Invoice']['cbc:DocumentCurrencyCode'];
/** VAT categories of EN 16931 that we use: standard, reverse charge, exempt, not subject to VAT. */
type Category = 'S' | 'AE' | 'E' | 'O';

const PEPPOL_BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const LIBRARY_FORMAT: Record<EInvoiceFormat | 'factur-x', string> = {
  'xrechnung-cii': 'XRECHNUNG-CII',
  'xrechnung-ubl': 'XRECHNUNG-UBL',
  peppol: 'UBL',
  'factur-x': 'Factur-X-EN16931',
};
/** Why a VAT category carries no tax, as EN 16931 wants it said (code list VATEX). */
const EXEMPTION: Partial<Record<Category, { code: string; reason: string }>> = {
  AE: { code: 'VATEX-EU-AE', reason: 'Reverse charge' },
  E: { code: 'VATEX-EU-132', reason: 'Exempt from VAT' },
  O: { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
};

/**
 * Whether the invoice can be an EN 16931 e-invoice, and so its PDF a Factur-X one: the buyer's postal address has a
 * country (BT-55 is required), and each line has at most one tax, a percentage (EN 16931 knows VAT rates, not fixed
 * fees).
 */
export function facturXPossible(data: InvoiceData): boolean {
  return Boolean(data.buyer.address?.country) && data.lines.every((l) => l.refund || l.tax_rate !== null);
}

/**
 * Whether it can also be sent as XRechnung or Peppol XML: these need both parties' electronic addresses (the
 * seller's contact e-mail, kept on invoices since the settings had one; the buyer's e-mail).
 */
export function eInvoicePossible(data: InvoiceData): boolean {
  return facturXPossible(data) && Boolean(data.seller.contact_email && data.buyer.email);
}

/** The e-invoice of an issued invoice in `format`: XML text, or the Factur-X PDF when `pdf` (our own) is given. */
export async function eInvoice(
  doc: InvoicePdfInput,
  format: EInvoiceFormat | 'factur-x',
  lang: string,
  pdf?: Buffer,
): Promise<string | Uint8Array> {
  // Loaded on first use: the library (with its spreadsheet and PDF parts) is large, and most processes never need it.
  const { InvoiceService } = await import('@e-invoice-eu/core');
  const service = new InvoiceService(SILENT);
  return service.generate(eInvoiceData(doc, format), {
    format: LIBRARY_FORMAT[format],
    lang: lang.toLowerCase(),
    noWarnings: true,
    ...(pdf ? { pdf: { buffer: pdf, filename: `${fileName(doc.number)}.pdf`, mimetype: 'application/pdf' } } : {}),
  });
}

/**
 * The invoice's PDF in `locale`: a Factur-X/ZUGFeRD one (PDF/A-3 with its EN 16931 XML attached) when it can be an
 * e-invoice, which any PDF reader shows as usual and an accounting system reads without typing; else the plain one.
 */
export async function invoiceDocument(doc: InvoicePdfInput, locale: Locale, log?: Logger): Promise<Buffer> {
  const pdf = await invoicePdf(doc, locale);
  if (!facturXPossible(doc.data)) return pdf;
  try {
    return Buffer.from((await eInvoice(doc, 'factur-x', locale, pdf)) as Uint8Array);
  } catch (err) {
    // The invoice itself never waits on its structured copy: the plain PDF, and the reason in the log.
    log?.error({ err, invoice: doc.number }, 'Factur-X PDF not made');
    return pdf;
  }
}

interface Logger {
  error(obj: object, msg: string): void;
}

export const fileName = (number: string) => number.replace(/[^\w.-]+/g, '-');

const SILENT = { log() {}, warn() {}, error() {} };

/**
 * The invoice in the library's form (UBL element names, EN 16931 business terms). A cancellation is a credit note
 * (381) with the cancelled invoice's amounts, positive, referring to it; a refund on an invoice is an allowance per
 * VAT rate ("refunded to the buyer"), since an item's price may not be negative.
 */
export function eInvoiceData(doc: InvoicePdfInput, format: EInvoiceFormat | 'factur-x'): Invoice {
  const credit = doc.kind === 'CANCELLATION';
  const d = credit ? negated(doc.data) : doc.data;
  const currency = doc.currency as Currency;
  const digits = currencyExponent(doc.currency);
  const amount = (minor: number) => (minor / 10 ** digits).toFixed(digits);
  const day = (at: Date | string) => utcToZoned(new Date(at), d.timezone).slice(0, 10);
  const sellerHasTaxId = Boolean(d.seller.vat_number || d.seller.tax_number);
  const categoryOf = (rate: number): Category =>
    d.reverse_charge ? 'AE' : rate > 0 ? 'S' : sellerHasTaxId ? 'E' : 'O';
  const taxCategory = (cat: Category, rate: number) => ({
    'cbc:ID': cat,
    ...(cat === 'O' ? {} : { 'cbc:Percent': String(rate) }),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  });

  // Lines as sold, grouped by VAT category and rate for the breakdown.
  const sold = d.lines.filter((l) => !l.refund);
  const groups = new Map<string, { cat: Category; rate: number; net: number; tax: number; refund: number }>();
  const lines: Line[] = sold.map((l, i) => {
    const rate = l.tax_rate ?? 0;
    const cat = categoryOf(rate);
    const key = `${cat}|${rate}`;
    const g = groups.get(key) ?? { cat, rate, net: 0, tax: 0, refund: 0 };
    g.net += l.net;
    groups.set(key, g);
    return {
      'cbc:ID': String(i + 1),
      'cbc:InvoicedQuantity': String(l.quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': amount(l.net),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cac:Item': {
        'cbc:Name': l.description || d.event_title,
        'cac:ClassifiedTaxCategory': taxCategory(cat, rate),
      },
      'cac:Price': { 'cbc:PriceAmount': amount(l.unit_net), 'cbc:PriceAmount@currencyID': currency },
    } as Line;
  });
  // What is left taxed per rate (the taxes after the refund), so the refund's net per rate is what the lines lost.
  for (const t of d.taxes) {
    const g = [...groups.values()].find((x) => x.rate === t.rate && x.cat === categoryOf(t.rate ?? 0));
    if (g) g.tax += t.amount;
  }
  const refundLine = d.lines.find((l) => l.refund);
  if (refundLine) {
    let left = -refundLine.net;
    const rated = [...groups.values()].filter((g) => g.cat === 'S');
    for (const g of rated) {
      const base = d.taxes.filter((t) => t.rate === g.rate).reduce((s, t) => s + t.base, 0);
      g.refund = g.net - base;
      left -= g.refund;
    }
    // The untaxed lines take the rest (or the largest rate, when all are taxed: a rounding cent).
    const rest = [...groups.values()].find((g) => g.cat !== 'S') ?? rated.sort((a, b) => b.net - a.net)[0];
    if (rest) rest.refund += left;
  }
  const allowances: Allowance[] = [...groups.values()]
    .filter((g) => g.refund !== 0)
    .map((g) => ({
      'cbc:ChargeIndicator': 'false',
      'cbc:AllowanceChargeReason': 'Refunded to the buyer',
      'cbc:Amount': amount(g.refund),
      'cbc:Amount@currencyID': currency,
      'cac:TaxCategory': taxCategory(g.cat, g.rate),
    }));
  const subtotals: Subtotal[] = [...groups.values()].map((g) => ({
    'cbc:TaxableAmount': amount(g.net - g.refund),
    'cbc:TaxableAmount@currencyID': currency,
    'cbc:TaxAmount': amount(g.tax),
    'cbc:TaxAmount@currencyID': currency,
    'cac:TaxCategory': {
      ...taxCategory(g.cat, g.rate),
      ...(EXEMPTION[g.cat]
        ? {
            'cbc:TaxExemptionReasonCode': EXEMPTION[g.cat]!.code,
            'cbc:TaxExemptionReason': EXEMPTION[g.cat]!.reason,
          }
        : {}),
    },
  }));
  const lineTotal = sold.reduce((s, l) => s + l.net, 0);
  const refundTotal = allowances.length ? [...groups.values()].reduce((s, g) => s + g.refund, 0) : 0;
  const paid = !credit && d.paid;
  const due = !credit && !d.paid && d.due_days !== null ? day(addDays(doc.issued_at, d.due_days)) : null;

  const notes = [`Event: ${d.event_title}`];
  if (d.reverse_charge)
    notes.push('Reverse charge: the recipient accounts for the VAT (Art. 196 of Directive 2006/112/EC).');
  if (d.footer) notes.push(d.footer);

  const invoice: Invoice = {
    'ubl:Invoice': {
      ...(format === 'peppol' ? { 'cbc:CustomizationID': PEPPOL_BILLING } : {}),
      'cbc:ID': doc.number,
      'cbc:IssueDate': day(doc.issued_at),
      ...(due ? { 'cbc:DueDate': due } : {}),
      'cbc:InvoiceTypeCode': credit ? '381' : '380',
      // One note: Peppol allows no more, and the CII of the EN 16931 profile holds one text per note.
      'cbc:Note': [notes.join('\n')],
      'cbc:DocumentCurrencyCode': currency,
      // XRechnung asks for the buyer's reference (BT-10); without a purchase order, the order number is the one.
      'cbc:BuyerReference': d.order_number,
      ...(credit && doc.cancels
        ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.cancels } }] }
        : {}),
      'cac:AccountingSupplierParty': { 'cac:Party': seller(d) },
      'cac:AccountingCustomerParty': { 'cac:Party': buyer(d) },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': day(d.service_date) },
      'cac:PaymentMeans': [
        { 'cbc:PaymentMeansCode': '1', 'cbc:PaymentID': d.order_number },
      ] as Invoice['ubl:Invoice']['cac:PaymentMeans'],
      ...(due ? { 'cac:PaymentTerms': { 'cbc:Note': `Payable by ${due}` } } : {}),
      ...(allowances.length ? { 'cac:AllowanceCharge': allowances } : {}),
      'cac:TaxTotal': [
        { 'cbc:TaxAmount': amount(d.tax_total), 'cbc:TaxAmount@currencyID': currency, 'cac:TaxSubtotal': subtotals },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(lineTotal),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': amount(d.net_total),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': amount(d.total),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        ...(refundTotal
          ? { 'cbc:AllowanceTotalAmount': amount(refundTotal), 'cbc:AllowanceTotalAmount@currencyID': currency }
          : {}),
        ...(paid ? { 'cbc:PrepaidAmount': amount(d.total), 'cbc:PrepaidAmount@currencyID': currency } : {}),
        'cbc:PayableAmount': amount(paid ? 0 : d.total),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': lines as Invoice['ubl:Invoice']['cac:InvoiceLine'],
    },
  };
  return invoice;
}

function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 86_400_000);
}

function postalAddress(a: InvoiceAddress): Party['cac:PostalAddress'] {
  return {
    ...(a.address_line_1 ? { 'cbc:StreetName': a.address_line_1 } : {}),
    ...(a.address_line_2 ? { 'cbc:AdditionalStreetName': a.address_line_2 } : {}),
    ...(a.city ? { 'cbc:CityName': a.city } : {}),
    ...(a.zip_or_postal_code ? { 'cbc:PostalZone': a.zip_or_postal_code } : {}),
    ...(a.state_or_region ? { 'cbc:CountrySubentity': a.state_or_region } : {}),
    'cac:Country': { 'cbc:IdentificationCode': a.country as Country },
  };
}

function seller(d: InvoiceData): Party {
  const s = d.seller;
  const schemes = [
    ...(s.vat_number ? [{ 'cbc:CompanyID': s.vat_number, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    // A national tax number is the seller's tax registration (BT-32), told apart from the VAT number by its scheme.
    ...(s.tax_number ? [{ 'cbc:CompanyID': s.tax_number, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ] as Party['cac:PartyTaxScheme'];
  return {
    ...(s.contact_email ? { 'cbc:EndpointID': s.contact_email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
    'cac:PostalAddress': postalAddress(s.address),
    ...(schemes?.length ? { 'cac:PartyTaxScheme': schemes } : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': s.legal_name },
    'cac:Contact': {
      'cbc:Name': s.legal_name,
      ...(s.contact_phone ? { 'cbc:Telephone': s.contact_phone } : {}),
      ...(s.contact_email ? { 'cbc:ElectronicMail': s.contact_email } : {}),
    },
  } as Party;
}

function buyer(d: InvoiceData): Invoice['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'] {
  const b = d.buyer;
  return {
    ...(b.email ? { 'cbc:EndpointID': b.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
    'cac:PostalAddress': postalAddress(b.address!),
    ...(b.vat_number
      ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': b.vat_number, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': b.company ?? b.name },
    'cac:Contact': { 'cbc:Name': b.name, ...(b.email ? { 'cbc:ElectronicMail': b.email } : {}) },
  } as Invoice['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'];
}
