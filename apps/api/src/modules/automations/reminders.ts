import { isLocale, type Locale } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { mailPayload } from '../../mail/outbox.js';
import { mapUrl } from '../../mail/templates/automation-parts.js';
import type { ReminderTicket } from '../../mail/templates/event-reminder.js';
import { rowsOf } from '../inventory/counters.js';
import { buyerOrderUrl } from '../orders/order-mails.js';
import { type AutomationDeps, eventForMails } from './automation-context.js';
import { type AutomationMail, lanesFull, waveProgress, writeAutomationMails } from './automation-mails.js';

/** A stored language, or English. */
export const localeOf = (l: string): Locale => (isLocale(l) ? l : 'en');

/** Addresses written per transaction. */
const BATCH = 200;

/** A date whose reminder is due: the automation, the date, and when the reminder was due. */
interface DueReminder {
  automation_id: number;
  event_id: number;
  message: string | null;
  date_id: number;
  start_date: Date;
  end_date: Date | null;
  label: string | null;
  location: unknown;
  calendar_sequence: number;
  due_at: Date;
}

/**
 * The reminders due now: each enabled reminder of each date that has not begun and is not cancelled, once its time
 * (the start less the offset) has come. A reminder is stale, and skipped, when a later one of the same event (closer
 * to the start) is due as well: after downtime only the latest goes, and nothing goes for a date that has begun.
 */
const dueReminders = (db: Db, now: Date) =>
  rowsOf<DueReminder>(
    db,
    sql`select m.id as automation_id, m.event_id, m.message, d.id as date_id, d.start_date, d.end_date, d.label,
        d.location, d.calendar_sequence, d.start_date - m.offset_minutes * interval '1 minute' as due_at
      from mail_automations m
      join event_dates d on d.event_id = m.event_id
      where m.kind = 'REMINDER' and m.enabled and m.event_id is not null
        and d.status <> 'CANCELLED' and d.start_date > ${now}::timestamptz
        and d.start_date - m.offset_minutes * interval '1 minute' <= ${now}::timestamptz
        and not exists (select 1 from mail_automations later where later.event_id = m.event_id
          and later.kind = 'REMINDER' and later.enabled and later.offset_minutes < m.offset_minutes
          and d.start_date - later.offset_minutes * interval '1 minute' <= ${now}::timestamptz)
      order by d.start_date, m.id`,
  );

interface HolderRow {
  email: string;
  attendee_short_id: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
  order_id: number;
  order_email: string | null;
  order_short_id: string;
  order_secret: string;
  ticket_name: string;
  tier_label: string | null;
  mail_text: string | null;
}

/**
 * Every holder of a due reminder's date, by address: active admissions not checked in, of orders that stand (paid,
 * awaiting payment, partly refunded) and were placed before the reminder was due (a later buyer has just had their
 * confirmation). Read in one pass (a wave of 50,000 is a few megabytes), then written in batches.
 */
const holders = (db: Db, r: DueReminder) =>
  rowsOf<HolderRow>(
    db,
    sql`select lower(coalesce(a.email, o.email)) as email, a.short_id as attendee_short_id, a.first_name, a.last_name,
        a.locale, o.id as order_id, o.email as order_email, o.short_id as order_short_id, o.secret as order_secret,
        t.name as ticket_name, tt.label as tier_label, t.mail_text
      from attendees a
      join orders o on o.id = a.order_id
      join tickets t on t.id = a.ticket_id
      left join ticket_tiers tt on tt.id = a.tier_id
      where a.event_date_id = ${r.date_id} and a.status in ('ACTIVE', 'AWAITING_PAYMENT') and a.is_admission
        and a.checked_in_at is null
        and o.status in ('COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED')
        and coalesce(o.completed_at, o.created_at) <= ${r.due_at}::timestamptz
        and coalesce(a.email, o.email) is not null
      order by a.id`,
  );

/** The addresses a reminder has written to for a date (its keys start with the date's own `key`). */
async function remindedOf(db: Db, automationId: number, key: string): Promise<Set<string>> {
  const rows = await rowsOf<{ k: string }>(
    db,
    sql`select recipient_key as k from automation_sends where automation_id = ${automationId}
      and starts_with(recipient_key, ${key})`,
  );
  return new Set(rows.map((r) => r.k.slice(key.length)));
}

/**
 * Writes the reminders that are due: per due date, batches of addresses each in its own transaction, one mail per
 * address with each of its tickets for the date (and their calendar files), in the language of the address's first
 * ticket. Exactly once through `automation_sends` (automation-mails.ts). Returns the outbox ids to deliver.
 */
export async function sendDueReminders(db: Db, deps: AutomationDeps): Promise<{ written: number; mails: number[] }> {
  const now = deps.clock.now();
  const mails: number[] = [];
  const wave = { written: 0 };
  for (const r of await dueReminders(db, now)) {
    const start = new Date(r.start_date);
    const key = `${r.date_id}@${start.getTime()}:`;
    // Far enough ahead of the lanes (before reading the date's holders, which a full wave makes many).
    if (await lanesFull(db)) break;
    // The date's holders by address (in the order they bought), less those this reminder has written to already.
    const reminded = await remindedOf(db, r.automation_id, key);
    const byAddress = new Map<string, HolderRow[]>();
    for (const row of await holders(db, r)) {
      if (reminded.has(row.email)) continue;
      const held = byAddress.get(row.email);
      if (held) held.push(row);
      else byAddress.set(row.email, [row]);
    }
    const addresses = [...byAddress.entries()];
    for (let i = 0; i < addresses.length; i += BATCH) {
      // Far enough ahead of the lanes: the next run of the scheduler goes on from here.
      if (await lanesFull(db)) return { written: mails.length, mails };
      const batch = addresses.slice(i, i + BATCH);
      await deps.pace?.();
      const ids = await db.transaction(async (tx) => {
        const ctx = await eventForMails(tx, deps, r.event_id, {
          id: r.date_id,
          start_date: start,
          end_date: r.end_date ? new Date(r.end_date) : null,
          label: r.label,
          location: r.location as never,
          calendar_sequence: r.calendar_sequence,
        });
        const list: AutomationMail[] = [];
        for (const [email, held] of batch) {
          const first = held[0]!;
          const mailEvent = await ctx.mailEvent(first.locale);
          const tickets: ReminderTicket[] = held.map((h) => ({
            short_id: h.attendee_short_id,
            ticket_name: h.ticket_name,
            tier_label: h.tier_label,
            first_name: h.first_name ?? '',
            last_name: h.last_name ?? '',
            url: `${deps.appUrl}/ticket/${r.event_id}/${h.attendee_short_id}`,
          }));
          const texts = new Map<string, string>();
          for (const h of held) if (h.mail_text) texts.set(h.ticket_name, h.mail_text);
          // The buyer of several tickets goes to the order; a holder to their (first) ticket.
          const ownOrder = held.length > 1 && first.order_email?.toLowerCase() === email;
          list.push({
            key: key + email,
            email,
            eventDateId: r.date_id,
            orderId: first.order_id,
            payload: () =>
              mailPayload('event_reminder', email, localeOf(first.locale), {
                name: { first_name: first.first_name, last_name: first.last_name },
                event: mailEvent,
                event_url: ctx.url,
                event_slug: ctx.event.slug,
                tickets,
                message: r.message,
                ticket_texts: [...texts].map(([ticket_name, text]) => ({ ticket_name, text })),
                map_url: mapUrl(mailEvent),
                action_url: ownOrder
                  ? buyerOrderUrl(deps.appUrl, {
                      event_id: r.event_id,
                      short_id: first.order_short_id,
                      secret: first.order_secret,
                    })
                  : tickets[0]!.url,
                sender: ctx.sender,
              }),
          });
        }
        return writeAutomationMails(tx, r.automation_id, list, deps.clock.now());
      });
      mails.push(...ids);
      await waveProgress(db, deps.deliver, ids, wave);
    }
  }
  return { written: mails.length, mails };
}
