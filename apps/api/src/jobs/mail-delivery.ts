import type { Logger } from 'pino';

import type { Db } from '../db/client.js';
import {
  claimDue,
  claimMessage,
  dueMessage,
  type MailLane,
  type MailPayload,
  markExpired,
  markFailed,
  markSent,
  renewClaim,
  STALE_CLAIM_MS,
  usefulUntil,
} from '../mail/outbox.js';
import type { Render } from '../mail/render-pool.js';
import { renderMail } from '../mail/templates/index.js';
import type { MailTransport } from '../mail/transport.js';
import { withTicketLogos } from '../modules/order-documents/ticket-logo.js';
import type { Clock } from '../shared/clock.js';
import type { FileStorage } from '../storage/storage.js';
import { mailFailureLog } from './mail-failure-log.js';

export interface MailDeliveryDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  log: Logger;
  /**
   * How long a claim may stay unfinished before the mail is sent again (OUTBOX_STALE_CLAIM_SECONDS; default 5 minutes).
   */
  staleClaimMs?: number;
  /**
   * How long a mail that cannot be delivered is tried again before it is FAILED (MAIL_RETRY_HOURS; default 72 hours).
   */
  retryForMs?: number;
  /** Renders bulk mail (render threads, render-pool.ts); urgent mail is small and rendered at once on this thread. */
  renderBulk?: Render;
  /** Where the organizer logos that ticket PDFs print are read from; without it, the PDFs show the name alone. */
  storage?: Pick<FileStorage, 'get'>;
}

/** A message's data as its template renders it: with the logo its ticket PDFs print, read from the storage. */
const renderData = (deps: MailDeliveryDeps, payload: MailPayload) =>
  deps.storage ? withTicketLogos(deps.storage, payload.data) : payload.data;

/**
 * Sends one outbox message. It is rendered first (PDFs take CPU time), then claimed, then handed to
 * SMTP at once: the claim only covers the conversation, which the transport bounds well inside the
 * stale-claim window, so a second worker or a repeated job finds nothing to do while it is on the wire.
 * No transaction is held while SMTP talks.
 */
export async function deliverOutboxMessage(deps: MailDeliveryDeps, id: number): Promise<'sent' | 'skipped' | 'failed'> {
  const due = await dueMessage(deps.db, id, deps.clock.now(), deps.staleClaimMs);
  if (!due) return 'skipped';
  const payload = due.payload as unknown as MailPayload;
  const rendered = await renderOrError(async () =>
    renderMail(payload.template, payload.locale, await renderData(deps, payload)),
  );
  const row = await claimMessage(deps.db, id, deps.clock.now(), deps.staleClaimMs);
  if (!row) return 'skipped';
  const outcome = await send(deps, row, payload, rendered);
  if (outcome === 'sent') await markSent(deps.db, [row.id], deps.clock.now());
  return outcome;
}

type Rendered = { mail: Awaited<ReturnType<typeof renderMail>> } | { error: unknown };

/**
 * Renders first (it takes CPU time, and no claim should wait for it); a template that fails is recorded as the send's
 * failure.
 */
async function renderOrError(render: () => ReturnType<typeof renderMail>): Promise<Rendered> {
  try {
    return { mail: await render() };
  } catch (error) {
    return { error };
  }
}

/**
 * The SMTP server refused this mail for good: a 5xx answer to its recipient or its content (nodemailer's
 * EENVELOPE / EMESSAGE). Trying again would get the same answer. A 5xx to the login (EAUTH) or a
 * refused connection is the server's or our setting's problem, and is tried again.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return (
    !!e &&
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')
  );
}

type SendableRow = { id: number; attempts: number; created_at: Date; payload: unknown };

/**
 * Hands a claimed, rendered message to SMTP; a failure is recorded on its row (it goes back with a delay,
 * or fails: mail/outbox.ts `markFailed`) and logged at most once a minute per reason (mail-failure-log.ts);
 * a success is the caller's to mark. A mail whose link has expired meanwhile is failed, not sent.
 */
async function send(
  deps: MailDeliveryDeps,
  row: SendableRow,
  payload: MailPayload,
  rendered: Rendered,
): Promise<'sent' | 'failed'> {
  const until = usefulUntil(payload, row.created_at);
  if (until && deps.clock.now() >= until) {
    await markExpired(deps.db, row.id, until);
    deps.log.info({ outboxId: row.id, template: payload.template }, 'mail not sent: its link expired while it waited');
    return 'failed';
  }
  try {
    if (!('mail' in rendered)) throw rendered.error;
    await deps.transport.send({ to: payload.to, ...rendered.mail, messageId: `<outbox-${row.id}@admitone>` });
    return 'sent';
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const status = await markFailed(deps.db, row, error, deps.clock.now(), {
      retryForMs: deps.retryForMs,
      permanent: isPermanentRefusal(err),
    });
    mailFailureLog(deps.log, deps.clock)(err, { outboxId: row.id, attempts: row.attempts, status });
    return 'failed';
  }
}

type ClaimedRow = Awaited<ReturnType<typeof claimDue>>[number];

/**
 * Sends one message a worker has claimed (`claimDue`): render, then SMTP, then mark it sent (or put it
 * back with a delay). Rendering may have waited for the CPU: if the claim has grown old by then, it is
 * renewed first, and only if it is still ours (a worker that took it as stale raised its attempts), so
 * the conversation again starts well inside the stale-claim window. The mark follows each message's
 * "accepted" at once, not the end of its batch: a worker that dies leaves at most the one message it
 * was on sent and unmarked (sent again once its claim is stale: delivery is at least once, with the same
 * Message-ID), never a batch of them.
 */
async function deliverClaimed(deps: MailDeliveryDeps, row: ClaimedRow): Promise<'sent' | 'skipped' | 'failed'> {
  const payload = row.payload as unknown as MailPayload;
  const render = (row.lane === 'bulk' && deps.renderBulk) || renderMail;
  const rendered = await renderOrError(async () =>
    render(payload.template, payload.locale, await renderData(deps, payload)),
  );
  const staleClaimMs = deps.staleClaimMs ?? STALE_CLAIM_MS;
  const now = deps.clock.now();
  if (
    now.getTime() - (row.claimed_at?.getTime() ?? 0) > staleClaimMs / 4 &&
    !(await renewClaim(deps.db, row.id, row.attempts, now))
  )
    return 'skipped';
  const outcome = await send(deps, row, payload, rendered);
  if (outcome === 'sent') await markSent(deps.db, [row.id], deps.clock.now());
  return outcome;
}

/**
 * Sends the due messages of one lane, `claimBatch` claimed at a time (one statement for the batch), until
 * none is left; answers how many were sent. `beforeBatch` is awaited before each claim, so a batch never
 * waits claimed.
 */
export async function drainLane(
  deps: MailDeliveryDeps,
  lane: MailLane,
  claimBatch = 1,
  stopped: () => boolean = () => false,
  /** Awaited before each batch is claimed (bulk mail gives way to a busy machine: jobs/cpu-pressure.ts). */
  beforeBatch: () => Promise<void> = async () => undefined,
): Promise<number> {
  let sent = 0;
  while (!stopped()) {
    await beforeBatch();
    if (stopped()) break;
    const rows = await claimDue(deps.db, lane, deps.clock.now(), claimBatch, deps.staleClaimMs);
    for (const row of rows) if ((await deliverClaimed(deps, row)) === 'sent') sent++;
    if (rows.length < claimBatch) break;
  }
  return sent;
}

/** Sends everything that is due (after a restart, or when a kick was lost): the urgent lane first, then bulk. */
export async function deliverDueMessages(deps: MailDeliveryDeps): Promise<number> {
  return (await drainLane(deps, 'urgent', 20)) + (await drainLane(deps, 'bulk', 20));
}
