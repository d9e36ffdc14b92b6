import type { affiliateBody } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { affiliates } from '../../db/schema/index.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';

type Body = z.output<typeof affiliateBody>;

const codeTaken = () => new DomainError('VALIDATION_FAILED', { fields: { code: [{ key: 'affiliate_code_taken' }] } });

/**
 * Creates (id null) or changes an affiliate of an event. The code is unique per event whatever its
 * case: the unique index on the lower-cased code decides, so two concurrent saves cannot both win.
 */
export async function saveAffiliate(
  db: Db,
  target: { accountId: number; eventId: number; id: number | null },
  body: Body,
  now: Date,
): Promise<number> {
  const values = {
    name: body.name,
    code: body.code,
    code_key: body.code.toLowerCase(),
    email: body.email,
    enabled: body.enabled,
    updated_at: now,
  };
  try {
    if (target.id === null) {
      const [row] = await db
        .insert(affiliates)
        .values({ ...values, account_id: target.accountId, event_id: target.eventId, created_at: now })
        .returning({ id: affiliates.id });
      return row!.id;
    }
    await db
      .update(affiliates)
      .set(values)
      .where(
        and(
          eq(affiliates.id, target.id),
          eq(affiliates.account_id, target.accountId),
          eq(affiliates.event_id, target.eventId),
        ),
      );
    return target.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}
