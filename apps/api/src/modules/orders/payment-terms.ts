/**
 * The payment term of offline orders: when one is due, and whether offline payment may still be chosen. The sweep that
 * acts on it: payment-deadlines.ts.
 */
const DAY_MS = 24 * 3600_000;
/** A reminder goes out a day before the deadline, or halfway through a shorter term. */
export const REMINDER_LEAD_MS = DAY_MS;
type DeadlineSettings = { offline_payment_days: number | null; offline_payment_deadline: Date | null };

/**
 * When an offline order placed at `placedAt` must be paid: the earlier of "N days after the order" and
 * the event's date, whichever are set; null when neither is (the order waits until marked paid or cancelled).
 */
export function paymentDueAt(event: DeadlineSettings, placedAt: Date): Date | null {
  const candidates = [
    event.offline_payment_days ? new Date(placedAt.getTime() + event.offline_payment_days * DAY_MS) : null,
    event.offline_payment_deadline,
  ].filter((d): d is Date => d !== null);
  return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
}

/** Whether a buyer may still choose to pay offline: offered, and the event's payment date not passed. */
export function offlinePaymentOpen(
  event: DeadlineSettings & { offline_payments_enabled: boolean },
  now: Date,
): boolean {
  return event.offline_payments_enabled && (!event.offline_payment_deadline || event.offline_payment_deadline > now);
}
