import type { MailDeliveryDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../db/client.js';

/** How far back mails that were given up are counted for the account's notice. */
const GIVEN_UP_DAYS = 7;

/**
 * How one account's mail is going out (the delay notice on the organizer's screens): its order mails
 * (outbox rows of its orders) and its message mails (rows of its messages' recipients) that wait after
 * a failed try, the oldest of them, and those given up in the last days. Only the account's own mails
 * are counted: other accounts' mail on the same installation is not theirs to see.
 */
export async function accountMailDelivery(
  db: Executor,
  accountId: number,
  now: Date,
  retryHours: number,
): Promise<MailDeliveryDto> {
  const since = new Date(now.getTime() - GIVEN_UP_DAYS * 86_400_000).toISOString();
  // Open mails (the open-lane partial index) and failed ones of the last days (by their last try), then
  // those that belong to the account, through their order or their message.
  const { rows } = (await db.execute(sql`
    with recent as (
      select id, order_id, status, created_at, attempts, last_error from outbox where status in ('PENDING', 'SENDING')
      union all
      select id, order_id, status, created_at, attempts, last_error from outbox where status = 'FAILED' and available_at >= ${since}::timestamptz),
    mine as (
      select x.* from recent x join orders o on o.id = x.order_id where o.account_id = ${accountId}
      union all
      select x.* from recent x join message_recipients r on r.outbox_id = x.id join messages m on m.id = r.message_id join events e on e.id = m.event_id
        where x.order_id is null and e.account_id = ${accountId})
    select count(*) filter (where status <> 'FAILED' and attempts > 0 and last_error is not null)::int as waiting,
           min(created_at) filter (where status <> 'FAILED' and attempts > 0 and last_error is not null) as oldest,
           count(*) filter (where status = 'FAILED')::int as given_up
    from mine`)) as unknown as { rows: Array<{ waiting: number; oldest: Date | string | null; given_up: number }> };
  const row = rows[0]!;
  const waiting = Number(row.waiting);
  return {
    status: waiting ? 'delayed' : 'ok',
    waiting,
    oldest_waiting_at: row.oldest ? new Date(row.oldest).toISOString() : null,
    given_up: Number(row.given_up),
    retry_hours: retryHours,
  };
}
