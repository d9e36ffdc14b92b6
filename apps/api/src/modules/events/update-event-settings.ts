import { DEFAULT_EVENT_COLORS, type updateEventSettingsBody } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
import { findInvoiceSettings } from '../invoices/invoice-settings.js';
import { eventPassesChanged } from '../wallet/wallet-passes.js';
import { findEvent } from './events.repository.js';

const HTML_FIELDS = [
  'email_footer_message',
  'pre_checkout_message',
  'post_checkout_message',
  'offline_payment_instructions',
] as const;

/** Changes an event's settings (e-mail, SEO, checkout messages, display, colours); HTML is sanitised. */
export async function updateEventSettings(
  deps: { db: Db; clock: Clock },
  accountId: number,
  id: number,
  input: z.output<typeof updateEventSettingsBody>,
  actor: AuditActor,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findEvent(tx, accountId, id);
    if (!found) throw new DomainError('NOT_FOUND');
    const { colors, offline_payment_deadline, ...rest } = input;
    // Invoices are issued in the organizer's name: its invoice settings come first.
    if (
      input.invoice_mode &&
      input.invoice_mode !== 'NONE' &&
      !(await findInvoiceSettings(tx, found.event.organizer_id))
    )
      throw new DomainError('VALIDATION_FAILED', { fields: { invoice_mode: [{ key: 'invoice_settings_missing' }] } });
    const changes: Record<string, unknown> = { ...rest, updated_at: deps.clock.now() };
    // A date-time as the organizer reads it, in the event's time zone. Orders placed before keep their deadline.
    if (offline_payment_deadline !== undefined)
      changes.offline_payment_deadline = offline_payment_deadline
        ? zonedToUtc(offline_payment_deadline, found.event.timezone)
        : null;
    for (const field of HTML_FIELDS) if (input[field] !== undefined) changes[field] = sanitizeRichText(input[field]);
    if (colors) changes.colors = { ...DEFAULT_EVENT_COLORS, ...(found.event.colors ?? {}), ...colors };
    await tx.update(events).set(changes).where(eq(events.id, id));
    // The colours are the wallet passes' colours.
    if (colors) await eventPassesChanged(tx, id, deps.clock.now());
    // Short values as they were and are; long texts (HTML) only by name.
    const before = found.event as unknown as Record<string, unknown>;
    const long = new Set<string>(HTML_FIELDS);
    const named = Object.keys(changes).filter((f) => f !== 'updated_at');
    const changed = changesOf(
      before,
      changes,
      named.filter((f) => !long.has(f)),
    );
    const texts = named.filter((f) => long.has(f) && before[f] !== changes[f]);
    if (Object.keys(changed).length || texts.length)
      await recordAudit(
        tx,
        actor,
        {
          action: 'event.settings_updated',
          eventId: id,
          target: { type: 'event', id, label: found.event.title },
          data: { ...changed, ...(texts.length ? { texts } : {}) },
        },
        deps.clock.now(),
      );
  });
}
