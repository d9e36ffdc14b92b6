import type { MailDateTimes } from '../../mail/templates/order-mail-parts.js';

/** The date a waitlist mail names ("When: …"), from a date's times and label in the event's time zone. */
export function mailDate(
  date: { start_date: Date | string; end_date: Date | string | null; label: string | null },
  timezone: string,
): MailDateTimes {
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    start_date: iso(date.start_date),
    end_date: date.end_date === null ? null : iso(date.end_date),
    date_label: date.label,
    timezone,
  };
}
