import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { mailPayload } from '../../mail/outbox.js';
import { rowsOf } from '../inventory/counters.js';
import { type AutomationDeps, eventForMails } from './automation-context.js';
import { type AutomationMail, lanesFull, waveProgress, writeAutomationMails } from './automation-mails.js';
import { unsubscribedAmong, unsubscribeLinks } from './mail-contacts.js';
import { localeOf } from './reminders.js';

const BATCH = 200;
/** A follow-up more than this late (the worker was down) is no longer sent. */
const STALE_AFTER = `7 days`;

interface DueFollowUp {
  automation_id: number;
  event_id: number;
  organizer_id: number;
  audience: 'ALL' | 'CHECKED_IN';
  message: string | null;
  link_url: string | null;
  date_id: number;
  start_date: Date;
  end_date: Date | null;
  label: string | null;
  location: unknown;
}

/** Each enabled follow-up of each date that ended (its end, else its start) at least its offset ago, within a week. */
const dueFollowUps = (db: Db, now: Date) =>
  rowsOf<DueFollowUp>(
    db,
    sql`select m.id as automation_id, m.event_id, e.organizer_id, m.audience, m.message, m.link_url,
        d.id as date_id, d.start_date, d.end_date, d.label, d.location
      from mail_automations m
      join events e on e.id = m.event_id
      join event_dates d on d.event_id = m.event_id
      where m.kind = 'FOLLOW_UP' and m.enabled and d.status <> 'CANCELLED'
        and coalesce(d.end_date, d.start_date) + m.offset_minutes * interval '1 minute' <= ${now}::timestamptz
        and coalesce(d.end_date, d.start_date) + m.offset_minutes * interval '1 minute'
          > ${now}::timestamptz - interval '${sql.raw(STALE_AFTER)}'
      order by d.start_date, m.id`,
  );

interface HolderRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
  order_id: number;
}

/**
 * The date's holders (checked in, or all), one row per address (its first ticket), less the addresses this follow-up
 * has written to: read in one pass, as the reminders' are, then written in batches.
 */
const holders = (db: Db, f: DueFollowUp, key: string) =>
  rowsOf<HolderRow>(
    db,
    sql`select distinct on (email) email, first_name, last_name, locale, order_id from (
        select lower(coalesce(a.email, o.email)) as email, a.first_name, a.last_name, a.locale, o.id as order_id, a.id
        from attendees a join orders o on o.id = a.order_id
        where a.event_date_id = ${f.date_id} and a.is_admission
          and o.status in ('COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED')
          and a.status = 'ACTIVE' and ${f.audience === 'CHECKED_IN' ? sql`a.checked_in_at is not null` : sql`true`}
          and coalesce(a.email, o.email) is not null) h
      where not exists (select 1 from automation_sends s where s.automation_id = ${f.automation_id}
          and s.recipient_key = ${key} || h.email)
      order by email, id`,
  );

/**
 * Writes the follow-ups that are due: one per address per date, marketing-type (one-click unsubscribe, and never to an
 * address that unsubscribed from the organizer). Exactly once through `automation_sends`.
 */
export async function sendDueFollowUps(db: Db, deps: AutomationDeps): Promise<{ mails: number[] }> {
  const mails: number[] = [];
  const wave = { written: 0 };
  for (const f of await dueFollowUps(db, deps.clock.now())) {
    const key = `${f.date_id}:`;
    if (await lanesFull(db)) break;
    const all = await holders(db, f, key);
    for (let i = 0; i < all.length; i += BATCH) {
      if (await lanesFull(db)) return { mails };
      await deps.pace?.();
      const batch = all.slice(i, i + BATCH);
      const ids = await db.transaction(async (tx) => {
        // Who unsubscribed is read with the batch it keeps out (an address may have done so since the wave began).
        const gone = await unsubscribedAmong(
          tx,
          f.organizer_id,
          batch.map((r) => r.email),
        );
        const rows = batch.filter((r) => !gone.has(r.email));
        if (!rows.length) return [];
        const ctx = await eventForMails(tx, deps, f.event_id, {
          id: f.date_id,
          start_date: new Date(f.start_date),
          end_date: f.end_date ? new Date(f.end_date) : null,
          label: f.label,
          location: f.location as never,
        });
        const links = await unsubscribeLinks(
          tx,
          deps.appUrl,
          f.organizer_id,
          rows.map((r) => r.email),
        );
        const list: AutomationMail[] = [];
        for (const r of rows) {
          const event = await ctx.mailEvent(r.locale);
          list.push({
            key: key + r.email,
            email: r.email,
            eventDateId: f.date_id,
            orderId: r.order_id,
            payload: () =>
              mailPayload('event_follow_up', r.email, localeOf(r.locale), {
                name: { first_name: r.first_name, last_name: r.last_name },
                event,
                message: f.message,
                link_url: f.link_url,
                unsubscribe: links.get(r.email)!,
                sender: ctx.sender,
              }),
          });
        }
        return writeAutomationMails(tx, f.automation_id, list, deps.clock.now());
      });
      mails.push(...ids);
      await waveProgress(db, deps.deliver, ids, wave);
    }
  }
  return { mails };
}
