import type { ImageDto, OrganizerDto } from '@admitone/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { organizers } from '../../db/schema/index.js';
import { likePattern, offsetOf, type PageRequest } from '../../shared/pagination.js';
import type { FileStorage } from '../../storage/storage.js';
import { imagesByOwner, toImageDto } from '../images/images.repository.js';

export type OrganizerRow = typeof organizers.$inferSelect;

export async function insertOrganizer(db: Executor, values: typeof organizers.$inferInsert): Promise<OrganizerRow> {
  const [row] = await db.insert(organizers).values(values).returning();
  return row!;
}

/** One organizer of an account; another account's id finds nothing. */
export async function findOrganizer(db: Executor, accountId: number, id: number): Promise<OrganizerRow | null> {
  const [row] = await db
    .select()
    .from(organizers)
    .where(and(eq(organizers.account_id, accountId), eq(organizers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listOrganizers(
  db: Executor,
  accountId: number,
  q: PageRequest & { query?: string; sort_by?: 'name' | 'created_at'; sort_direction?: 'asc' | 'desc' },
  /** A member limited to some organizers (team scope): only those. */
  organizerIds: readonly number[] | null = null,
) {
  const where = and(
    eq(organizers.account_id, accountId),
    organizerIds === null ? undefined : inArray(organizers.id, organizerIds.length ? [...organizerIds] : [0]),
    q.query ? ilike(organizers.name, likePattern(q.query)) : undefined,
  );
  // Text sorts ignore case, whatever the database's collation.
  const column = q.sort_by === 'created_at' ? organizers.created_at : sql`lower(${organizers.name})`;
  const direction = (q.sort_direction ?? (q.sort_by === 'created_at' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organizers)
      .where(where)
      .orderBy(direction(column), asc(organizers.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(organizers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function toOrganizerDto(o: OrganizerRow, logo: ImageDto | null = null): OrganizerDto {
  return {
    id: o.id,
    name: o.name,
    email: o.email,
    description: o.description,
    website: o.website,
    logo,
    created_at: o.created_at.toISOString(),
  };
}

/** Organizers as the API shows them, with their logos (one query for all). */
export async function organizerViews(
  db: Executor,
  storage: FileStorage,
  accountId: number,
  rows: OrganizerRow[],
): Promise<OrganizerDto[]> {
  const logos = await imagesByOwner(
    db,
    accountId,
    'organizer',
    'ORGANIZER_LOGO',
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const logo = logos.get(r.id);
    return toOrganizerDto(r, logo ? toImageDto(logo, storage) : null);
  });
}

/** Changes an organizer's columns (the row is the caller's: found first). */
export async function updateOrganizer(
  db: Executor,
  id: number,
  changes: Partial<typeof organizers.$inferInsert>,
): Promise<OrganizerRow> {
  const [updated] = await db.update(organizers).set(changes).where(eq(organizers.id, id)).returning();
  return updated!;
}
