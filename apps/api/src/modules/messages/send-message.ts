import type { Locale, sendMessageBody } from '@admitone/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor, Tx } from '../../db/client.js';
import { events, messageRecipients, messages, organizers, outbox } from '../../db/schema/index.js';
import { mailPayload } from '../../mail/outbox.js';
import { type MailSlot, requireConfirmedSender, spendPacedMailBudget } from '../../mail/team-mail.js';
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
export async function requireVerified(db: Executor, sender: Pick<Sender, 'accountId' | 'userId'>) {
  const user = await requireConfirmedSender(db, sender.userId);
  const account = await getAccount(db, sender.accountId, sender.accountId);
  if (!account.is_email_verified) throw new DomainError('MESSAGING_NOT_VERIFIED');
  return user;
}

/**
 * What a message counts against the account's hourly mail budget: one for the message, plus one per
 * recipient whose address counts (`Recipient.counted`: typed in by the team, or from an order no card
 * payment vouches for: free, offline, made by hand). Addresses of buyers who paid by card are free, so a
 * message to a paid event's own buyers and attendees is one, not thousands; a free event's guests count,
 * since anyone (the account too) can put any address through its free checkout.
 */
export const messageCost = (list: Recipient[]) => 1 + list.filter((r) => r.counted).length;

/**
 * When each recipient's mail may leave: the addresses that do not count at once, the counted ones in
 * the budget's shares (the first share's first mail is the message itself), in the audience's order.
 */
export function mailTimes(list: Recipient[], slots: MailSlot[], now: Date): Date[] {
  const times: Date[] = [];
  let slot = 0;
  let room = (slots[0]?.mails ?? 1) - 1;
  for (const r of list) {
    if (!r.counted) {
      times.push(now);
      continue;
    }
    while (room <= 0 && slot < slots.length - 1) room = slots[++slot]!.mails;
    times.push(slots[slot]?.at ?? now);
    room--;
  }
  return times;
}

/**
 * Sets each held-back mail's time (`available_at`): one statement per share. Its retry period
 * (MAIL_RETRY_HOURS, counted from `created_at`) starts then too, not when the message was written.
 */
async function holdBack(tx: Tx, outboxIds: number[], times: Date[], now: Date): Promise<void> {
  const byTime = new Map<number, number[]>();
  outboxIds.forEach((id, i) => {
    const at = times[i]!.getTime();
    if (at > now.getTime()) byTime.set(at, [...(byTime.get(at) ?? []), id]);
  });
  for (const [at, ids] of byTime) {
    for (let i = 0; i < ids.length; i += BATCH)
      await tx
        .update(outbox)
        .set({ available_at: new Date(at), created_at: new Date(at) })
        .where(inArray(outbox.id, ids.slice(i, i + BATCH)));
  }
}

/** Where the mails' organizer logo is served from. */
export type MessageMailDeps = { storage: Pick<FileStorage, 'url'>; appUrl: string };

/** The columns of a message row its sender chose: what it says, to whom, with which filters. */
export const messageFields = (sender: Sender, input: SendMessageInput, body: string) => ({
  account_id: sender.accountId,
  subject: input.subject,
  body,
  recipient_type: input.recipient_type,
  ticket_ids: input.recipient_type === 'TICKET_HOLDERS' ? [...new Set(input.ticket_ids)] : [],
  attendee_ids: input.recipient_type === 'ATTENDEES' ? [...new Set(input.attendee_ids)] : [],
  order_id: input.recipient_type === 'ORDER_BUYER' ? input.order_id : null,
  event_date_ids: [...new Set(input.event_date_ids)],
  check_in: input.check_in,
  answer_filter: input.answer_filter,
  is_test: input.is_test,
  send_copy_to_sender: input.send_copy_to_sender && !input.is_test,
  sent_by: sender.userId,
  sender_locale: sender.locale,
});

/** Inserts a message row, or (a scheduled message going out) updates the one there. */
function saveMessageRow(
  tx: Tx,
  eventId: number,
  existingId: number | null,
  values: Omit<typeof messages.$inferInsert, 'event_id'>,
) {
  return existingId === null
    ? tx
        .insert(messages)
        .values({ ...values, event_id: eventId })
        .returning({ id: messages.id })
    : tx.update(messages).set(values).where(eq(messages.id, existingId)).returning({ id: messages.id });
}

/** Writes the message, one recipient row and one outbox mail per address (in the list's order), in batches. */
async function writeMessage(
  tx: Tx,
  mail: MessageMailDeps,
  eventId: number,
  sender: Sender,
  input: SendMessageInput,
  body: string,
  list: Recipient[],
  now: Date,
  existingId: number | null = null,
): Promise<{ id: number; outboxIds: number[] }> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  const [organizer] = await tx
    .select({ name: organizers.name, email: organizers.email })
    .from(organizers)
    .where(eq(organizers.id, event!.organizer_id));
  const [message] = await saveMessageRow(tx, eventId, existingId, {
    ...messageFields(sender, input, body),
    status: 'SENT',
    send_at: existingId === null ? null : now,
    recipient_count: list.length,
    created_at: now,
    updated_at: now,
  });
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
      .values(
        batch.map((r) => ({
          kind: 'mail',
          payload: mailPayload('event_message', r.email, r.locale, data) as unknown as Record<string, unknown>,
          created_at: now,
          available_at: now,
        })),
      )
      .returning({ id: outbox.id });
    await tx.insert(messageRecipients).values(
      batch.map((r, j) => ({
        message_id: message!.id,
        email: r.email,
        name: r.name,
        attendee_id: r.attendee_id,
        order_id: r.order_id,
        outbox_id: mails[j]!.id,
      })),
    );
    outboxIds.push(...mails.map((m) => m.id));
  }
  return { id: message!.id, outboxIds };
}

/**
 * Sends a message to the chosen attendees or buyers (or, as a test, only to the sender): one e-mail
 * per address, queued in the outbox in the transaction that records the message. The message itself
 * needs room in the hour's mail budget (else 429 MAIL_BUDGET_EXCEEDED, nothing written); counted
 * addresses beyond what is left of it are not refused but paced: their mails wait in the outbox
 * (`available_at`) until the budget has room for them, and the message shows until when
 * (`paced_until`). Returns the message id and the outbox rows to deliver after commit.
 */
export async function sendMessage(
  deps: MessageDeps,
  eventId: number,
  sender: Sender,
  input: SendMessageInput,
): Promise<{ id: number; outboxIds: number[] }> {
  const user = await requireVerified(deps.db, sender);
  const body = messageBody(input.body);
  const list = await audienceOf(deps.db, user, eventId, sender, input);
  const now = deps.clock.now();
  return deps.db.transaction((tx) => writeSend(tx, deps, eventId, sender, input, body, list, now, null));
}

export type MessageDeps = { db: Db; clock: Clock; mailBudgetPerHour: number } & MessageMailDeps;

/** The sanitised body; an empty one (nothing left once cleaned) is a field error. */
export function messageBody(html: string): string {
  const body = sanitizeRichText(html);
  if (!body) throw new DomainError('VALIDATION_FAILED', { fields: { body: [{ key: 'required' }] } });
  return body;
}

/** Whom a message is written to: its audience (none: a field error), or the sender alone for a test, with a copy. */
export async function audienceOf(
  db: Executor,
  user: { email: string; name: string },
  eventId: number,
  sender: Sender,
  input: SendMessageInput,
): Promise<Recipient[]> {
  const audience = await findRecipients(db, eventId, input);
  if (!input.is_test && !audience.length)
    throw new DomainError('VALIDATION_FAILED', { fields: { recipient_type: [{ key: 'no_recipients' }] } });
  const self: Recipient = {
    email: user.email.toLowerCase(),
    name: user.name,
    locale: sender.locale,
    attendee_id: null,
    order_id: null,
    counted: false,
  };
  return input.is_test
    ? [self]
    : input.send_copy_to_sender && !audience.some((r) => r.email === self.email)
      ? [...audience, self]
      : audience;
}

/**
 * Writes a message going out now (a new row, or the scheduled row `existingId`) with its mails, its order history
 * entry and its spend of the mail budget, in the caller's transaction.
 */
export async function writeSend(
  tx: Tx,
  deps: MessageDeps,
  eventId: number,
  sender: Sender,
  input: SendMessageInput,
  body: string,
  list: Recipient[],
  now: Date,
  existingId: number | null,
): Promise<{ id: number; outboxIds: number[] }> {
  const written = await writeMessage(tx, deps, eventId, sender, input, body, list, now, existingId);
  if (input.recipient_type === 'ORDER_BUYER' && input.order_id !== null && !input.is_test) {
    await recordOrderEvent(tx, input.order_id, {
      kind: 'MESSAGE_SENT',
      userId: sender.userId,
      data: { message_id: written.id, subject: input.subject },
      at: now,
    });
  }
  // Last, as every spend (docs/LOCKING.md: the budget lock is held only until the commit); then the mails
  // past what the hour has room for are held back until their share's time.
  const slots = await spendPacedMailBudget(
    tx,
    deps.mailBudgetPerHour,
    { accountId: sender.accountId, userId: sender.userId, kind: 'MESSAGE', mails: messageCost(list), firstNow: 1 },
    now,
  );
  await holdBack(tx, written.outboxIds, mailTimes(list, slots, now), now);
  return written;
}
