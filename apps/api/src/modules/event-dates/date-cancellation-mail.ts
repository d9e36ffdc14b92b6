import { eq, inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { dateCancellations, outbox } from '../../db/schema/index.js';
import { typedMailCount } from '../attendees/typed-addresses.js';

type Slots = Array<{ at: string; mails: number }> | null;

/** When the `index`-th (from 0) typed-address mail of a cancellation may leave: its share's time. */
export function slotTime(slots: Slots, index: number): Date | null {
  if (!slots?.length) return null;
  let before = 0;
  for (const slot of slots) {
    before += slot.mails;
    if (index < before) return new Date(slot.at);
  }
  // More than were counted when the date was cancelled (an address corrected since): with the last share.
  return new Date(slots.at(-1)!.at);
}

/**
 * Holds back the mails a date's cancellation just wrote for one order, in the order's transaction, when they go
 * to an address the team typed in: the cancellation counted them against the hourly mail budget up front
 * (`cancelDate`, shares at their times), and each takes the next place. The counter on the cancellation's
 * row is taken under the order's lock, so an order settled twice (it never is: it is re-checked under the
 * lock) could not take two places, and two workers take places one after the other.
 */
export async function paceCancellationMails(
  tx: Executor,
  dateId: number,
  orderId: number,
  outboxIds: number[],
  now: Date,
): Promise<void> {
  if (!outboxIds.length || !(await typedMailCount(tx, orderId, outboxIds))) return;
  const [row] = await tx
    .update(dateCancellations)
    .set({ typed_mails_written: sql`${dateCancellations.typed_mails_written} + 1` })
    .where(eq(dateCancellations.event_date_id, dateId))
    .returning({ written: dateCancellations.typed_mails_written, slots: dateCancellations.mail_slots });
  const at = row ? slotTime(row.slots, row.written - 1) : null;
  if (!at || at.getTime() <= now.getTime()) return;
  // Its retry period (MAIL_RETRY_HOURS, from `created_at`) starts then too, as a paced message's.
  await tx.update(outbox).set({ available_at: at, created_at: at }).where(inArray(outbox.id, outboxIds));
}
