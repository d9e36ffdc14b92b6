import { createHmac } from 'node:crypto';

import { type Locale, STANDARD_WEBHOOK_HEADERS, WEBHOOK_HEADERS } from '@admitone/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import {
  accounts,
  accountUsers,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhooks,
} from '../../db/schema/index.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import type { Clock } from '../../shared/clock.js';
import type { OnlineProvider } from '../payments/payment-gateway.js';
import { buildPayload } from './payloads.js';
import { postOnce, type SendResult } from './send-request.js';
import { resolveWebhookUrl } from './url-guard.js';

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE: deliver to loopback and private addresses too (tests, a receiver on the same network). */
  allowPrivate: boolean;
  /** Connecting and answering together, per attempt. */
  timeoutMs: number;
  /** A delivery left "sending" this long (its sender died) is claimed again. */
  staleClaimMs: number;
  /** Whether card payments are set up (the order's payload says what can be done with it). */
  refundVia: readonly OnlineProvider[];
  /** Turned off after this many failed attempts in a row lasting at least `disableAfterHours`. */
  disableAfterFailures: number;
  disableAfterHours: number;
  /** Deliveries in flight per sender process (WEBHOOK_CONCURRENCY): the most one round claims. */
  concurrency: number;
  /** Deliveries of one account in flight at once, all senders together (WEBHOOK_ACCOUNT_CONCURRENCY). */
  accountConcurrency: number;
}

/** Retries for three days after the event, then the delivery is FAILED (it can be resent by hand). */
export const RETRY_FOR_MS = 3 * 86_400_000;

/** The wait before attempt n+1 after n failed ones: 1 min, doubling, at most 12 h (±10 %). */
export function backoffMs(failedAttempts: number, random = Math.random()): number {
  const base = Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 12 * 3_600_000);
  return Math.round(base * (0.9 + 0.2 * random));
}

/**
 * Deprecated `AdmitOne-Signature`: `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the secret's text
 * as it is.
 */
export const signature = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * The key of the Standard Webhooks signature. A secret is `whsec_` and base64: its key is those bytes.
 * Secrets made before were `whsec_` and base64url (43 characters, never valid base64): their key is the
 * secret's own text, the key of `AdmitOne-Signature` too, so a receiver keeps the secret it has; its
 * Standard Webhooks form is `whsec_` and the base64 of that text (the guide says so; rotating gives a new one).
 */
export function signingKey(secret: string): Buffer {
  const part = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : '';
  if (part.length > 0 && part.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(part))
    return Buffer.from(part, 'base64');
  return Buffer.from(secret, 'utf8');
}

/** `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` (Standard Webhooks). */
export const standardSignature = (secret: string, id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/**
 * Claims due deliveries (PENDING and due, or SENDING by a sender that died) of enabled webhooks, each by
 * one sender (SKIP LOCKED), and counts the attempt as it claims (a delivery claimed again after its
 * sender died goes on counting from the lost attempt), fairly between accounts: an account gets at most
 * `accountConcurrency` minus
 * its deliveries still in flight (SENDING, claim not stale), oldest first, and the round (at most `room`)
 * takes every account's first before anyone's second. An account flooding its own silent receiver
 * waits behind itself, never in front of another account.
 */
export async function claimDueDeliveries(deps: WebhookDeliveryDeps, room = deps.concurrency): Promise<number[]> {
  if (room <= 0) return [];
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - deps.staleClaimMs);
  const due = (alias: string) => {
    const d = sql.identifier(alias);
    return sql`((${d}.state = 'PENDING' and ${d}.next_attempt_at <= ${now}) or (${d}.state = 'SENDING' and ${d}.claimed_at <= ${stale}))`;
  };
  const claimed = (await deps.db.execute(sql`
    update webhook_deliveries d set state = 'SENDING', claimed_at = ${now}, attempts = d.attempts + 1
    where d.id in (
      select c.id from (
        select w.account_id, min(d1.next_attempt_at) as oldest,
          ${deps.accountConcurrency} - count(*) filter (where d1.state = 'SENDING' and d1.claimed_at > ${stale}) as free
        from webhook_deliveries d1 join webhooks w on w.id = d1.webhook_id
        where w.enabled and (${due('d1')} or (d1.state = 'SENDING' and d1.claimed_at > ${stale}))
        group by w.account_id
      ) a
      cross join lateral (
        select d2.id, d2.next_attempt_at from webhook_deliveries d2 join webhooks w2 on w2.id = d2.webhook_id
        where w2.account_id = a.account_id and w2.enabled and ${due('d2')}
        order by d2.next_attempt_at
        limit greatest(a.free, 0)
        for update of d2 skip locked
      ) c
      order by row_number() over (partition by a.account_id order by c.next_attempt_at), a.oldest
      limit ${room})
    returning d.id`)) as unknown as { rows: Array<{ id: number | string }> };
  return claimed.rows.map((r) => Number(r.id));
}

/**
 * One round: claims what is due (claimDueDeliveries) and sends it at once. Answers how many were
 * attempted and the mails written (a webhook turned off tells its admins).
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<{ attempted: number; mails: number[] }> {
  const claimed = await claimedDeliveries(deps, await claimDueDeliveries(deps));
  const results = await Promise.all(claimed.map((row) => deliverClaimed(deps, row)));
  return { attempted: claimed.length, mails: results.flat() };
}

type Claimed = {
  delivery: typeof webhookDeliveries.$inferSelect;
  hook: typeof webhooks.$inferSelect;
  event: typeof webhookEvents.$inferSelect;
};

/** The claimed deliveries with their webhooks and events, in one read. */
export async function claimedDeliveries(deps: WebhookDeliveryDeps, ids: number[]): Promise<Claimed[]> {
  if (!ids.length) return [];
  return deps.db
    .select({ delivery: webhookDeliveries, hook: webhooks, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.webhook_event_id))
    .where(inArray(webhookDeliveries.id, ids));
}

/**
 * The event's body: built in the change's transaction; an event written before that was built on its first attempt and
 * kept.
 */
async function bodyOf(deps: WebhookDeliveryDeps, event: typeof webhookEvents.$inferSelect): Promise<unknown> {
  if (event.body !== null) return event.body;
  const built = (await buildPayload(deps.db, event, { refundVia: deps.refundVia, now: deps.clock.now() })) ?? {};
  // A concurrent sender may have built it first: every attempt sends what was kept.
  const [kept] = await deps.db
    .update(webhookEvents)
    .set({ body: built as object })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.body)))
    .returning({ body: webhookEvents.body });
  if (kept) return kept.body;
  const [row] = await deps.db
    .select({ body: webhookEvents.body })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  return row?.body ?? built;
}

/** The body as sent: the envelope of the event (the same bytes in every attempt and resend). */
export function envelopeOf(event: typeof webhookEvents.$inferSelect, data: unknown) {
  return {
    id: `evt_${event.public_id}`,
    type: event.type,
    created_at: event.created_at.toISOString(),
    account_id: event.account_id,
    event_id: event.event_id,
    sequence: event.sequence,
    data,
  };
}

export async function deliverOne(deps: WebhookDeliveryDeps, deliveryId: number): Promise<number[]> {
  const [row] = await claimedDeliveries(deps, [deliveryId]);
  return row ? deliverClaimed(deps, row) : [];
}

/** Sends one claimed delivery (its attempt already counted by the claim) and writes down the answer. */
export async function deliverClaimed(deps: WebhookDeliveryDeps, { delivery, hook, event }: Claimed): Promise<number[]> {
  const attempt = Math.max(1, delivery.attempts);
  const envelope = envelopeOf(event, await bodyOf(deps, event));
  const body = JSON.stringify(envelope);
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const target = await resolveWebhookUrl(hook.url, deps.allowPrivate);
  const result: SendResult =
    'problem' in target
      ? { statusCode: null, durationMs: 0, error: `not sent: ${target.detail}`, excerpt: null }
      : await postOnce(
          target.url,
          target.addresses,
          {
            'content-type': 'application/json',
            'user-agent': 'AdmitOne-Webhooks/1.0',
            [STANDARD_WEBHOOK_HEADERS.id]: envelope.id,
            [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [STANDARD_WEBHOOK_HEADERS.signature]: standardSignature(hook.secret, envelope.id, timestamp, body),
            [WEBHOOK_HEADERS.id.toLowerCase()]: envelope.id,
            [WEBHOOK_HEADERS.type.toLowerCase()]: event.type,
            [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(timestamp),
            [WEBHOOK_HEADERS.signature.toLowerCase()]: signature(hook.secret, timestamp, body),
            [WEBHOOK_HEADERS.attempt.toLowerCase()]: String(attempt),
          },
          body,
          deps.timeoutMs,
        );
  return recordAttempt(deps, { delivery, hook, event }, attempt, result);
}

/** Keeps the attempt, moves the delivery on (done, retried later, or given up) and the webhook's failure streak. */
async function recordAttempt(
  deps: WebhookDeliveryDeps,
  r: Claimed,
  attempt: number,
  result: SendResult,
): Promise<number[]> {
  const now = deps.clock.now();
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return deps.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      delivery_id: r.delivery.id,
      at: now,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error: result.error,
      response_excerpt: result.excerpt,
    });
    const next = new Date(now.getTime() + backoffMs(attempt));
    const givenUp = !ok && next.getTime() - r.delivery.created_at.getTime() > RETRY_FOR_MS;
    await tx
      .update(webhookDeliveries)
      .set(
        ok
          ? { state: 'SUCCEEDED', attempts: attempt, delivered_at: now, claimed_at: null }
          : { state: givenUp ? 'FAILED' : 'PENDING', attempts: attempt, next_attempt_at: next, claimed_at: null },
      )
      .where(eq(webhookDeliveries.id, r.delivery.id));
    if (ok) {
      // Written only when there is a streak to end: successes to one webhook do not queue on its row.
      await tx
        .update(webhooks)
        .set({ failure_streak: 0, failing_since: null })
        .where(
          and(
            eq(webhooks.id, r.hook.id),
            sql`(${webhooks.failure_streak} <> 0 or ${webhooks.failing_since} is not null)`,
          ),
        );
      return [];
    }
    const [hook] = await tx
      .update(webhooks)
      .set({
        failure_streak: sql`${webhooks.failure_streak} + 1`,
        failing_since: sql`coalesce(${webhooks.failing_since}, ${now})`,
      })
      .where(eq(webhooks.id, r.hook.id))
      .returning();
    if (
      !hook?.enabled ||
      hook.failure_streak < deps.disableAfterFailures ||
      now.getTime() - hook.failing_since!.getTime() < deps.disableAfterHours * 3_600_000
    )
      return [];
    await tx
      .update(webhooks)
      .set({ enabled: false, disabled_reason: 'FAILURES', updated_at: now })
      .where(eq(webhooks.id, hook.id));
    const last = result.statusCode !== null ? `HTTP ${result.statusCode}` : (result.error ?? '');
    return tellAdmins(tx, deps, hook, last, now);
  });
}

/** Mails every active admin of the account that the webhook was turned off, in their language. */
async function tellAdmins(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  deps: WebhookDeliveryDeps,
  hook: typeof webhooks.$inferSelect,
  last: string,
  now: Date,
): Promise<number[]> {
  const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, hook.account_id));
  const admins = await tx
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(
      and(
        eq(accountUsers.account_id, hook.account_id),
        eq(accountUsers.role, 'ADMIN'),
        eq(accountUsers.status, 'ACTIVE'),
      ),
    );
  const mails: number[] = [];
  for (const a of admins) {
    const data = {
      name: a.name,
      account: account?.name ?? '',
      url: hook.url,
      failures: hook.failure_streak,
      since: hook.failing_since!.toISOString(),
      last,
      link: `${deps.appUrl}/account/webhooks`,
    };
    mails.push(
      await enqueueMail(tx, mailPayload('webhook_disabled', a.email, (a.locale ?? 'en') as Locale, data), now),
    );
  }
  return mails;
}
