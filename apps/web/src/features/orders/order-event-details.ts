import type { AttendeeDto } from '@admitone/shared';
import { formatDateTime, formatMoney, personName } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** One order history entry as it is described: its kind and details (`order_events`, or an audit line's data). */
export interface OrderEventEntry {
  kind: string;
  data: Record<string, unknown>;
}

const FIELD_LABELS = {
  first_name: msg`first name`,
  last_name: msg`last name`,
  email: msg`e-mail`,
  answers: msg`answers`,
} as const;

const CANCELLED_TOO = msg`the order is cancelled too`;
/** A date's cancellation asked for refunds, and this payment was not by card: the organizer returns it. */
const REFUND_DUE = msg`{amount} paid outside the card payments: yours to return`;

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The attendee fields a change names by key; any other field is a question, named by its title. */
const FIXED_FIELDS: readonly string[] = ['first_name', 'last_name', 'email'];

/**
 * A changed field's name: the translated label of a fixed one (name, e-mail), else the text itself (a question's
 * title).
 */
const changedFieldLabel = (field: string, i18n: I18n): string =>
  FIXED_FIELDS.includes(field) ? i18n._(FIELD_LABELS[field as 'first_name' | 'last_name' | 'email']) : field;

interface FieldChange {
  field: string;
  from: string;
  to: string;
}

const isFieldChange = (c: unknown): c is FieldChange =>
  typeof c === 'object' &&
  c !== null &&
  typeof (c as FieldChange).field === 'string' &&
  typeof (c as FieldChange).from === 'string' &&
  typeof (c as FieldChange).to === 'string';

/** The amount an entry names (a refund, a payment), in minor units; null when none. */
export function orderEventAmount(data: Record<string, unknown>): number | null {
  const raw =
    typeof data.amount === 'number' ? data.amount : typeof data.amount_paid === 'number' ? data.amount_paid : null;
  return raw || null;
}

/** The details line of an entry: who it was about, what changed, where it went. */
export function orderEventDetails(
  entry: OrderEventEntry,
  attendees: AttendeeDto[],
  { currency, timeZone }: { currency: string; timeZone: string },
  i18n: I18n,
): string | null {
  const d = entry.data;
  const attendee = typeof d.attendee_id === 'number' ? attendees.find((a) => a.id === d.attendee_id) : undefined;
  const parts: string[] = [];
  const who = (attendee ? personName(attendee) : null) || text(d.name);
  if (who) parts.push(who);
  if (text(d.from) && text(d.to)) parts.push(`${text(d.from)} → ${text(d.to)}`);
  if (Array.isArray(d.fields) && d.fields.length) {
    parts.push(
      d.fields
        .map((f) =>
          typeof f === 'string' && f in FIELD_LABELS ? i18n._(FIELD_LABELS[f as keyof typeof FIELD_LABELS]) : String(f),
        )
        .join(', '),
    );
  }
  // What a buyer corrected, each field as it was and as it is now (an empty value as a dash).
  if (Array.isArray(d.changes)) {
    for (const c of d.changes.filter(isFieldChange))
      parts.push(`${changedFieldLabel(c.field, i18n)}: ${c.from || '—'} → ${c.to || '—'}`);
  }
  if (entry.kind === 'REFUNDED' && d.cancelled === true) parts.push(i18n._(CANCELLED_TOO));
  if (typeof d.refund_due === 'number') {
    const due: MessageDescriptor = {
      ...REFUND_DUE,
      values: { amount: formatMoney(d.refund_due, currency, i18n.locale) },
    };
    parts.push(i18n._(due));
  }
  // A moved date: from when to when, in the event's time zone.
  if ((entry.kind === 'DATE_MOVED' || entry.kind === 'DATE_EXCHANGED') && text(d.previous_start) && text(d.start_date))
    parts.push(
      `${formatDateTime(text(d.previous_start)!, timeZone, i18n.locale)} → ${formatDateTime(text(d.start_date)!, timeZone, i18n.locale)}`,
    );
  // A date change at another price: the order's total before and after.
  if (entry.kind === 'DATE_EXCHANGED' && typeof d.previous_total === 'number' && typeof d.total === 'number')
    parts.push(
      `${formatMoney(d.previous_total, currency, i18n.locale)} → ${formatMoney(d.total, currency, i18n.locale)}`,
    );
  if (text(d.subject)) parts.push(`“${text(d.subject)}”`);
  if (text(d.email)) parts.push(text(d.email)!);
  return parts.length ? parts.join(' · ') : null;
}
