import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { claimMessage, dueMessage, dueMessageIds, markFailed, markSent, type MailPayload } from '../mail/outbox.js';
import { renderMail } from '../mail/templates/index.js';
import type { MailTransport } from '../mail/transport.js';
import type { Clock } from '../shared/clock.js';

export interface MailDeliveryDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  log: Logger;
  /** How long a claim may stay unfinished before the mail is sent again (OUTBOX_STALE_CLAIM_SECONDS; default 5 minutes). */
  staleClaimMs?: number;
}

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
  let mail: Awaited<ReturnType<typeof renderMail>> | null = null;
  let renderError: unknown = null;
  try {
    mail = await renderMail(payload.template, payload.locale, payload.data);
  } catch (err) {
    renderError = err;
  }
  const row = await claimMessage(deps.db, id, deps.clock.now(), deps.staleClaimMs);
  if (!row) return 'skipped';
  try {
    if (!mail) throw renderError;
    await deps.transport.send({ to: payload.to, ...mail, messageId: `<outbox-${row.id}@admitone>` });
    await markSent(deps.db, row.id, payload, deps.clock.now());
    return 'sent';
  } catch (err) {
    deps.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed');
    await markFailed(deps.db, row.id, row.attempts, err instanceof Error ? err.message : String(err), deps.clock.now());
    return 'failed';
  }
}

const SWEEP_BATCH = 100;

/** Sends everything that is due (after a restart, or when a kick was lost), batch after batch until none is left. */
export async function deliverDueMessages(deps: MailDeliveryDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const ids = await dueMessageIds(deps.db, deps.clock.now(), SWEEP_BATCH, deps.staleClaimMs);
    let progressed = 0;
    for (const id of ids) {
      const outcome = await deliverOutboxMessage(deps, id);
      if (outcome === 'sent') sent++;
      if (outcome !== 'skipped') progressed++;
    }
    // A short batch was the last one; a batch another worker took entirely is not ours to loop on.
    if (ids.length < SWEEP_BATCH || progressed === 0) return sent;
  }
}
