import { type AuditEntryDto, type CheckInResult, formatDateTime, formatMoney, formatNumber } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { countryName } from '../../lib/countries';
import { ACCESS_LABELS } from '../api-keys/api-key-labels';
import { RESULT_LABELS } from '../check-in/result-labels';
import { orderEventAmount, orderEventDetails } from '../orders/order-event-details';
import { eventTypeLabel } from '../webhooks/webhook-labels';
import { ACTION_LABELS } from './audit-labels';

/** What the details of a line are read with. */
export interface AuditDetailsContext {
  i18n: I18n;
  /** The account's: money is in minor units of it. */
  currency: string;
  /** The account's: times are shown in it. */
  timeZone: string;
  /** Event titles by id (the events a member, key or webhook is limited to). */
  eventTitles: ReadonlyMap<number, string>;
  /** Organizer names by id (the organizers an organizer is limited to). */
  organizerNames: ReadonlyMap<number, string>;
}

/**
 * The names of the fields a change names, as the forms that change them call them. A field inside another is
 * looked up by its path first (`colors.link`), then by its own name.
 */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  // The account.
  name: msg`Name`,
  currency: msg`Currency`,
  timezone: msg`Time zone`,
  api_version: msg`API version`,
  require_two_factor: msg`Every member must use two-factor sign-in`,
  audit_retention_days: msg`Days the audit log is kept`,
  event_defaults: msg`Event defaults`,
  organization: msg`Mollie organization`,
  // Members.
  role: msg`Role`,
  status: msg`Status`,
  sells_at_box_office: msg`May also sell at the box office`,
  event_ids: msg`Events`,
  organizer_ids: msg`Organizers`,
  // Tickets.
  type: msg`Type`,
  price: msg`Price`,
  quantity: msg`Quantity`,
  min_per_order: msg`Minimum per order`,
  max_per_order: msg`Maximum per order`,
  sale_start: msg`Sale starts`,
  sale_end: msg`Sale ends`,
  is_hidden: msg`Hidden`,
  // Promo codes.
  code: msg`Code`,
  discount_type: msg`Discount type`,
  discount: msg`Discount`,
  max_uses: msg`Maximum uses`,
  ticket_ids: msg`Only for these tickets`,
  uses: msg`Times used`,
  // Taxes and fees.
  calculation_type: msg`Calculation`,
  percentage: msg`Rate (%)`,
  fixed_amount: msg`Fixed amount`,
  is_default: msg`Added to new tickets`,
  tickets: msg`Tickets that had it`,
  // API keys and webhooks.
  access: msg`Access`,
  expires_at: msg`Expires`,
  url: msg`URL`,
  description: msg`Description`,
  event_types: msg`Events to send`,
  event_id: msg`Event`,
  enabled: msg`Enabled`,
  // Single sign-on.
  issuer: msg`Issuer URL`,
  client_id: msg`Client ID`,
  client_secret: msg`Client secret`,
  default_role: msg`Default role for new people`,
  // Sign-ins and exports.
  country: msg`Country`,
  format: msg`Format`,
  filters: msg`Filters`,
  action: msg`Action`,
  user_id: msg`Member`,
  from: msg`First day`,
  to: msg`Last day`,
  // An event's settings (and the account's defaults for new events).
  order_timeout_minutes: msg`Order timeout (minutes)`,
  support_email: msg`Support e-mail`,
  email_footer_message: msg`Footer message for e-mails`,
  notify_organizer_of_new_orders: msg`Notify the organizer of new orders`,
  seo_title: msg`SEO title`,
  seo_description: msg`SEO description`,
  seo_keywords: msg`SEO keywords`,
  allow_search_engine_indexing: msg`Allow search engines to index this event`,
  pre_checkout_message: msg`Pre-checkout message`,
  post_checkout_message: msg`Post-checkout message`,
  show_remaining_tickets: msg`Show the number of remaining tickets`,
  price_display_mode: msg`Ticket prices`,
  offline_payments_enabled: msg`Accept offline payments`,
  offline_payment_instructions: msg`Offline payment instructions`,
  offline_payment_days: msg`Days to pay`,
  offline_payment_deadline: msg`Pay by`,
  client_hold_limit: msg`Tickets one connection may hold at once`,
  client_reservation_limit: msg`Checkouts one connection may start per minute`,
  attendee_edits_enabled: msg`Buyers may correct attendee details`,
  ticket_transfers: msg`Ticket transfers`,
  ticket_transfer_cutoff_hours: msg`Transfers until how many hours before the start`,
  date_exchanges: msg`Date changes`,
  date_exchange_cutoff_hours: msg`Date changes until how many hours before the start`,
  buyer_cancellation: msg`Cancellation by buyers`,
  buyer_cancellation_cutoff_hours: msg`Cancellation until how many hours before the start`,
  waitlist_offer_hours: msg`Offers are held for (hours)`,
  colors: msg`Colors of event pages`,
  'colors.background': msg`Page background`,
  'colors.content_background': msg`Content background`,
  'colors.primary': msg`Button`,
  'colors.primary_text': msg`Button text`,
  'colors.link': msg`Links`,
  'colors.text': msg`Text`,
  'colors.ticket_widget_background': msg`Ticket widget background`,
};

/** Long texts (HTML): a change names them, without their content. */
const LONG_TEXTS: ReadonlySet<string> = new Set([
  'email_footer_message',
  'pre_checkout_message',
  'post_checkout_message',
  'offline_payment_instructions',
]);

/** Secrets: a change names them, never their value (the server writes none down either). */
const SECRETS: ReadonlySet<string> = new Set(['client_secret']);

/** Amounts in minor units of the account's currency. */
const MONEY: ReadonlySet<string> = new Set(['price', 'amount', 'amount_paid', 'refund_due', 'total', 'previous_total']);

const ROLE_LABELS: Record<string, MessageDescriptor> = {
  ADMIN: msg`Admin`,
  ORGANIZER: msg`Organizer`,
  DOOR_STAFF: msg`Door staff`,
  BOX_OFFICE: msg`Box office`,
};

/** Values with a name of their own: roles, statuses of members and events, ticket types, file formats. */
const VALUE_LABELS: Record<string, Record<string, MessageDescriptor>> = {
  role: ROLE_LABELS,
  default_role: ROLE_LABELS,
  status: {
    ACTIVE: msg`Active`,
    INACTIVE: msg`Inactive`,
    INVITED: msg`Invited`,
    DRAFT: msg`Draft`,
    LIVE: msg`Live`,
    ARCHIVED: msg`Archived`,
  },
  type: { FREE: msg`Free`, PAID: msg`Paid`, DONATION: msg`Donation`, TIERED: msg`Tiered` },
  access: ACCESS_LABELS,
  format: { csv: msg`CSV`, xlsx: msg`Excel` },
};

/** What an empty value means for some fields ("Never" expires, "All events", an organizer limited to none). */
const NONE_LABELS: Record<string, MessageDescriptor> = {
  expires_at: msg`Never`,
  event_id: msg`All events`,
  event_ids: msg`All events`,
  organizer_ids: msg`All organizers`,
  quantity: msg`Unlimited`,
};

const YES = msg`Yes`;
const NO = msg`No`;
const EDITED = msg`edited`;
const REPLACED = msg`replaced`;
/** The rest of a long list. */
const MORE = msg`{count} more`;
// "Admit anyway" at the door.
const CHECK_IN_LIST = msg`Check-in list`;
const DEFAULT_LIST = msg`All tickets`;
const REFUSED = msg`Refused`;
const REASON = msg`Reason`;

/** How many items of a list are named before "3 more". */
const LIST_MAX = 3;
/** Longer texts are cut. */
const TEXT_MAX = 80;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A change of a field: `{ from, to }` and nothing else. */
const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  isRecord(v) && 'from' in v && 'to' in v && Object.keys(v).length === 2;

const cut = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text);

/** A field's name in the reader's language (its path's longest known end); one without is shown as it is. */
function fieldLabel(path: readonly string[], i18n: I18n): string {
  const label = path.map((_, i) => FIELD_LABELS[path.slice(i).join('.')]).find(Boolean);
  return label ? i18n._(label) : path.at(-1)!.replaceAll('_', ' ');
}

/** A list, its first items named and the rest counted. */
function shortList(items: string[], i18n: I18n): string {
  if (items.length <= LIST_MAX) return items.join(', ');
  const more: MessageDescriptor = { ...MORE, values: { count: items.length - LIST_MAX } };
  return `${items.slice(0, LIST_MAX).join(', ')}, ${i18n._(more)}`;
}

/** One value as a person reads it: money, yes or no, a time in the account's zone, a translated name. */
function valueText(field: string, value: unknown, ctx: AuditDetailsContext): string {
  const { i18n } = ctx;
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
  if (empty) return NONE_LABELS[field] ? i18n._(NONE_LABELS[field]) : '—';
  if (typeof value === 'boolean') return i18n._(value ? YES : NO);
  if (typeof value === 'number') {
    if (MONEY.has(field)) return formatMoney(value, ctx.currency, i18n.locale);
    if (field === 'event_id') return ctx.eventTitles.get(value) ?? `#${value}`;
    if (field === 'user_id') return `#${value}`;
    return formatNumber(value, i18n.locale);
  }
  if (typeof value === 'string') {
    const named = VALUE_LABELS[field]?.[value];
    if (named) return i18n._(named);
    if (field === 'action' && value in ACTION_LABELS) return i18n._(ACTION_LABELS[value as keyof typeof ACTION_LABELS]);
    if (field === 'country' && /^[A-Z]{2}$/.test(value)) return countryName(value, i18n.locale);
    if (INSTANT.test(value)) return formatDateTime(value, ctx.timeZone, i18n.locale);
    return cut(value);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (field === 'event_ids' && typeof item === 'number') return ctx.eventTitles.get(item) ?? `#${item}`;
      if (field === 'organizer_ids' && typeof item === 'number') return ctx.organizerNames.get(item) ?? `#${item}`;
      if (field === 'event_types' && typeof item === 'string') return eventTypeLabel(i18n, item);
      return valueText(field, item, ctx);
    });
    return shortList(items, i18n);
  }
  if (isRecord(value))
    return cut(
      Object.entries(value)
        .map(([k, v]) => `${fieldLabel([field, k], i18n)}: ${valueText(k, v, ctx)}`)
        .join(', '),
    );
  return cut(String(value));
}

/**
 * The lines of one field's change: "Price: €25.00 → €30.00"; a long text only by name ("Footer message for e-mails:
 * edited"); a group of settings one line per field that changed in it ("Event defaults · Support e-mail: … → …").
 */
function changeLines(path: readonly string[], from: unknown, to: unknown, ctx: AuditDetailsContext): string[] {
  const field = path.at(-1)!;
  const label = path.map((_, i) => fieldLabel(path.slice(0, i + 1), ctx.i18n)).join(' · ');
  if (isRecord(from) && isRecord(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys
      .filter((k) => JSON.stringify(from[k] ?? null) !== JSON.stringify(to[k] ?? null))
      .flatMap((k) => changeLines([...path, k], from[k] ?? null, to[k] ?? null, ctx));
  }
  if (LONG_TEXTS.has(field)) return [`${label}: ${ctx.i18n._(EDITED)}`];
  if (SECRETS.has(field)) return [`${label}: ${ctx.i18n._(REPLACED)}`];
  return [`${label}: ${valueText(field, from, ctx)} → ${valueText(field, to, ctx)}`];
}

/** The filters an export was made with, flat ("Filters: status: PAID, query: ada"). */
function filterText(filters: Record<string, unknown>, ctx: AuditDetailsContext): string {
  const flat = Object.entries(filters).flatMap(([k, v]) => (isRecord(v) ? Object.entries(v) : [[k, v] as const]));
  return flat.map(([k, v]) => `${fieldLabel([k], ctx.i18n)}: ${valueText(k, v, ctx)}`).join(', ');
}

/**
 * A ticket admitted anyway at the door: the list, what the list refused (named as the scan's card names it), and the
 * reason given, whole.
 */
function overrideLines(data: Record<string, unknown>, i18n: I18n): string[] {
  const refused = Array.isArray(data.refused) ? data.refused.filter((r) => typeof r === 'string') : [];
  const names = refused.map((r) => (r in RESULT_LABELS ? i18n._(RESULT_LABELS[r as CheckInResult]) : r));
  const list = typeof data.list === 'string' && data.list ? data.list : i18n._(DEFAULT_LIST);
  const reason = typeof data.reason === 'string' ? data.reason : '';
  return [
    `${i18n._(CHECK_IN_LIST)}: ${list}`,
    ...(names.length ? [`${i18n._(REFUSED)}: ${names.join(', ')}`] : []),
    ...(reason ? [`${i18n._(REASON)}: ${reason}`] : []),
  ];
}

/**
 * A line's details, readable: each change of a field as it was and as it is, what a new key or member was given,
 * an order change as its history says it, an export's format and filters.
 */
export function auditDetails(entry: Pick<AuditEntryDto, 'action' | 'data'>, ctx: AuditDetailsContext): string[] {
  const { data } = entry;
  const { i18n } = ctx;
  if (entry.action === 'order.changed') {
    const kind = typeof data.kind === 'string' ? data.kind : '';
    const amount = orderEventAmount(data);
    const about = orderEventDetails({ kind, data }, [], ctx, i18n);
    return [amount ? formatMoney(amount, ctx.currency, i18n.locale) : null, about].filter((l) => l !== null);
  }
  if (entry.action === 'check_in.overridden') return overrideLines(data, i18n);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (entry.action === 'export.personal_data' && key === 'kind') continue;
    // The line's label says it already ("Signed in with single sign-on").
    if (entry.action === 'auth.signed_in' && key === 'method') continue;
    if (key === 'texts' && Array.isArray(value)) {
      for (const field of value)
        if (typeof field === 'string') lines.push(`${fieldLabel([field], i18n)}: ${i18n._(EDITED)}`);
    } else if (key === 'filters' && isRecord(value)) {
      const text = filterText(value, ctx);
      if (text) lines.push(`${fieldLabel([key], i18n)}: ${text}`);
    } else if (isChange(value) && entry.action === 'account.sso_updated' && value.from === null) {
      // Set up for the first time: what each setting was set to.
      lines.push(`${fieldLabel([key], i18n)}: ${valueText(key, value.to, ctx)}`);
    } else if (isChange(value)) {
      lines.push(...changeLines([key], value.from, value.to, ctx));
    } else {
      lines.push(`${fieldLabel([key], i18n)}: ${valueText(key, value, ctx)}`);
    }
  }
  return lines;
}
