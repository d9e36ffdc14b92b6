import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { claimMessage, dueMessageIds, markFailed, markSent, type MailPayload } from '../mail/outbox.js';
import { renderMail } from '../mail/templates/index.js';
import type { MailTransport } from '../mail/transport.js';
import type { Clock } from '../shared/clock.js';

export interface MailDeliveryDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  log: Logger;
}

/**
 * Sends one outbox message. The row is claimed first (no transaction is held while SMTP talks),
 * so a second worker or a repeated job finds nothing to do.
 */
export async function deliverOutboxMessage(deps: MailDeliveryDeps, id: number): Promise<'sent' | 'skipped' | 'failed'> {
  const row = await claimMessage(deps.db, id, deps.clock.now());
  if (!row) return 'skipped';
  const payload = row.payload as unknown as MailPayload;
  try {
    const mail = await renderMail(payload.template, payload.locale, payload.data);
    await deps.transport.send({ to: payload.to, ...mail, messageId: `<outbox-${row.id}@admitone>` });
    await markSent(deps.db, row.id, payload, deps.clock.now());
    return 'sent';
  } catch (err) {
    deps.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed');
    await markFailed(deps.db, row.id, row.attempts, err instanceof Error ? err.message : String(err), deps.clock.now());
    return 'failed';
  }
}

/** Sends everything that is due (after a restart, or when a kick was lost). */
export async function deliverDueMessages(deps: MailDeliveryDeps): Promise<number> {
  const ids = await dueMessageIds(deps.db, deps.clock.now());
  let sent = 0;
  for (const id of ids) if ((await deliverOutboxMessage(deps, id)) === 'sent') sent++;
  return sent;
}
