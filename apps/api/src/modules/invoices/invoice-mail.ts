import type { InvoiceData, InvoiceKind, Locale } from '@admitone/shared';
import { and, asc, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import type { MailAttachment } from '../../mail/transport.js';
import { fileName, invoiceDocument } from './e-invoice.js';

/** An invoice as a mail carries it (JSON in the outbox row; the PDF is made when the mail is rendered). */
export interface MailInvoice {
  kind: InvoiceKind;
  number: string;
  cancels: string | null;
  issued_at: string;
  currency: string;
  data: InvoiceData;
}

/** The invoices a change issued (those of the order issued at `at`, the change's instant), for its mail. */
export async function invoicesIssuedAt(tx: Executor, orderId: number, at: Date): Promise<MailInvoice[]> {
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.order_id, orderId), eq(invoices.issued_at, at)))
    .orderBy(asc(invoices.id));
  if (!rows.length) return [];
  const all = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.order_id, orderId));
  const numbers = new Map(all.map((r) => [r.id, r.number]));
  return rows.map((r) => ({
    kind: r.kind,
    number: r.number,
    cancels: r.cancels_id ? (numbers.get(r.cancels_id) ?? null) : null,
    issued_at: r.issued_at.toISOString(),
    currency: r.currency,
    data: r.data,
  }));
}

/** The invoices as PDF attachments in `locale` (Factur-X where they can be), named by their numbers. */
export async function invoiceAttachments(locale: Locale, list: MailInvoice[] | undefined): Promise<MailAttachment[]> {
  return Promise.all(
    (list ?? []).map(async (inv) => ({
      filename: `${fileName(inv.number)}.pdf`,
      content: await invoiceDocument({ ...inv, issued_at: new Date(inv.issued_at) }, locale),
      contentType: 'application/pdf',
    })),
  );
}
