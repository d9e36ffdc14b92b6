import { sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { laneOf, type MailPayload } from '../../mail/outbox.js';
import { rowsOf } from '../inventory/counters.js';

/** One mail an automation is about to write: to whom, for which date or order, and its outbox payload. */
export interface AutomationMail {
  /** The send's key within its automation (`automation_sends.recipient_key`): the same key never goes twice. */
  key: string;
  email: string;
  eventDateId: number | null;
  orderId: number | null;
  payload: () => MailPayload;
}

/**
 * Writes an automation's mails in the caller's transaction: first a send row per key (`on conflict do nothing`: a key
 * another worker or an earlier run wrote is skipped), then an outbox mail for each key that is new, linked to its send.
 * Exactly once: a send row and its mail commit together or not at all. Returns the outbox ids to deliver.
 */
export async function writeAutomationMails(
  tx: Tx,
  automationId: number,
  mails: AutomationMail[],
  now: Date,
): Promise<number[]> {
  if (!mails.length) return [];
  const fresh = await rowsOf<{ id: number; recipient_key: string }>(
    tx,
    sql`insert into automation_sends (automation_id, recipient_key, email, event_date_id, order_id, created_at)
      select ${automationId}, k, e, d, o, ${now}::timestamptz
      from unnest(${pgArray(mails.map((m) => m.key))}::text[], ${pgArray(mails.map((m) => m.email))}::text[],
        ${pgArray(mails.map((m) => m.eventDateId))}::int[], ${pgArray(mails.map((m) => m.orderId))}::int[]) as t(k, e, d, o)
      on conflict (automation_id, recipient_key) do nothing
      returning id, recipient_key`,
  );
  if (!fresh.length) return [];
  const byKey = new Map(mails.map((m) => [m.key, m]));
  const payloads = fresh.map((f) => byKey.get(f.recipient_key)!.payload());
  const ids = await rowsOf<{ id: number }>(
    tx,
    sql`insert into outbox (kind, lane, payload, created_at, available_at, order_id)
      select 'mail', l, p, ${now}::timestamptz, ${now}::timestamptz, o
      from unnest(${pgArray(payloads.map((p) => laneOf(p.template)))}::text[],
        ${pgArray(payloads.map((p) => JSON.stringify(p)))}::jsonb[],
        ${pgArray(fresh.map((f) => byKey.get(f.recipient_key)!.orderId))}::int[]) with ordinality as t(l, p, o, n)
      order by n
      returning id`,
  );
  await tx.execute(
    sql`update automation_sends s set outbox_id = t.outbox_id
      from unnest(${pgArray(fresh.map((f) => f.id))}::int[], ${pgArray(ids.map((i) => i.id))}::int[]) as t(send_id, outbox_id)
      where s.id = t.send_id`,
  );
  return ids.map((i) => i.id);
}

/** Mails written between two refreshes of the outbox's planner statistics during a wave. */
const ANALYZE_EVERY = 5_000;

/**
 * After each committed batch of a wave: its mails go to the lanes at once, and every ANALYZE_EVERY mails the outbox's
 * statistics are refreshed. A wave of 50,000 lands faster than autovacuum looks; planned with the statistics of a
 * nearly empty outbox, the lanes' claims scanned the whole table for each claim (seen in bench/mail.mjs).
 */
export async function waveProgress(
  db: Db,
  deliver: ((ids: number[]) => void) | undefined,
  ids: number[],
  wave: { written: number },
): Promise<void> {
  if (!ids.length) return;
  deliver?.(ids);
  const before = wave.written;
  wave.written += ids.length;
  if (Math.floor(wave.written / ANALYZE_EVERY) > Math.floor(before / ANALYZE_EVERY))
    await db.execute(sql`analyze outbox`);
}

/**
 * How far a wave is written ahead of the bulk lanes: past this many bulk mails waiting, a wave stops for this run of
 * the scheduler and goes on at the next (its keys say where). Writing further ahead would only spend CPU and outbox
 * space now, while a rush of buyers may need them; the lanes keep working through what is written.
 */
export const WAVE_AHEAD = 10_000;

/** More bulk mail waits than a wave should write ahead of (WAVE_AHEAD). */
export async function lanesFull(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from outbox where lane = 'bulk' and status in ('PENDING', 'SENDING')
      limit ${WAVE_AHEAD + 1}) q`,
  );
  return (row?.n ?? 0) > WAVE_AHEAD;
}

/** A JS array as one PostgreSQL array parameter (text form: the driver and PGlite both take it). */
function pgArray(values: ReadonlyArray<string | number | null>): string {
  const item = (v: string | number | null) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(item).join(',')}}`;
}
