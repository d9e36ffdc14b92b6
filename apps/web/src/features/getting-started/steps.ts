import type { EventDto, PaymentConnectionStatus } from '@admitone/shared';

export type StepKey = 'organizer' | 'details' | 'cover' | 'tickets' | 'payment' | 'email' | 'live';

export interface Step {
  key: StepKey;
  done: boolean;
}

/** The event says what it is and where: a description, and an address/venue or joining details. */
export function hasDetails(event: EventDto): boolean {
  const text = (html: string | null) => Boolean(html && html.replace(/<[^>]*>/g, '').trim());
  const { venue_name, address_line_1, city } = event.location;
  const where = event.is_online ? text(event.online_details) : Boolean(venue_name || address_line_1 || city);
  return text(event.description) && where;
}

/**
 * Buyers have a way to pay: card payments are connected, or (no card payments on this installation) the event takes
 * offline payments.
 */
export function hasPaymentProvider(event: EventDto, payment: PaymentConnectionStatus | null): boolean {
  return payment === 'CONNECTED' || (payment === 'NOT_CONFIGURED' && event.settings.offline_payments_enabled);
}

export interface StepState {
  emailVerified: boolean;
  ticketCount?: number;
  /** The account's card payment connection; null when it could not be read. */
  payment?: PaymentConnectionStatus | null;
}

/** The getting-started checklist from the event's real state, in the order to work through it. */
export function gettingStartedSteps(
  event: EventDto,
  { emailVerified, ticketCount = 0, payment = null }: StepState,
): Step[] {
  return [
    // An event cannot exist without an organizer (SPEC §5), so this one starts done.
    { key: 'organizer', done: true },
    { key: 'details', done: hasDetails(event) },
    { key: 'cover', done: Boolean(event.cover_image) },
    { key: 'tickets', done: ticketCount > 0 },
    { key: 'payment', done: hasPaymentProvider(event, payment) },
    { key: 'email', done: emailVerified },
    { key: 'live', done: event.status === 'LIVE' },
  ];
}
