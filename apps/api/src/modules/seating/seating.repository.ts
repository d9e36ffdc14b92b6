import { randomUUID } from 'node:crypto';

import type { SeatingLayout, SeatingPlanDetailDto, SeatingPlanDto, SeatingVersionDto } from '@admitone/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { seatingPlans, seatingPlanVersions } from '../../db/schema/index.js';
import { DomainError, isForeignKeyViolation } from '../../shared/errors.js';
import { assertPlanUnused } from './event-seating.js';
import { assertPublishable, countsOf } from './layout-rules.js';
import { ensurePlaces } from './seats.js';

export type SeatingPlanRow = typeof seatingPlans.$inferSelect;
type VersionRow = Pick<typeof seatingPlanVersions.$inferSelect, 'plan_id' | 'version' | 'counts' | 'published_at'>;

/** Who owns the plans asked for: the caller's account and one of its organizers. */
export interface PlanScope {
  accountId: number;
  organizerId: number;
}

const inScope = (scope: PlanScope) =>
  and(eq(seatingPlans.account_id, scope.accountId), eq(seatingPlans.organizer_id, scope.organizerId));

/** The draft differs from the plan's latest version (or none is published). Qualified: drizzle leaves columns bare. */
const unpublished = sql<boolean>`"seating_plans"."layout" is distinct from (select v.layout from "seating_plan_versions" v
  where v.plan_id = "seating_plans"."id" order by v.version desc limit 1)`;

const versionDto = (v: VersionRow): SeatingVersionDto => ({
  version: v.version,
  counts: v.counts,
  published_at: v.published_at.toISOString(),
});

function toDto(row: Omit<SeatingPlanRow, 'layout'>, changed: boolean, versions: VersionRow[]): SeatingPlanDto {
  return {
    id: row.id,
    organizer_id: row.organizer_id,
    name: row.name,
    counts: row.counts,
    unpublished_changes: changed,
    versions: versions.filter((v) => v.plan_id === row.id).map(versionDto),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const versionsOf = (db: Executor, planIds: number[]) =>
  planIds.length
    ? db
        .select({
          plan_id: seatingPlanVersions.plan_id,
          version: seatingPlanVersions.version,
          counts: seatingPlanVersions.counts,
          published_at: seatingPlanVersions.published_at,
        })
        .from(seatingPlanVersions)
        .where(inArray(seatingPlanVersions.plan_id, planIds))
        .orderBy(asc(seatingPlanVersions.version))
    : Promise.resolve([]);

/** An organizer's plans by name, each with its versions (no layouts). */
export async function listPlans(db: Executor, scope: PlanScope): Promise<SeatingPlanDto[]> {
  const rows = await db
    .select({
      id: seatingPlans.id,
      account_id: seatingPlans.account_id,
      organizer_id: seatingPlans.organizer_id,
      name: seatingPlans.name,
      counts: seatingPlans.counts,
      created_at: seatingPlans.created_at,
      updated_at: seatingPlans.updated_at,
      changed: unpublished,
    })
    .from(seatingPlans)
    .where(inScope(scope))
    .orderBy(asc(seatingPlans.name), asc(seatingPlans.id));
  const versions = await versionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, r.changed, versions));
}

/** One plan with its draft layout; NOT_FOUND outside the scope. */
export async function getPlan(db: Executor, scope: PlanScope, planId: number): Promise<SeatingPlanDetailDto> {
  const [row] = await db
    .select({ plan: seatingPlans, changed: unpublished })
    .from(seatingPlans)
    .where(and(inScope(scope), eq(seatingPlans.id, planId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return { ...toDto(row.plan, row.changed, await versionsOf(db, [planId])), layout: row.plan.layout };
}

/** A published version's layout; NOT_FOUND outside the scope or when the plan has no such version. */
export async function getVersion(
  db: Executor,
  scope: PlanScope,
  planId: number,
  version: number,
): Promise<SeatingVersionDto & { layout: SeatingLayout }> {
  const [row] = await db
    .select({ v: seatingPlanVersions })
    .from(seatingPlanVersions)
    .innerJoin(seatingPlans, eq(seatingPlans.id, seatingPlanVersions.plan_id))
    .where(and(inScope(scope), eq(seatingPlans.id, planId), eq(seatingPlanVersions.version, version)));
  if (!row) throw new DomainError('NOT_FOUND');
  return { ...versionDto(row.v), layout: row.v.layout };
}

/** Makes a plan (a draft; nothing published yet). */
export async function createPlan(
  db: Executor,
  scope: PlanScope,
  name: string,
  layout: SeatingLayout,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(seatingPlans)
    .values({
      account_id: scope.accountId,
      organizer_id: scope.organizerId,
      name,
      layout,
      counts: countsOf(layout),
      created_at: now,
      updated_at: now,
    })
    .returning({ id: seatingPlans.id });
  return row!.id;
}

/** Saves a plan's name and, when given, its draft layout (published versions never change). */
export async function savePlan(
  db: Executor,
  scope: PlanScope,
  planId: number,
  name: string,
  layout: SeatingLayout | undefined,
  now: Date,
): Promise<void> {
  const [row] = await db
    .update(seatingPlans)
    .set({ name, ...(layout ? { layout, counts: countsOf(layout) } : {}), updated_at: now })
    .where(and(inScope(scope), eq(seatingPlans.id, planId)))
    .returning({ id: seatingPlans.id });
  if (!row) throw new DomainError('NOT_FOUND');
}

/**
 * Publishes the draft as the plan's next version, once it has no problems (`assertPublishable`, each on its field).
 * The plan's row is locked first, so two publications of one plan number their versions one after the other.
 */
export async function publishPlan(db: Db, scope: PlanScope, planId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ layout: seatingPlans.layout })
      .from(seatingPlans)
      .where(and(inScope(scope), eq(seatingPlans.id, planId)))
      .for('update');
    if (!plan) throw new DomainError('NOT_FOUND');
    assertPublishable(plan.layout);
    // A standing area is sold by its uuid from version to version: one without gets one now, in the draft too.
    const layout = withStandingIds(plan.layout);
    if (layout !== plan.layout) await tx.update(seatingPlans).set({ layout }).where(eq(seatingPlans.id, planId));
    const [last] = await tx
      .select({ version: seatingPlanVersions.version })
      .from(seatingPlanVersions)
      .where(eq(seatingPlanVersions.plan_id, planId))
      .orderBy(desc(seatingPlanVersions.version))
      .limit(1);
    const version = (last?.version ?? 0) + 1;
    const [made] = await tx
      .insert(seatingPlanVersions)
      .values({ plan_id: planId, version, layout, counts: countsOf(layout), published_at: now })
      .returning({ id: seatingPlanVersions.id });
    await ensurePlaces(tx, made!.id, layout);
    return version;
  });
}

/** The layout with a uuid on every standing area (the same object when each had one). */
function withStandingIds(layout: SeatingLayout): SeatingLayout {
  const missing = layout.zones.some((z) => (z.areas ?? []).some((a) => a.standing && !a.uuid));
  if (!missing) return layout;
  return {
    ...layout,
    zones: layout.zones.map((z) => ({
      ...z,
      ...(z.areas ? { areas: z.areas.map((a) => (a.standing && !a.uuid ? { ...a, uuid: randomUUID() } : a)) } : {}),
    })),
  };
}

/** Deletes a plan with its versions; refused (SEATING_PLAN_IN_USE) while one of them seats an event. */
export async function deletePlan(db: Executor, scope: PlanScope, planId: number): Promise<void> {
  await assertPlanUnused(db, planId);
  try {
    const gone = await db
      .delete(seatingPlans)
      .where(and(inScope(scope), eq(seatingPlans.id, planId)))
      .returning({ id: seatingPlans.id });
    if (!gone.length) throw new DomainError('NOT_FOUND');
  } catch (err) {
    // An event took one of its versions meanwhile (the reference keeps the version).
    if (isForeignKeyViolation(err)) throw new DomainError('SEATING_PLAN_IN_USE');
    throw err;
  }
}
