import type { JoinWaitlistBody, Locale, PublicTicketDto } from '@admitone/shared';

/** The join form: who waits, how many, and (a tiered ticket) which tier. Selects hold strings. */
export interface JoinValues {
  first_name: string;
  last_name: string;
  email: string;
  quantity: string;
  tier_id: string;
}

/** The date a place is for: the chosen date, its times (in the event's zone) shown when the event has several. */
export interface WaitlistDate {
  id: number;
  start_date: string;
  end_date: string | null;
  label: string | null;
  timezone: string;
  /** The event has several dates: the dialog names this one. */
  named: boolean;
}

/** The form's own fields: server errors about these go onto them, about anything else into the alert. */
export const isJoinField = (path: string): boolean =>
  ['first_name', 'last_name', 'email', 'quantity', 'tier_id'].includes(path);

/**
 * How many may be asked for: the ticket's minimum (at least 1) up to what the server allows (`waitlist_max`: max per
 * order, what the ticket could ever sell).
 */
export function quantityChoices(
  ticket: Pick<PublicTicketDto, 'min_per_order' | 'max_per_order' | 'waitlist_max'>,
): number[] {
  const min = Math.max(1, ticket.min_per_order);
  const max = Math.max(min, Math.min(ticket.waitlist_max ?? ticket.max_per_order ?? 100, 100));
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export function initialJoinValues(ticket: PublicTicketDto): JoinValues {
  const onlyTier = ticket.type === 'TIERED' && ticket.tiers.length === 1 ? String(ticket.tiers[0]!.id) : '';
  return { first_name: '', last_name: '', email: '', quantity: String(quantityChoices(ticket)[0]), tier_id: onlyTier };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks before sending (the server checks again). Keys are form paths. */
export function validateJoin(
  values: JoinValues,
  tiered: boolean,
  m: { required: string; invalidEmail: string; chooseTier: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.first_name.trim()) errors.first_name = m.required;
  if (!values.last_name.trim()) errors.last_name = m.required;
  if (!values.email.trim()) errors.email = m.required;
  else if (!EMAIL.test(values.email.trim())) errors.email = m.invalidEmail;
  if (tiered && !values.tier_id) errors.tier_id = m.chooseTier;
  return errors;
}

/** What is sent: the ticket, the date waited for (null: the event's only one), and the form's values. */
export function joinBody(
  ticketId: number,
  dateId: number | null,
  values: JoinValues,
  locale?: Locale,
): JoinWaitlistBody {
  return {
    ticket_id: ticketId,
    event_date_id: dateId,
    tier_id: values.tier_id ? Number(values.tier_id) : null,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    quantity: Number(values.quantity),
    ...(locale ? { locale } : {}),
  };
}
