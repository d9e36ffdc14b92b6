import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@admitone/shared';
import type { Executor } from '../../db/client.js';

/** What a webhook event is about; its body is built from it on the first attempt (payloads.ts). */
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
 * the caller's transaction: committed with the change or not at all. One statement; nothing when no
 * webhook wants it.
 */
export async function emitWebhookEvent(tx: Executor, c: WebhookChange): Promise<void> {
  await tx.execute(sql`
    with hooks as (
      select id from webhooks
      where account_id = ${c.accountId} and enabled and ${c.type} = any(event_types) and (event_id is null or event_id = ${c.eventId})
    ), e as (
      insert into webhook_events (account_id, event_id, type, object_kind, object_id, payload, created_at)
      select ${c.accountId}, ${c.eventId}, ${c.type}, ${c.object.kind}, ${c.object.id}, ${c.payload ? JSON.stringify(c.payload) : null}::jsonb, ${c.at}
      where exists (select 1 from hooks)
      returning id
    )
    insert into webhook_deliveries (webhook_id, webhook_event_id, next_attempt_at, created_at)
    select hooks.id, e.id, ${c.at}, ${c.at} from hooks, e`);
}

/** Whether any enabled webhook of the account receives one of these types (to skip building changes nobody receives). */
export async function anyWebhookFor(tx: Executor, accountId: number, types: readonly WebhookEventType[]): Promise<boolean> {
  if (!types.length) return false;
  const res = (await tx.execute(sql`
    select exists (select 1 from webhooks where account_id = ${accountId} and enabled and event_types && ${sql.raw(`array[${types.map((t) => `'${t}'`).join(',')}]::text[]`)}) as any`)) as unknown as { rows: Array<{ any: boolean }> };
  return res.rows[0]?.any === true;
}
