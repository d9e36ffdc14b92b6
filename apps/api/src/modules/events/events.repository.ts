import type { EventLifecycle, EventStatus } from '@admitone/shared';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, organizers } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { likePattern, offsetOf, type PageRequest } from '../../shared/pagination.js';
import { insertDefaultAutomations } from '../automations/automations.repository.js';
import { insertDefaultCheckInList } from '../check-in/check-in-lists.repository.js';
import { insertFirstDate } from '../event-dates/event-dates.repository.js';
import { insertDefaultCategory } from '../product-categories/product-categories.repository.js';

const eventColumns = {
  event: events,
  organizer: { id: organizers.id, name: organizers.name },
};

export type EventWithOrganizer = { event: typeof events.$inferSelect; organizer: { id: number; name: string } };

/**
 * A new event with its default product category and check-in list (every event has at least one of each), its
 * automatic mails (the account's defaults, else reminders 48 and 2 hours before each date) and,
 * unless its dates come from elsewhere (a copy's: `firstDate: false`), one date from its own start and end;
 * call it in a transaction.
 */
export async function insertEvent(
  db: Executor,
  values: typeof events.$inferInsert,
  options: { firstDate: boolean } = { firstDate: true },
) {
  const [row] = await db.insert(events).values(values).returning();
  await insertDefaultCategory(db, row!);
  await insertDefaultCheckInList(db, row!);
  await insertDefaultAutomations(db, row!);
  if (options.firstDate) await insertFirstDate(db, row!);
  return row!;
}

/** One event of an account, with its organizer; another account's id finds nothing. */
export async function findEvent(db: Executor, accountId: number, id: number): Promise<EventWithOrganizer | null> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.account_id, accountId), eq(events.id, id)))
    .limit(1);
  return row ?? null;
}

/** The instant an event is over: its end, or its start when it has no end. */
const endsAt = sql`coalesce(${events.end_date}, ${events.start_date})`;

function lifecycleCondition(lifecycle: EventLifecycle, now: Date): SQL | undefined {
  switch (lifecycle) {
    case 'UPCOMING':
      return gt(events.start_date, now);
    case 'ONGOING':
      return and(lte(events.start_date, now), sql`${endsAt} > ${now.toISOString()}`);
    case 'ENDED':
      return sql`${endsAt} <= ${now.toISOString()}`;
  }
}

export interface EventListFilters {
  query?: string;
  sort_by?: 'start_date' | 'created_at' | 'title';
  sort_direction?: 'asc' | 'desc';
  filter_fields?: { status?: EventStatus; lifecycle?: EventLifecycle; organizer_id?: number };
}

/** A page of an account's events. Archived events show only when asked for by status. */
/** The account's events for the list; `onlyIds` (an API key limited to some events): just those. */
export async function listEvents(
  db: Executor,
  accountId: number,
  q: PageRequest & EventListFilters,
  now: Date,
  onlyIds: readonly number[] | null = null,
) {
  const f = q.filter_fields ?? {};
  const where = and(
    eq(events.account_id, accountId),
    onlyIds ? inArray(events.id, onlyIds.length ? [...onlyIds] : [0]) : undefined,
    f.status ? eq(events.status, f.status) : ne(events.status, 'ARCHIVED'),
    f.lifecycle ? lifecycleCondition(f.lifecycle, now) : undefined,
    f.organizer_id ? eq(events.organizer_id, f.organizer_id) : undefined,
    q.query ? or(ilike(events.title, likePattern(q.query)), ilike(organizers.name, likePattern(q.query))) : undefined,
  );
  // Text sorts ignore case, whatever the database's collation.
  const column =
    q.sort_by === 'title'
      ? sql`lower(${events.title})`
      : q.sort_by === 'created_at'
        ? events.created_at
        : events.start_date;
  const direction = (q.sort_direction ?? (q.sort_by === 'title' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(eventColumns)
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizer_id))
      .where(where)
      .orderBy(direction(column), asc(events.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(events).innerJoin(organizers, eq(organizers.id, events.organizer_id)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The event row of an id in the path: the caller's account only, else "not found". */
export async function requireEvent(db: Executor, accountId: number, eventId: number) {
  const found = await findEvent(db, accountId, eventId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found.event;
}
