import { LIMITS, type promoCodeBody, type PromoCodeDto } from '@admitone/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { promoCodes, promoCodeTickets, tickets } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { lockPromoLimit } from '../inventory/limits.js';
import { findPromo, toPromoDto } from './promo-codes.repository.js';

type Body = z.output<typeof promoCodeBody>;
type PromoEvent = { id: number; slug: string; timezone: string };
const codeTaken = () => new DomainError('VALIDATION_FAILED', { fields: { code: [{ key: 'promo_code_taken' }] } });
const tooWeak = () =>
  new DomainError('VALIDATION_FAILED', {
    fields: { code: [{ key: 'promo_code_too_weak', values: { min: LIMITS.PROMO_CODE_STRONG_MIN } }] },
  });

/**
 * A code that gives 100% off, or unlocks a ticket shown only with a code, must be long enough not to be
 * guessed (issue 37; the guesses are limited too: plugins/promo-guesses.ts). Codes saved before keep working.
 */
async function assertStrongEnough(tx: Tx, eventId: number, body: Body, ticketIds: number[]) {
  if (body.code.length >= LIMITS.PROMO_CODE_STRONG_MIN) return;
  if (body.discount_type === 'PERCENTAGE' && body.discount >= 100) throw tooWeak();
  const hidden = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.event_id, eventId),
        eq(tickets.requires_promo_code, true),
        ticketIds.length ? inArray(tickets.id, ticketIds) : undefined,
      ),
    )
    .limit(1);
  if (hidden.length) throw tooWeak();
}

/** Writes a code's columns and ticket links; the tickets must be the event's own. */
async function save(
  tx: Tx,
  event: { id: number; timezone: string },
  body: Body,
  id: number | null,
  base: { account_id: number },
  now: Date,
): Promise<number> {
  const ids = [...new Set(body.ticket_ids)];
  if (ids.length) {
    const found = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.event_id, event.id), inArray(tickets.id, ids)));
    if (found.length !== ids.length)
      throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  }
  await assertStrongEnough(tx, event.id, body, ids);
  const values = {
    code: body.code,
    code_key: body.code.toLowerCase(),
    discount_type: body.discount_type,
    discount: body.discount_type === 'NONE' ? '0' : body.discount.toFixed(3),
    max_uses: body.max_uses,
    expires_at: body.expires_at ? zonedToUtc(body.expires_at, event.timezone) : null,
    updated_at: now,
  };
  let promoId = id;
  if (promoId === null) {
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...values, ...base, event_id: event.id, created_at: now })
      .returning({ id: promoCodes.id });
    promoId = row!.id;
  } else {
    // The code's counter is locked before its limit changes: never below the uses it has.
    await lockPromoLimit(tx, promoId, body.max_uses);
    await tx.update(promoCodes).set(values).where(eq(promoCodes.id, promoId));
    await tx.delete(promoCodeTickets).where(eq(promoCodeTickets.promo_code_id, promoId));
  }
  if (ids.length) await tx.insert(promoCodeTickets).values(ids.map((t) => ({ promo_code_id: promoId!, ticket_id: t })));
  return promoId;
}

/** One promo code of the caller's event, with its uses; another event's or account's is not found. */
export async function getPromoCode(
  db: Db,
  clock: Clock,
  accountId: number,
  event: PromoEvent,
  id: number,
): Promise<PromoCodeDto> {
  const row = await findPromo(db, accountId, event.id, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return toPromoDto(row, event, clock.now(), row.taken);
}

/** What the audit log keeps of a promo code: what it gives, on which tickets, how often, until when. */
const auditedOf = (
  p: Pick<PromoCodeDto, 'code' | 'discount_type' | 'discount' | 'max_uses' | 'expires_at' | 'ticket_ids'>,
) => ({
  code: p.code,
  discount_type: p.discount_type,
  discount: p.discount,
  max_uses: p.max_uses,
  expires_at: p.expires_at,
  ticket_ids: [...p.ticket_ids].sort((a, b) => a - b),
});
const AUDITED = ['code', 'discount_type', 'discount', 'max_uses', 'expires_at', 'ticket_ids'] as const;

/**
 * Creates (id null) or changes a promo code in one transaction, with its audit line; a code the event has in any case
 * is a field error.
 */
export async function savePromoCode(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  event: PromoEvent,
  body: Body,
  id: number | null,
): Promise<PromoCodeDto> {
  const accountId = actor.accountId;
  const before = id !== null ? await getPromoCode(db, clock, accountId, event, id) : null;
  let saved: number;
  try {
    saved = await db.transaction(async (tx) => {
      const now = clock.now();
      const promoId = await save(tx, event, body, id, { account_id: accountId }, now);
      const row = await findPromo(tx, accountId, event.id, promoId);
      const after = auditedOf(toPromoDto(row!, event, now, row!.taken));
      // A new code for every ticket names none (an empty list would read as "no tickets").
      const { ticket_ids: only, ...rest } = after;
      const data = before ? changesOf(auditedOf(before), after, AUDITED) : only.length ? after : rest;
      if (!before || Object.keys(data).length)
        await recordAudit(
          tx,
          actor,
          {
            action: before ? 'promo_code.updated' : 'promo_code.created',
            eventId: event.id,
            target: { type: 'promo_code', id: promoId, label: body.code },
            data,
          },
          now,
        );
      return promoId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getPromoCode(db, clock, accountId, event, saved);
}

/** Deletes a promo code of the caller's event, with its audit line. */
export async function deletePromoCode(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  event: PromoEvent,
  id: number,
): Promise<void> {
  const before = await getPromoCode(db, clock, actor.accountId, event, id);
  await db.transaction(async (tx) => {
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'promo_code.deleted',
        eventId: event.id,
        target: { type: 'promo_code', id, label: before.code },
        data: { uses: before.times_used },
      },
      clock.now(),
    );
  });
}
