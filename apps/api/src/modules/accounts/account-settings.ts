import type { updateAccountBody } from '@admitone/shared';
import { type AccountDto, DEFAULT_EVENT_DEFAULTS, type EventDefaults } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { accounts, accountUsers, users } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { secondFactorsOf } from '../auth/two-factor.js';

type AccountRow = typeof accounts.$inferSelect;

/** The stored event defaults over the product defaults. */
export function eventDefaultsOf(row: AccountRow): EventDefaults {
  const stored = row.event_defaults ?? {};
  return {
    ...DEFAULT_EVENT_DEFAULTS,
    ...stored,
    colors: { ...DEFAULT_EVENT_DEFAULTS.colors, ...(stored.colors ?? {}) },
  };
}

/** An account is verified when its owner has confirmed their e-mail address. */
async function ownerVerified(db: Executor, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ verified: users.email_verified_at })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.is_owner, true)))
    .limit(1);
  return Boolean(row?.verified);
}

/** The caller's account; any other id is not found. */
export async function getAccount(db: Executor, callerAccountId: number, id: number): Promise<AccountDto> {
  if (id !== callerAccountId) throw new DomainError('NOT_FOUND');
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw new DomainError('NOT_FOUND');
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    is_email_verified: await ownerVerified(db, id),
    event_defaults: eventDefaultsOf(row),
    api_version: row.api_version,
    require_two_factor: row.require_two_factor,
    audit_retention_days: row.audit_retention_days,
    created_at: row.created_at.toISOString(),
  };
}

/** Updates name, default currency and time zone, and the defaults for new events (merged, sanitised). */
export async function updateAccount(
  deps: { db: Db; clock: Clock },
  callerAccountId: number,
  id: number,
  input: z.output<typeof updateAccountBody>,
  actor: AuditActor,
): Promise<AccountDto> {
  if (id !== callerAccountId) throw new DomainError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    if (!row) throw new DomainError('NOT_FOUND');
    const changes: Partial<AccountRow> = { updated_at: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.timezone !== undefined) changes.timezone = input.timezone;
    if (input.api_version !== undefined) changes.api_version = input.api_version;
    if (input.require_two_factor !== undefined) {
      // An admin cannot require what they do not have themselves: they would be shut out of this very screen.
      const own =
        input.require_two_factor && !row.require_two_factor ? await secondFactorsOf(tx, actor.userId ?? 0) : null;
      if (own && !own.totp && !own.passkeys)
        throw new DomainError('VALIDATION_FAILED', { fields: { require_two_factor: [{ key: 'two_factor_first' }] } });
      changes.require_two_factor = input.require_two_factor;
    }
    if (input.audit_retention_days !== undefined) changes.audit_retention_days = input.audit_retention_days;
    if (input.event_defaults) {
      const current = eventDefaultsOf(row);
      const e = input.event_defaults;
      changes.event_defaults = {
        ...current,
        ...(e.order_timeout_minutes !== undefined ? { order_timeout_minutes: e.order_timeout_minutes } : {}),
        ...(e.support_email !== undefined ? { support_email: e.support_email } : {}),
        ...(e.email_footer_message !== undefined
          ? { email_footer_message: sanitizeRichText(e.email_footer_message) }
          : {}),
        colors: { ...current.colors, ...(e.colors ?? {}) },
      };
    }
    await tx.update(accounts).set(changes).where(eq(accounts.id, id));
    const changed = changesOf(row, changes, [
      'name',
      'currency',
      'timezone',
      'api_version',
      'require_two_factor',
      'audit_retention_days',
      'event_defaults',
    ]);
    if (Object.keys(changed).length)
      await recordAudit(
        tx,
        actor,
        { action: 'account.updated', target: { type: 'account', id, label: row.name }, data: changed },
        now,
      );
  });
  return getAccount(deps.db, callerAccountId, id);
}
