import { eq } from 'drizzle-orm';
import type { Locale, sendMessageBody } from '@admitone/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { events, messageRecipients, messages, organizers, outbox } from '../../db/schema/index.js';
import { mailPayload } from '../../mail/outbox.js';
import { requireConfirmedSender, spendMailBudget } from '../../mail/team-mail.js';
import type { EventMessageData } from '../../mail/templates/event-message.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import type { FileStorage } from '../../storage/storage.js';
import { getAccount } from '../accounts/account-settings.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { eventMailSender } from '../organizers/organizer-mail-sender.js';
import { findRecipients, type Recipient } from './recipients.js';

export type SendMessageInput = z.output<typeof sendMessageBody>;

export interface Sender {
  accountId: number;
  userId: number;
  /** The language of the sender's own copy or test. */
  locale: Locale;
}

/** Rows written per statement: big audiences go in batches. */
const BATCH = 500;

/**
 * Messaging needs the sender's own address confirmed (the rule of all team mail: EMAIL_NOT_CONFIRMED)
 * and a verified account, whose owner's address is confirmed (MESSAGING_NOT_VERIFIED).
 */
async function requireVerified(db: Db, sender: Sender) {
  const user = await requireConfirmedSender(db, sender.userId);
  const account = await getAccount(db, sender.accountId, sender.accountId);
  if (!account.is_email_verified) throw new DomainError('MESSAGING_NOT_VERIFIED');
  return user;
}

const M = {
  overBudget: /*i18n*/ {
    id: 'field.message_over_mail_budget',
    message:
      'This message would go to {count, plural, one {# address} other {# addresses}} typed in by your team; your account may send at most {limit} such e-mails per hour, the message included. Choose fewer recipients.',
  },
};

/**
 * What a message counts against the account's hourly mail budget: one for the message, plus one per
 * recipient whose address the team typed in (attendees added by hand, corrected addresses). Addresses
 * buyers gave at checkout are free, so a message to a large event's own attendees is one, not thousands.
 */
export const messageCost = (list: Recipient[]) => 1 + list.filter((r) => r.typed).length;

/** Where the mails' organizer logo is served from. */
export type MessageMailDeps = { storage: Pick<FileStorage, 'url'>; appUrl: string };

/** Writes the message, one recipient row and one outbox mail per address, in batches. */
async function writeMessage(tx: Tx, mail: MessageMailDeps, eventId: number, sender: Sender, input: SendMessageInput, body: string, list: Recipient[], now: Date): Promise<{ id: number; outboxIds: number[] }> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  const [organizer] = await tx.select({ name: organizers.name, email: organizers.email }).from(organizers).where(eq(organizers.id, event!.organizer_id));
  const [message] = await tx
    .insert(messages)
    .values({
      account_id: sender.accountId,
      event_id: eventId,
      subject: input.subject,
      body,
      recipient_type: input.recipient_type,
      ticket_ids: input.recipient_type === 'TICKET_HOLDERS' ? [...new Set(input.ticket_ids)] : [],
      attendee_ids: input.recipient_type === 'ATTENDEES' ? [...new Set(input.attendee_ids)] : [],
      order_id: input.recipient_type === 'ORDER_BUYER' ? input.order_id : null,
      is_test: input.is_test,
      send_copy_to_sender: input.send_copy_to_sender && !input.is_test,
      sent_by: sender.userId,
      recipient_count: list.length,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: messages.id });
  const data: EventMessageData = {
    subject: input.subject,
    body,
    event_title: event!.title,
    organizer_name: organizer?.name ?? '',
    support_email: event!.support_email,
    footer_message: event!.email_footer_message,
    is_test: input.is_test,
    // From the organizer: its name and logo, answers to the support address, else the organizer's.
    sender: await eventMailSender(tx, mail, event!, organizer),
  };
  const outboxIds: number[] = [];
  for (let i = 0; i < list.length; i += BATCH) {
    const batch = list.slice(i, i + BATCH);
    const mails = await tx
      .insert(outbox)
      .values(batch.map((r) => ({ kind: 'mail', payload: mailPayload('event_message', r.email, r.locale, data) as unknown as Record<string, unknown>, created_at: now, available_at: now })))
      .returning({ id: outbox.id });
    await tx.insert(messageRecipients).values(
      batch.map((r, j) => ({ message_id: message!.id, email: r.email, name: r.name, attendee_id: r.attendee_id, order_id: r.order_id, outbox_id: mails[j]!.id })),
    );
    outboxIds.push(...mails.map((m) => m.id));
  }
  return { id: message!.id, outboxIds };
}

/**
 * Sends a message to the chosen attendees or buyers (or, as a test, only to the sender): one e-mail
 * per address, queued in the outbox in the transaction that records the message. Returns the
 * message id and the outbox rows to deliver after commit.
 */
export async function sendMessage(deps: { db: Db; clock: Clock; mailBudgetPerHour: number } & MessageMailDeps, eventId: number, sender: Sender, input: SendMessageInput): Promise<{ id: number; outboxIds: number[] }> {
  const user = await requireVerified(deps.db, sender);
  const body = sanitizeRichText(input.body);
  if (!body) throw new DomainError('VALIDATION_FAILED', { fields: { body: [{ key: 'required' }] } });
  const audience = await findRecipients(deps.db, eventId, input);
  if (!input.is_test && !audience.length) throw new DomainError('VALIDATION_FAILED', { fields: { recipient_type: [{ key: 'no_recipients' }] } });
  const self: Recipient = { email: user.email.toLowerCase(), name: user.name, locale: sender.locale, attendee_id: null, order_id: null, typed: false };
  const list = input.is_test ? [self] : input.send_copy_to_sender && !audience.some((r) => r.email === self.email) ? [...audience, self] : audience;
  const cost = messageCost(list);
  if (cost > deps.mailBudgetPerHour) {
    // More than a whole hour's budget: waiting would not help.
    throw new DomainError('VALIDATION_FAILED', { fields: { recipient_type: [{ message: M.overBudget, values: { count: cost - 1, limit: deps.mailBudgetPerHour } }] } });
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const written = await writeMessage(tx, deps, eventId, sender, input, body, list, now);
    if (input.recipient_type === 'ORDER_BUYER' && input.order_id !== null && !input.is_test) {
      await recordOrderEvent(tx, input.order_id, { kind: 'MESSAGE_SENT', userId: sender.userId, data: { message_id: written.id, subject: input.subject }, at: now });
    }
    await spendMailBudget(tx, deps.mailBudgetPerHour, { accountId: sender.accountId, userId: sender.userId, kind: 'MESSAGE', mails: cost }, now);
    return written;
  });
}
