import type { PromoCodeDto } from '@admitone/shared';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { promoCodes, promoCodeTickets } from '../../db/schema/index.js';
import { likePattern, offsetOf, type PageRequest } from '../../shared/pagination.js';

export type PromoRow = typeof promoCodes.$inferSelect & { ticket_ids: number[] };

async function withTickets(db: Executor, rows: Array<typeof promoCodes.$inferSelect>): Promise<PromoRow[]> {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(promoCodeTickets)
    .where(
      inArray(
        promoCodeTickets.promo_code_id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    ticket_ids: links
      .filter((l) => l.promo_code_id === r.id)
      .map((l) => l.ticket_id)
      .sort((a, b) => a - b),
  }));
}

/** One promo code of an event of the account; another event's or account's id is not found. */
export async function findPromo(
  db: Executor,
  accountId: number,
  eventId: number,
  id: number,
): Promise<PromoRow | null> {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.account_id, accountId), eq(promoCodes.event_id, eventId), eq(promoCodes.id, id)));
  return (await withTickets(db, rows))[0] ?? null;
}

export async function listPromos(
  db: Executor,
  accountId: number,
  eventId: number,
  q: PageRequest & { query?: string; sort_by?: 'code' | 'created_at'; sort_direction?: 'asc' | 'desc' },
) {
  const where = and(
    eq(promoCodes.account_id, accountId),
    eq(promoCodes.event_id, eventId),
    q.query ? ilike(promoCodes.code, likePattern(q.query)) : undefined,
  );
  const column = q.sort_by === 'code' ? promoCodes.code_key : promoCodes.created_at;
  const direction = (q.sort_direction ?? (q.sort_by === 'code' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(direction(column), asc(promoCodes.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(promoCodes).where(where),
  ]);
  return { rows: await withTickets(db, rows), total: total?.n ?? 0 };
}

/**
 * `timesUsed`: orders using the code (its counter): holding a reservation, awaiting payment or placed, not cancelled.
 */
export function toPromoDto(r: PromoRow, event: { id: number; slug: string }, now: Date, timesUsed = 0): PromoCodeDto {
  const expired = r.expires_at !== null && r.expires_at <= now;
  const usedUp = r.max_uses !== null && timesUsed >= r.max_uses;
  return {
    id: r.id,
    event_id: r.event_id,
    code: r.code,
    discount_type: r.discount_type,
    discount: Number(r.discount),
    ticket_ids: r.ticket_ids,
    max_uses: r.max_uses,
    expires_at: r.expires_at?.toISOString() ?? null,
    times_used: timesUsed,
    is_active: !expired && !usedUp,
    link: `/event/${event.id}/${event.slug}?promo_code=${encodeURIComponent(r.code)}`,
    created_at: r.created_at.toISOString(),
  };
}
