import type { automationBody } from '@admitone/shared';
import {
  type AutomationBody,
  type AutomationDto,
  type AutomationSendDto,
  DEFAULT_ABANDONED_MINUTES,
  DEFAULT_FOLLOW_UP_MINUTES,
  DEFAULT_REMINDER_MINUTES,
  REMINDERS_MAX,
} from '@admitone/shared';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { automationSends, mailAutomations, outbox } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';
import { rowsOf } from '../inventory/counters.js';
import { deliveryStatus } from '../messages/messages.repository.js';

type Row = typeof mailAutomations.$inferSelect;
export type AutomationInput = z.output<typeof automationBody>;

const KIND_ORDER = { REMINDER: 0, ABANDONED_CHECKOUT: 1, FOLLOW_UP: 2 } as const;

/**
 * A new event's automations: the account's defaults (rows without an event) when it has any, else the built-in ones
 * (reminders 48 and 2 hours before each date, on; the abandoned-checkout mail and the follow-up, off). Every event
 * has exactly one abandoned-checkout and one follow-up row.
 */
export async function insertDefaultAutomations(db: Executor, event: { id: number; account_id: number }) {
  const defaults = await db
    .select()
    .from(mailAutomations)
    .where(and(eq(mailAutomations.account_id, event.account_id), isNull(mailAutomations.event_id)));
  const rows: Array<typeof mailAutomations.$inferInsert> = defaults.length
    ? defaults.map(({ id: _id, created_at: _c, updated_at: _u, ...d }) => ({ ...d, event_id: event.id }))
    : DEFAULT_REMINDER_MINUTES.map((offset_minutes) => ({
        account_id: event.account_id,
        event_id: event.id,
        kind: 'REMINDER' as const,
        offset_minutes,
      }));
  for (const [kind, offset_minutes] of [
    ['ABANDONED_CHECKOUT', DEFAULT_ABANDONED_MINUTES],
    ['FOLLOW_UP', DEFAULT_FOLLOW_UP_MINUTES],
  ] as const)
    if (!rows.some((r) => r.kind === kind))
      rows.push({ account_id: event.account_id, event_id: event.id, kind, enabled: false, offset_minutes });
  await db.insert(mailAutomations).values(rows);
}

/** An event's automations, or the account's defaults (`eventId: null`: the rows copied into each new event). */
export interface AutomationScope {
  accountId: number;
  eventId: number | null;
}

const inScope = (s: AutomationScope) =>
  and(
    eq(mailAutomations.account_id, s.accountId),
    s.eventId === null ? isNull(mailAutomations.event_id) : eq(mailAutomations.event_id, s.eventId),
  );

/** One add or fill at a time per event (or per account, for its defaults). */
const lockScope = (tx: Executor, s: AutomationScope) =>
  s.eventId === null
    ? tx.execute(sql`select id from accounts where id = ${s.accountId} for update`)
    : tx.execute(sql`select id from events where id = ${s.eventId} for update`);

/**
 * The automations of a scope, made first where some are missing: an event from before automations existed gets its
 * abandoned-checkout and follow-up rows, an account without defaults the built-in ones (what its new events get until
 * an admin changes them). Reminders first, furthest from the start first.
 */
async function automationRows(db: Db, scope: AutomationScope): Promise<Row[]> {
  let rows = await db.select().from(mailAutomations).where(inScope(scope));
  const complete = (found: Row[]) =>
    (['ABANDONED_CHECKOUT', 'FOLLOW_UP'] as const).every((k) => found.some((r) => r.kind === k));
  if (!complete(rows)) {
    rows = await db.transaction(async (tx) => {
      await lockScope(tx, scope);
      const found = await tx.select().from(mailAutomations).where(inScope(scope));
      if (complete(found)) return found;
      const values: Array<typeof mailAutomations.$inferInsert> =
        scope.eventId === null && !found.length
          ? DEFAULT_REMINDER_MINUTES.map((offset_minutes) => ({
              account_id: scope.accountId,
              event_id: null,
              kind: 'REMINDER' as const,
              offset_minutes,
            }))
          : [];
      for (const kind of ['ABANDONED_CHECKOUT', 'FOLLOW_UP'] as const)
        if (!found.some((r) => r.kind === kind))
          values.push({
            account_id: scope.accountId,
            event_id: scope.eventId,
            kind,
            enabled: false,
            offset_minutes: kind === 'FOLLOW_UP' ? DEFAULT_FOLLOW_UP_MINUTES : DEFAULT_ABANDONED_MINUTES,
          });
      await tx.insert(mailAutomations).values(values);
      return tx.select().from(mailAutomations).where(inScope(scope));
    });
  }
  return rows.sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.offset_minutes - a.offset_minutes || a.id - b.id,
  );
}

/**
 * Gives a copied event the source's automations (switched on or off and worded as there) instead of the defaults it
 * was made with; what the source sent stays with the source. Call it in the copy's transaction.
 */
export async function copyAutomations(tx: Executor, fromEventId: number, toEventId: number, now: Date) {
  const source = await tx.select().from(mailAutomations).where(eq(mailAutomations.event_id, fromEventId));
  if (!source.length) return;
  await tx.delete(mailAutomations).where(eq(mailAutomations.event_id, toEventId));
  await tx
    .insert(mailAutomations)
    .values(source.map(({ id: _id, ...a }) => ({ ...a, event_id: toEventId, created_at: now, updated_at: now })));
}

/** Sent, queued and failed mails of each automation, and when the last was written. */
async function statsOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, AutomationDto['stats']>();
  const rows = await db
    .select({
      id: automationSends.automation_id,
      status: outbox.status,
      n: count(),
      last: sql<Date | null>`max(${automationSends.created_at})`,
    })
    .from(automationSends)
    .leftJoin(outbox, eq(outbox.id, automationSends.outbox_id))
    .where(
      sql`${automationSends.automation_id} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .groupBy(automationSends.automation_id, outbox.status);
  const out = new Map(ids.map((id) => [id, { sent: 0, queued: 0, failed: 0, last_sent_at: null as string | null }]));
  for (const r of rows) {
    const s = out.get(r.id)!;
    const status = deliveryStatus(r.status);
    if (status === 'FAILED') s.failed += r.n;
    else if (status === 'QUEUED') s.queued += r.n;
    else s.sent += r.n;
    const last = r.last ? new Date(r.last).toISOString() : null;
    if (last && (!s.last_sent_at || last > s.last_sent_at)) s.last_sent_at = last;
  }
  return out;
}

/**
 * When an automation next writes mail, and for which date: a reminder at the first date not begun whose reminder time
 * is still ahead, a follow-up at the first date whose follow-up time is still ahead. Null for the abandoned-checkout
 * mail (it looks all the time) and for one that is off.
 */
async function nextRun(db: Executor, a: Row, now: Date) {
  if (!a.enabled || a.kind === 'ABANDONED_CHECKOUT' || a.event_id === null) return null;
  const at =
    a.kind === 'REMINDER'
      ? sql`d.start_date - ${a.offset_minutes} * interval '1 minute'`
      : sql`coalesce(d.end_date, d.start_date) + ${a.offset_minutes} * interval '1 minute'`;
  const [row] = await rowsOf<{ id: number; start_date: Date; label: string | null; at: Date }>(
    db,
    sql`select d.id, d.start_date, d.label, ${at} as at from event_dates d
      where d.event_id = ${a.event_id} and d.status <> 'CANCELLED' and ${at} > ${now}::timestamptz
      order by ${at}, d.id limit 1`,
  );
  return row
    ? {
        at: new Date(row.at).toISOString(),
        date: { id: row.id, start_date: new Date(row.start_date).toISOString(), label: row.label },
      }
    : null;
}

async function toDto(db: Executor, a: Row, stats: AutomationDto['stats'], now: Date): Promise<AutomationDto> {
  const next = await nextRun(db, a, now);
  return {
    id: a.id,
    kind: a.kind,
    enabled: a.enabled,
    offset_minutes: a.offset_minutes,
    audience: a.audience,
    message: a.message,
    link_url: a.link_url,
    next_run_at: next?.at ?? null,
    next_date: next?.date ?? null,
    stats,
  };
}

export async function listAutomations(db: Db, scope: AutomationScope, now: Date) {
  const rows = await automationRows(db, scope);
  const stats = await statsOf(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((r) => toDto(db, r, stats.get(r.id)!, now)));
}

async function requireAutomation(db: Executor, scope: AutomationScope, id: number) {
  const [row] = await db
    .select()
    .from(mailAutomations)
    .where(and(inScope(scope), eq(mailAutomations.id, id)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export async function getAutomation(db: Db, scope: AutomationScope, id: number, now: Date) {
  const row = await requireAutomation(db, scope, id);
  return toDto(db, row, (await statsOf(db, [id])).get(id)!, now);
}

const fieldError = (field: string, key: 'automation_once' | 'too_many' | 'invalid', values?: Record<string, number>) =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key, ...(values ? { values } : {}) }] } });

const columnsOf = (input: AutomationInput) => ({
  enabled: input.enabled,
  offset_minutes: input.offset_minutes,
  audience: input.audience,
  message: input.message,
  link_url: input.kind === 'FOLLOW_UP' ? input.link_url : null,
});

/** Adds a reminder (at most REMINDERS_MAX); the other kinds exist once per event and are changed, not added. */
export async function createAutomation(
  db: Db,
  scope: AutomationScope,
  input: AutomationInput,
  now: Date,
): Promise<number> {
  if (input.kind !== 'REMINDER') throw fieldError('kind', 'automation_once');
  // The defaults made first, so an account's first added reminder joins the built-in ones rather than replacing them.
  if (scope.eventId === null) await automationRows(db, scope);
  return db.transaction(async (tx) => {
    // One add at a time per event (per account for its defaults), so two at once cannot pass the limit together.
    await lockScope(tx, scope);
    const [n] = await tx
      .select({ n: count() })
      .from(mailAutomations)
      .where(and(inScope(scope), eq(mailAutomations.kind, 'REMINDER')));
    if ((n?.n ?? 0) >= REMINDERS_MAX) throw fieldError('kind', 'too_many', { max: REMINDERS_MAX });
    const [row] = await tx
      .insert(mailAutomations)
      .values({
        account_id: scope.accountId,
        event_id: scope.eventId,
        kind: 'REMINDER',
        ...columnsOf(input),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: mailAutomations.id });
    return row!.id;
  });
}

export async function updateAutomation(
  db: Db,
  scope: AutomationScope,
  id: number,
  input: AutomationInput,
  now: Date,
): Promise<void> {
  const row = await requireAutomation(db, scope, id);
  if (row.kind !== input.kind) throw fieldError('kind', 'invalid');
  await db
    .update(mailAutomations)
    .set({ ...columnsOf(input), updated_at: now })
    .where(eq(mailAutomations.id, id));
}

/** Removes a reminder (the other kinds are switched off instead); what it sent stays in the outbox. */
export async function deleteAutomation(db: Db, scope: AutomationScope, id: number): Promise<void> {
  const row = await requireAutomation(db, scope, id);
  if (row.kind !== 'REMINDER') throw fieldError('kind', 'automation_once');
  await db.delete(mailAutomations).where(eq(mailAutomations.id, id));
}

/** A page of an automation's mails, newest first, with their delivery state. */
export async function listSends(
  db: Db,
  accountId: number,
  eventId: number,
  id: number,
  page: PageRequest,
): Promise<{ rows: AutomationSendDto[]; total: number }> {
  await requireAutomation(db, { accountId, eventId }, id);
  const where = eq(automationSends.automation_id, id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: automationSends, status: outbox.status, error: outbox.last_error })
      .from(automationSends)
      .leftJoin(outbox, eq(outbox.id, automationSends.outbox_id))
      .where(where)
      .orderBy(desc(automationSends.created_at), asc(automationSends.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(automationSends).where(where),
  ]);
  return {
    rows: rows.map((r) => {
      const status = deliveryStatus(r.status);
      return {
        id: r.s.id,
        email: r.s.email,
        event_date_id: r.s.event_date_id,
        order_id: r.s.order_id,
        status,
        error: status === 'SENT' ? null : r.error,
        created_at: r.s.created_at.toISOString(),
      };
    }),
    total: total?.n ?? 0,
  };
}

export type { AutomationBody };
