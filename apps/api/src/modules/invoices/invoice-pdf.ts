import {
  formatDate,
  formatMoney,
  type InvoiceAddress,
  type InvoiceData,
  type InvoiceKind,
  type Locale,
} from '@admitone/shared';
import PDFDocument from 'pdfkit';

import { translate } from '../../i18n/i18n.js';
import { formatAddress } from '../order-documents/format.js';
import { CJK, cjkFonts, type FontSet, latinFonts, plainSpaces } from '../order-documents/ticket-pdf.js';

const M = {
  invoice: /*i18n*/ { id: 'invoice.title', message: 'Invoice' },
  cancellation: /*i18n*/ { id: 'invoice.cancellation_title', message: 'Cancellation invoice' },
  number: /*i18n*/ { id: 'invoice.number', message: 'Invoice number' },
  issued: /*i18n*/ { id: 'invoice.issued', message: 'Date of issue' },
  serviceDate: /*i18n*/ { id: 'invoice.service_date', message: 'Date of service' },
  order: /*i18n*/ { id: 'invoice.order', message: 'Order' },
  cancels: /*i18n*/ { id: 'invoice.cancels', message: 'Cancels invoice {number}' },
  billTo: /*i18n*/ { id: 'invoice.bill_to', message: 'Bill to' },
  vatNumber: /*i18n*/ { id: 'invoice.vat_number', message: 'VAT number: {number}' },
  taxNumber: /*i18n*/ { id: 'invoice.tax_number', message: 'Tax number: {number}' },
  description: /*i18n*/ { id: 'invoice.description', message: 'Description' },
  quantity: /*i18n*/ { id: 'invoice.quantity', message: 'Qty' },
  unitPrice: /*i18n*/ { id: 'invoice.unit_price', message: 'Unit price (net)' },
  taxRate: /*i18n*/ { id: 'invoice.tax_rate', message: 'Tax' },
  amount: /*i18n*/ { id: 'invoice.amount', message: 'Amount (net)' },
  refund: /*i18n*/ { id: 'invoice.refund', message: 'Refunded to the buyer' },
  netTotal: /*i18n*/ { id: 'invoice.net_total', message: 'Total before tax' },
  taxLine: /*i18n*/ { id: 'invoice.tax_line', message: '{name} {rate} on {base}' },
  taxFixed: /*i18n*/ { id: 'invoice.tax_fixed', message: '{name}' },
  total: /*i18n*/ { id: 'invoice.total', message: 'Total' },
  reverseCharge: /*i18n*/ {
    id: 'invoice.reverse_charge',
    message: 'Reverse charge: the recipient accounts for the VAT (Art. 196 of Directive 2006/112/EC).',
  },
  paid: /*i18n*/ { id: 'invoice.paid', message: 'Paid. Thank you.' },
  dueDays: /*i18n*/ {
    id: 'invoice.due_days',
    message: '{days, plural, one {Payable within # day, by {date}.} other {Payable within # days, by {date}.}}',
  },
  dueNow: /*i18n*/ { id: 'invoice.due_now', message: 'Payable on receipt.' },
  event: /*i18n*/ { id: 'invoice.event', message: 'Event: {title}' },
};

export interface InvoicePdfInput {
  kind: InvoiceKind;
  number: string;
  /** A cancellation: the number of the invoice it cancels. */
  cancels: string | null;
  issued_at: Date;
  currency: string;
  data: InvoiceData;
}

const INK = '#1f1b2d';
const MUTED = '#5b5570';
const PURPLE = '#6d28d9';

const addressLines = (a: InvoiceAddress | null, locale: Locale) =>
  a ? (formatAddress({ venue_name: null, ...a }, locale) ?? '').split(', ').filter(Boolean) : [];

/** An invoice (or cancellation invoice) as an A4 PDF in `locale`, from what it said when it was issued. */
export async function invoicePdf(
  inv: InvoicePdfInput,
  locale: Locale,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const t = (m: (typeof M)[keyof typeof M], values?: Record<string, unknown>) => translate(locale, m, values);
  const d = inv.data;
  const money = (n: number) => plainSpaces(formatMoney(n, inv.currency, locale));
  const date = (iso: string | Date) =>
    plainSpaces(formatDate(typeof iso === 'string' ? iso : iso.toISOString(), d.timezone, locale));
  const percent = (r: number) =>
    plainSpaces(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(r / 100));

  const title = t(inv.kind === 'CANCELLATION' ? M.cancellation : M.invoice);
  const texts = [
    title,
    d.seller.legal_name,
    d.buyer.name,
    d.buyer.company ?? '',
    d.event_title,
    ...d.lines.map((l) => l.description),
  ];
  const fonts: FontSet = texts.some((x) => CJK.test(x)) || CJK.test(t(M.total)) ? cjkFonts() : latinFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    info: { Title: `${title} ${inv.number}`, Author: d.seller.legal_name, Creator: 'AdmitOne' },
  });
  if (fonts.files) {
    doc.registerFont('Regular', fonts.files.regular as unknown as string);
    doc.registerFont('Bold', fonts.files.bold as unknown as string);
  }
  const regular = fonts.files ? 'Regular' : fonts.regular;
  const bold = fonts.files ? 'Bold' : fonts.bold;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // The seller, and the invoice's title and facts beside.
  doc
    .font(bold)
    .fontSize(13)
    .fillColor(INK)
    .text(d.seller.legal_name, left, 56, { width: width / 2 });
  doc.font(regular).fontSize(9.5).fillColor(MUTED);
  for (const line of addressLines(d.seller.address, locale)) doc.text(line, { width: width / 2 });
  if (d.seller.vat_number) doc.text(t(M.vatNumber, { number: d.seller.vat_number }), { width: width / 2 });
  if (d.seller.tax_number) doc.text(t(M.taxNumber, { number: d.seller.tax_number }), { width: width / 2 });
  const sellerBottom = doc.y;

  doc
    .font(bold)
    .fontSize(20)
    .fillColor(PURPLE)
    .text(title, left + width / 2, 56, { width: width / 2, align: 'right' });
  doc.font(regular).fontSize(9.5).fillColor(INK);
  const facts: Array<[string, string]> = [
    [t(M.number), inv.number],
    [t(M.issued), date(inv.issued_at)],
    [t(M.serviceDate), date(d.service_date)],
    [t(M.order), d.order_number],
  ];
  for (const [label, value] of facts)
    doc.text(`${label}: ${value}`, left + width / 2, doc.y + 2, { width: width / 2, align: 'right' });
  if (inv.cancels) doc.text(t(M.cancels, { number: inv.cancels }), { width: width / 2, align: 'right' });

  // The buyer.
  let y = Math.max(sellerBottom, doc.y) + 28;
  doc.font(bold).fontSize(9).fillColor(MUTED).text(t(M.billTo).toUpperCase(), left, y);
  doc.font(regular).fontSize(10.5).fillColor(INK);
  if (d.buyer.company) doc.font(bold).text(d.buyer.company).font(regular);
  doc.text(d.buyer.name);
  for (const line of addressLines(d.buyer.address, locale)) doc.text(line);
  if (d.buyer.vat_number) doc.text(t(M.vatNumber, { number: d.buyer.vat_number }));
  doc
    .moveDown(1)
    .fontSize(10)
    .text(t(M.event, { title: d.event_title }));

  // The lines.
  y = doc.y + 16;
  const cols = [
    { label: t(M.description), x: left, w: width * 0.44, align: 'left' as const },
    { label: t(M.quantity), x: left + width * 0.44, w: width * 0.08, align: 'right' as const },
    { label: t(M.unitPrice), x: left + width * 0.52, w: width * 0.18, align: 'right' as const },
    { label: t(M.taxRate), x: left + width * 0.7, w: width * 0.1, align: 'right' as const },
    { label: t(M.amount), x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
  ];
  doc.font(bold).fontSize(9).fillColor(MUTED);
  for (const c of cols) doc.text(c.label, c.x, y, { width: c.w, align: c.align });
  y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#ddd6fe')
    .stroke();
  doc.font(regular).fontSize(10).fillColor(INK);
  for (const l of d.lines) {
    y += 6;
    const row = [
      l.refund ? t(M.refund) : l.description,
      String(l.quantity),
      money(l.unit_net),
      l.tax_rate === null ? '' : percent(l.tax_rate),
      money(l.net),
    ];
    let bottom = y;
    row.forEach((text, i) => {
      doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom;
  }
  y += 8;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#ddd6fe')
    .stroke();

  // The totals, with each tax rate.
  const totalsX = left + width * 0.45;
  const totalsW = width * 0.55;
  const total = (label: string, value: string, strong = false) => {
    y += 6;
    doc.font(strong ? bold : regular).fontSize(strong ? 12 : 10);
    doc.text(label, totalsX, y, { width: totalsW * 0.62 });
    doc.text(value, totalsX + totalsW * 0.62, y, { width: totalsW * 0.38, align: 'right' });
    y = doc.y;
  };
  total(t(M.netTotal), money(d.net_total));
  for (const tax of d.taxes)
    total(
      tax.rate === null
        ? t(M.taxFixed, { name: tax.name })
        : t(M.taxLine, { name: tax.name, rate: percent(tax.rate), base: money(tax.base) }),
      money(tax.amount),
    );
  total(t(M.total), money(d.total), true);

  // What the buyer should know: reverse charge, payment, the seller's footer.
  doc
    .font(regular)
    .fontSize(10)
    .fillColor(INK)
    .text('', left, y + 24, { width });
  if (d.reverse_charge) doc.text(t(M.reverseCharge), { width });
  if (inv.kind === 'INVOICE') {
    if (d.paid) doc.text(t(M.paid), { width });
    else if (d.due_days !== null && d.due_days > 0)
      doc.text(
        t(M.dueDays, { days: d.due_days, date: date(new Date(inv.issued_at.getTime() + d.due_days * 86_400_000)) }),
        { width },
      );
    else doc.text(t(M.dueNow), { width });
  }
  if (d.footer) doc.moveDown(1).fontSize(9).fillColor(MUTED).text(d.footer, { width });
  doc.end();
  return done;
}
