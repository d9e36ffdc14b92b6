import type { IssueKey, joinWaitlistBody, Locale } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { waitlistEntries } from '../../db/schema/index.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { rowsOf } from '../inventory/counters.js';
import { loadPublicEventParts, publicEventFor, type PublicEventSource } from '../public-events/public-event.js';
import { mailDate } from './waitlist-mail-date.js';

export type JoinInput = z.output<typeof joinWaitlistBody>;

export interface WaitlistJoinDeps {
  db: Db;
  events: PublicEventSource;
  now: Date;
  appUrl: string;
}

/** The page of an entry (its place, leaving; with an offer, the way to its checkout). */
export const entryUrl = (appUrl: string, eventId: number, token: string) => `${appUrl}/waitlist/${eventId}/${token}`;

const fieldError = (field: string, key: IssueKey, values?: Record<string, number>) =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key, ...(values ? { values } : {}) }] } });

/**
 * Someone joins a ticket's waitlist for one date from the event page: only a ticket buyers see on that
 * date, with its waitlist open, that is sold out to them there right now (`waitlist` on the public page of
 * the date). The date may be left out when the event has one. One place per address, ticket and date:
 * joining again changes nothing (the answer is the same). The confirmation mail carries the date, the
 * place in line and the link to leave. Returns the outbox ids to deliver.
 */
export async function joinWaitlist(
  deps: WaitlistJoinDeps,
  eventId: number,
  body: JoinInput,
  locale: Locale,
): Promise<number[]> {
  const view = await publicEventFor(deps.events, eventId, undefined, deps.now, locale, body.event_date_id ?? undefined);
  const event =
    view && (await deps.events.cache.staticOf(eventId, () => loadPublicEventParts(deps.events.db, eventId)))?.event;
  if (!view || !event) throw notFound();
  const date = view.dates.chosen;
  if (!date) throw fieldError('event_date_id', body.event_date_id ? 'date_not_on_sale' : 'choose_date');
  const ticket = view.tickets.find((t) => t.id === body.ticket_id);
  if (!ticket || !ticket.waitlist) throw new DomainError('WAITLIST_CLOSED');
  const tier = ticket.type === 'TIERED' ? ticket.tiers.find((x) => x.id === body.tier_id) : null;
  if (ticket.type === 'TIERED' && !tier) throw fieldError('tier_id', 'not_found_choice');
  if (ticket.type !== 'TIERED' && body.tier_id !== null) throw fieldError('tier_id', 'not_found_choice');
  const max = ticket.waitlist_max ?? 1;
  if (body.quantity > max) throw fieldError('quantity', 'too_big_number', { max });
  if (body.quantity < ticket.min_per_order)
    throw fieldError('quantity', 'too_small_number', { min: ticket.min_per_order });

  const email = body.email.trim().toLowerCase();
  const token = newToken();
  const mailLocale = body.locale ?? locale;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        account_id: event.account_id,
        event_id: eventId,
        ticket_id: ticket.id,
        tier_id: tier?.id ?? null,
        event_date_id: date.id,
        first_name: body.first_name,
        last_name: body.last_name,
        email,
        quantity: body.quantity,
        locale: mailLocale,
        leave_token_hash: hashToken(token),
        created_at: deps.now,
        updated_at: deps.now,
      })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    // Already waiting for this ticket on this date: nothing changes, and the answer does not say so.
    if (!row) return [];
    const [place] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from waitlist_entries
          where ticket_id = ${ticket.id} and event_date_id = ${date.id} and status = 'WAITING' and id <= ${row.id}`,
    );
    const data = {
      first_name: body.first_name,
      last_name: body.last_name,
      event_title: view.title,
      // With several dates, the mail says which one the place is for.
      ...(view.dates.count > 1 ? { date: mailDate(date, view.timezone) } : {}),
      ticket_name: tier ? `${ticket.name} (${tier.label})` : ticket.name,
      quantity: body.quantity,
      position: Number(place?.n ?? 1),
      entry_url: entryUrl(deps.appUrl, eventId, token),
    };
    return [await enqueueMail(tx, mailPayload('waitlist_joined', email, mailLocale, data), deps.now)];
  });
}
