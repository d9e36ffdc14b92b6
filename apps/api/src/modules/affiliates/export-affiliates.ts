import type { Locale } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { stringify } from 'csv-stringify/sync';

import type { Executor } from '../../db/client.js';
import { translate } from '../../i18n/i18n.js';
import { majorUnits } from '../public-pages/page-head.js';
import { affiliateLink, listAffiliates } from './affiliates.repository.js';

/** Column headings of the affiliates export, in the request's language. */
export const AFFILIATE_EXPORT_HEADINGS = {
  name: /*i18n*/ { id: 'affiliates.export.name', message: 'Name' },
  code: /*i18n*/ { id: 'affiliates.export.code', message: 'Code' },
  email: /*i18n*/ { id: 'affiliates.export.email', message: 'E-mail' },
  enabled: /*i18n*/ { id: 'affiliates.export.enabled', message: 'Enabled' },
  orders: /*i18n*/ { id: 'affiliates.export.orders', message: 'Orders' },
  tickets: /*i18n*/ { id: 'affiliates.export.tickets', message: 'Tickets' },
  revenue: /*i18n*/ { id: 'affiliates.export.revenue', message: 'Revenue ({currency})' },
  link: /*i18n*/ { id: 'affiliates.export.link', message: 'Link' },
} satisfies Record<string, MessageDescriptor>;

const YES = /*i18n*/ { id: 'affiliates.export.yes', message: 'Yes' } satisfies MessageDescriptor;
const NO = /*i18n*/ { id: 'affiliates.export.no', message: 'No' } satisfies MessageDescriptor;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe. */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * Every affiliate of the event with its figures as CSV (UTF-8 with a BOM, for Excel): headings in
 * the caller's language, revenue as a plain decimal in the event's currency, the full public link.
 */
export async function exportAffiliatesCsv(
  db: Executor,
  accountId: number,
  event: { id: number; slug: string; currency: string },
  opts: { locale: Locale; appUrl: string },
): Promise<string> {
  const { rows } = await listAffiliates(db, accountId, event.id, { page: 1, per_page: null, sort_by: 'name' });
  const h = AFFILIATE_EXPORT_HEADINGS;
  const t = (d: MessageDescriptor, values?: Record<string, unknown>) => translate(opts.locale, d, values);
  const header = [
    t(h.name),
    t(h.code),
    t(h.email),
    t(h.enabled),
    t(h.orders),
    t(h.tickets),
    t(h.revenue, { currency: event.currency }),
    t(h.link),
  ];
  const records = rows.map((r) => [
    safeCell(r.name),
    safeCell(r.code),
    safeCell(r.email ?? ''),
    t(r.enabled ? YES : NO),
    String(r.orders_count),
    String(r.tickets_sold),
    majorUnits(r.revenue, event.currency),
    `${opts.appUrl}${affiliateLink(event, r.code)}`,
  ]);
  return `\uFEFF${stringify([header, ...records], { record_delimiter: 'windows' })}`;
}
