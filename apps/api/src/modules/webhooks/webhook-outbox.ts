import type { WebhookEventType } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';

/**
 * How a change's body is built (payloads.ts `buildPayload`, set when the jobs start: importing it here would be an
 * import cycle through the orders module).
 */
type BodyBuilder = (
  tx: Executor,
  source: {
    account_id: number;
    event_id: number | null;
    object_kind: string;
    object_id: number | null;
    payload: unknown;
  },
  now: Date,
) => Promise<unknown>;
let buildBody: BodyBuilder | null = null;
export function setWebhookBodyBuilder(build: BodyBuilder): void {
  buildBody = build;
}

/** What a webhook event is about; its body is built from it in the change's transaction (payloads.ts). */
export type WebhookObjectKind = 'order' | 'attendee' | 'check_in' | 'product' | 'waitlist_entry' | 'test';

export interface WebhookChange {
  accountId: number;
  /** The event (of the account) the change belongs to: webhooks limited to another event skip it. */
  eventId: number | null;
  type: WebhookEventType;
  object: { kind: WebhookObjectKind; id: number | null };
  /** The body, when the change must give it (a deletion), or what a check-in adds to its attendee. */
  payload?: Record<string, unknown>;
  at: Date;
}

/**
 * Writes a webhook event and one delivery per enabled webhook of the account that subscribed to it, in
 * the caller's transaction: committed with the change or not at all. Its body is built here, from the
 * object as the change left it (the state at the change, whenever it is sent), and it takes the object's
 * next `sequence` (one counter row per object: only changes of the same object wait for each other).
 * Nothing is built or written when no webhook wants it (without a builder set, the sender builds the body on
 * the first attempt, as for events written before). `built` keeps bodies of one change by object, so
 * an order that is created and completed at once is read once.
 */
export async function emitWebhookEvent(tx: Executor, c: WebhookChange, built?: Map<string, unknown>): Promise<void> {
  const hooks = (await tx.execute(sql`
    select id from webhooks
    where account_id = ${c.accountId} and enabled and ${c.type} = any(event_types) and (event_id is null or event_id = ${c.eventId})`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  if (!hooks.rows.length) return;
  const key = `${c.object.kind}:${c.object.id}:${JSON.stringify(c.payload ?? null)}`;
  let body = built?.get(key);
  if (body === undefined && buildBody) {
    const source = {
      account_id: c.accountId,
      event_id: c.eventId,
      object_kind: c.object.kind,
      object_id: c.object.id,
      payload: c.payload ?? null,
    };
    body = (await buildBody(tx, source, c.at)) ?? {};
    built?.set(key, body);
  }
  const hookIds = sql.raw(`array[${hooks.rows.map((h) => Number(h.id)).join(',')}]::int[]`);
  await tx.execute(sql`
    with seq as (
      insert into webhook_sequences (object_kind, object_id, last)
      select ${c.object.kind}, ${c.object.id}::int, 1 where ${c.object.id}::int is not null
      on conflict (object_kind, object_id) do update set last = webhook_sequences.last + 1
      returning last
    ), e as (
      insert into webhook_events (account_id, event_id, type, object_kind, object_id, payload, body, sequence, created_at)
      values (${c.accountId}, ${c.eventId}, ${c.type}, ${c.object.kind}, ${c.object.id}, ${c.payload ? JSON.stringify(c.payload) : null}::jsonb, ${body === undefined ? null : JSON.stringify(body)}::jsonb, (select last from seq), ${c.at})
      returning id
    )
    insert into webhook_deliveries (webhook_id, webhook_event_id, next_attempt_at, created_at)
    select h.id, e.id, ${c.at}, ${c.at} from unnest(${hookIds}) as h(id), e`);
}

/**
 * Whether any enabled webhook of the account receives one of these types (to skip building changes nobody receives).
 */
export async function anyWebhookFor(
  tx: Executor,
  accountId: number,
  types: readonly WebhookEventType[],
): Promise<boolean> {
  if (!types.length) return false;
  const res = (await tx.execute(sql`
    select exists (select 1 from webhooks where account_id = ${accountId} and enabled and event_types && ${sql.raw(`array[${types.map((t) => `'${t}'`).join(',')}]::text[]`)}) as any`)) as unknown as {
    rows: Array<{ any: boolean }>;
  };
  return res.rows[0]?.any === true;
}
