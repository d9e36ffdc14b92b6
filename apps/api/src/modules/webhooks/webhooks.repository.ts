import { randomBytes } from 'node:crypto';

import {
  WEBHOOK_TEST_TYPE,
  type WebhookAttemptDto,
  type WebhookBody,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryState,
  type WebhookDto,
  type WebhookEventType,
  type WebhookWithSecretDto,
} from '@admitone/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { envelopeOf } from './delivery.js';
import { resolveWebhookUrl } from './url-guard.js';

type HookRow = typeof webhooks.$inferSelect;
/**
 * `whsec_` and 32 random bytes in base64: the Standard Webhooks form (delivery.ts `signingKey`: secrets made before
 * were base64url).
 */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

async function toDtos(db: Executor, rows: HookRow[]): Promise<WebhookDto[]> {
  if (!rows.length) return [];
  const eventIds = [...new Set(rows.map((r) => r.event_id).filter((id): id is number => id !== null))];
  const titles = eventIds.length
    ? new Map(
        (await db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, eventIds))).map(
          (e) => [e.id, e.title],
        ),
      )
    : new Map<number, string>();
  // Each webhook's latest delivery and its latest attempt's status.
  const last = (await db.execute(sql`
    select distinct on (d.webhook_id) d.webhook_id, d.state, coalesce(d.delivered_at, d.created_at) as at,
      (select a.status_code from webhook_attempts a where a.delivery_id = d.id order by a.id desc limit 1) as status_code
    from webhook_deliveries d where d.webhook_id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})
    order by d.webhook_id, d.id desc`)) as unknown as {
    rows: Array<{ webhook_id: number; state: WebhookDeliveryState; at: Date | string; status_code: number | null }>;
  };
  const lastBy = new Map(last.rows.map((l) => [Number(l.webhook_id), l]));
  return rows.map((r) => {
    const l = lastBy.get(r.id);
    return {
      id: r.id,
      url: r.url,
      description: r.description,
      event_types: r.event_types as WebhookEventType[],
      event_id: r.event_id,
      event_title: r.event_id === null ? null : (titles.get(r.event_id) ?? null),
      enabled: r.enabled,
      disabled_reason: r.disabled_reason,
      failure_streak: r.failure_streak,
      last_delivery: l
        ? {
            state: l.state,
            status_code: l.status_code === null ? null : Number(l.status_code),
            at: new Date(l.at).toISOString(),
          }
        : null,
      created_at: r.created_at.toISOString(),
    };
  });
}

export async function listWebhooks(db: Executor, accountId: number): Promise<WebhookDto[]> {
  return toDtos(
    db,
    await db.select().from(webhooks).where(eq(webhooks.account_id, accountId)).orderBy(desc(webhooks.id)),
  );
}

async function requireWebhook(db: Executor, accountId: number, id: number): Promise<HookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.account_id, accountId)));
  if (!row) throw notFound();
  return row;
}

export async function webhookView(db: Executor, accountId: number, id: number): Promise<WebhookDto> {
  return (await toDtos(db, [await requireWebhook(db, accountId, id)]))[0]!;
}

/** The URL must be http(s) and public (unless the operator allows private ones); the event the account's. */
async function checked(db: Executor, accountId: number, input: WebhookBody, allowPrivate: boolean) {
  const target = await resolveWebhookUrl(input.url, allowPrivate);
  if ('problem' in target) throw new DomainError('VALIDATION_FAILED', { fields: { url: [{ key: target.problem }] } });
  const eventId = input.event_id ?? null;
  if (eventId !== null) {
    const [found] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.account_id, accountId)));
    if (!found) throw new DomainError('VALIDATION_FAILED', { fields: { event_id: [{ key: 'not_found_choice' }] } });
  }
  return {
    url: input.url.trim(),
    description: input.description ?? '',
    event_types: [...new Set(input.event_types)],
    event_id: eventId,
    enabled: input.enabled ?? true,
  };
}

export async function createWebhook(
  db: Db,
  accountId: number,
  input: WebhookBody,
  allowPrivate: boolean,
  now: Date,
  actor: AuditActor,
): Promise<WebhookWithSecretDto> {
  const values = await checked(db, accountId, input, allowPrivate);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(webhooks)
      .values({ ...values, account_id: accountId, secret, created_at: now, updated_at: now })
      .returning();
    await recordAudit(tx, actor, webhookAudit('webhook.created', made!, { event_types: values.event_types }), now);
    return made!;
  });
  return { ...(await toDtos(db, [row]))[0]!, secret };
}

/** Saves a webhook; turning it on clears an automatic turn-off and its failure streak. */
export async function updateWebhook(
  db: Db,
  accountId: number,
  id: number,
  input: WebhookBody,
  allowPrivate: boolean,
  now: Date,
  actor: AuditActor,
): Promise<WebhookDto> {
  const current = await requireWebhook(db, accountId, id);
  const values = await checked(db, accountId, input, allowPrivate);
  const restart =
    values.enabled && !current.enabled ? { disabled_reason: null, failure_streak: 0, failing_since: null } : {};
  await db.transaction(async (tx) => {
    await tx
      .update(webhooks)
      .set({ ...values, ...restart, ...(values.enabled ? {} : { disabled_reason: null }), updated_at: now })
      .where(eq(webhooks.id, id));
    const changes = changesOf(current, values, ['url', 'description', 'event_types', 'event_id', 'enabled']);
    await recordAudit(tx, actor, webhookAudit('webhook.updated', { ...current, ...values }, changes), now);
  });
  return webhookView(db, accountId, id);
}

export async function deleteWebhook(db: Db, accountId: number, id: number, now: Date, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const current = await requireWebhook(tx, accountId, id);
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await recordAudit(tx, actor, webhookAudit('webhook.deleted', current), now);
  });
}

/** The audit line of a webhook change (the URL names it; never its secret). */
const webhookAudit = (
  action: 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated',
  hook: { id: number; url: string; event_id: number | null },
  data: Record<string, unknown> = {},
) => ({ action, eventId: hook.event_id, target: { type: 'webhook', id: hook.id, label: hook.url }, data });

/** A new signing secret: the old one stops at once (deliveries still to be sent are signed with the new). */
export async function rotateSecret(
  db: Db,
  accountId: number,
  id: number,
  now: Date,
  actor: AuditActor,
): Promise<WebhookWithSecretDto> {
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    await requireWebhook(tx, accountId, id);
    const [rotated] = await tx.update(webhooks).set({ secret, updated_at: now }).where(eq(webhooks.id, id)).returning();
    await recordAudit(tx, actor, webhookAudit('webhook.secret_rotated', rotated!), now);
    return rotated!;
  });
  return { ...(await toDtos(db, [row]))[0]!, secret };
}

function deliveryDto(
  d: typeof webhookDeliveries.$inferSelect,
  e: { public_id: string; type: string },
  last: WebhookAttemptDto | null,
): WebhookDeliveryDto {
  return {
    id: d.id,
    event_id: `evt_${e.public_id}`,
    type: e.type as WebhookDeliveryDto['type'],
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.state === 'PENDING' ? d.next_attempt_at.toISOString() : null,
    delivered_at: d.delivered_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
    last_attempt: last,
  };
}

const attemptDto = (a: typeof webhookAttempts.$inferSelect): WebhookAttemptDto => ({
  at: a.at.toISOString(),
  status_code: a.status_code,
  duration_ms: a.duration_ms,
  error: a.error,
  response_excerpt: a.response_excerpt,
});

/** A webhook's deliveries, newest first, with each one's latest attempt. */
export async function listDeliveries(
  db: Executor,
  accountId: number,
  id: number,
  q: PageRequest & { filter_fields?: { state?: WebhookDeliveryState } },
) {
  await requireWebhook(db, accountId, id);
  const where = and(
    eq(webhookDeliveries.webhook_id, id),
    q.filter_fields?.state ? eq(webhookDeliveries.state, q.filter_fields.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: webhookDeliveries, e: { public_id: webhookEvents.public_id, type: webhookEvents.type } })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.webhook_event_id))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const ids = rows.map((r) => r.d.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.delivery_id, ids))
        .orderBy(desc(webhookAttempts.id))
    : [];
  const lastBy = new Map<number, WebhookAttemptDto>();
  for (const a of attempts) if (!lastBy.has(a.delivery_id)) lastBy.set(a.delivery_id, attemptDto(a));
  return { rows: rows.map((r) => deliveryDto(r.d, r.e, lastBy.get(r.d.id) ?? null)), total: total?.n ?? 0 };
}

async function requireDelivery(db: Executor, accountId: number, id: number, deliveryId: number) {
  await requireWebhook(db, accountId, id);
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.webhook_event_id))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhook_id, id)));
  if (!row) throw notFound();
  return row;
}

/** One delivery with every attempt and the body sent. */
export async function deliveryDetail(
  db: Executor,
  accountId: number,
  id: number,
  deliveryId: number,
): Promise<WebhookDeliveryDetailDto> {
  const { d, e } = await requireDelivery(db, accountId, id, deliveryId);
  const log = (
    await db.select().from(webhookAttempts).where(eq(webhookAttempts.delivery_id, d.id)).orderBy(webhookAttempts.id)
  ).map(attemptDto);
  const payload = e.body === null ? null : envelopeOf(e, e.body);
  return { ...deliveryDto(d, e, log.at(-1) ?? null), payload, attempt_log: log };
}

/** Sends an event again (same event id, same body) as a new delivery, due now. */
export async function resendDelivery(
  db: Executor,
  accountId: number,
  id: number,
  deliveryId: number,
  now: Date,
): Promise<WebhookDeliveryDto> {
  const { e } = await requireDelivery(db, accountId, id, deliveryId);
  const [d] = await db
    .insert(webhookDeliveries)
    .values({ webhook_id: id, webhook_event_id: e.id, next_attempt_at: now, created_at: now })
    .returning();
  return deliveryDto(d!, e, null);
}

/** A `webhook.test` event to this webhook only, due now (whatever it subscribes to). */
export async function sendTestEvent(db: Db, accountId: number, id: number, now: Date): Promise<WebhookDeliveryDto> {
  const hook = await requireWebhook(db, accountId, id);
  return db.transaction(async (tx) => {
    const payload = {
      message: 'A test event from AdmitOne: this webhook receives events.',
      webhook_id: hook.id,
      url: hook.url,
    };
    const [e] = await tx
      .insert(webhookEvents)
      .values({
        account_id: accountId,
        event_id: hook.event_id,
        type: WEBHOOK_TEST_TYPE,
        object_kind: 'test',
        object_id: null,
        payload,
        body: payload,
        created_at: now,
      })
      .returning();
    const [d] = await tx
      .insert(webhookDeliveries)
      .values({ webhook_id: id, webhook_event_id: e!.id, next_attempt_at: now, created_at: now })
      .returning();
    return deliveryDto(d!, e!, null);
  });
}
