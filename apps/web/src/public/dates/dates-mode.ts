import type { PublicEventDateDto, PublicEventDatesDto } from '@admitone/shared';

/** Why the chooser is shown instead of tickets, beyond "no date chosen yet". */
export type DatesNotice = 'unavailable' | 'cancelled' | 'over';

/**
 * What the tickets panel shows about dates:
 * - `single`: nothing to choose (one date, or one left): the page as it always was;
 * - `choose`: the chooser instead of tickets, with a notice when the date asked for cannot be sold;
 * - `chosen`: the chosen date above its tickets.
 */
export type DatesMode =
  { kind: 'single' } | { kind: 'choose'; notice: DatesNotice | null } | { kind: 'chosen'; date: PublicEventDateDto };

export function datesMode(dates: PublicEventDatesDto): DatesMode {
  if (dates.date_unavailable) return { kind: 'choose', notice: 'unavailable' };
  const chosen = dates.chosen;
  // A one-date event whose date was cancelled or is over stays as it was (its tickets say so).
  if (chosen && (chosen.state === 'CANCELLED' || chosen.state === 'OVER') && dates.count > 0)
    return { kind: 'choose', notice: chosen.state === 'CANCELLED' ? 'cancelled' : 'over' };
  if (dates.count <= 1) return { kind: 'single' };
  return chosen ? { kind: 'chosen', date: chosen } : { kind: 'choose', notice: null };
}

/** The date the tickets are for, when there are several to choose from (else null). */
export const chosenOfMany = (dates: PublicEventDatesDto): PublicEventDateDto | null => {
  const mode = datesMode(dates);
  return mode.kind === 'chosen' ? mode.date : null;
};

/**
 * A date the buyer can choose: on sale, or sold out (its page shows its tickets sold out, with a waitlist to join
 * where the organizer opened one). Cancelled and past dates are shown, not offered.
 */
export const choosable = (date: { state: PublicEventDateDto['state'] }) =>
  date.state === 'ON_SALE' || date.state === 'FEW_LEFT' || date.state === 'SOLD_OUT';
