import {
  DEFAULT_LOCALE,
  greetingName,
  inLanguage,
  isLocale,
  type Locale,
  orderBreakdown,
  personName,
} from '@admitone/shared';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import {
  accountUsers,
  attendees,
  events,
  orderEvents,
  orderItems,
  orders,
  organizers,
  tickets as ticketTypes,
  users,
} from '../../db/schema/index.js';
import { enqueueMail, type MailPayload, mailPayload } from '../../mail/outbox.js';
import type { DateMovedData } from '../../mail/templates/date-moved.js';
import type { OrderMailEvent } from '../../mail/templates/order-mail-parts.js';
import type { FileStorage } from '../../storage/storage.js';
import { countEventDates } from '../event-dates/event-dates.repository.js';
import { dateOfOrder, datesOfPasses, type OrderDate } from '../event-dates/order-dates.js';
import { EMPTY_LOCATION } from '../events/event-dto.js';
import { imagesByOwner } from '../images/images.repository.js';
import { invoicesIssuedAt } from '../invoices/invoice-mail.js';
import type { TicketDocumentData } from '../order-documents/ticket-document-data.js';
import { ticketLogoKey } from '../order-documents/ticket-logo.js';
import { eventMailSender } from '../organizers/organizer-mail-sender.js';
import { seatsById } from '../seating/seat-labels.js';
import { walletLinks } from '../wallet/wallet-offer.js';
import { signedTicketCode } from './ticket-signature.js';

export interface OrderMailContext {
  now: Date;
  appUrl: string;
  /** Where the organizer's logo is served from (the mails show it). */
  storage: Pick<FileStorage, 'url'>;
  /** The organizer cancelled the order's date: the cancellation and refund mails say so, with their words. */
  dateCancelled?: { note: string | null } | null;
}

/** What happened to the order: each occasion sends its own mails. */
export type OrderMailOccasion =
  | 'completed'
  | 'awaiting_payment'
  | 'paid'
  | 'cancelled'
  /** The system cancelled an offline order not paid by its deadline. */
  | 'cancelled_unpaid'
  | {
      refunded: number;
      cancelled: boolean;
      late?: boolean;
      /** The price difference of the buyer's move to another date (self-service/exchange-payments.ts). */
      exchange?: 'cheaper' | 'date_full';
    }
  /** The organizer resends the buyer's confirmation (only that mail). */
  | 'confirmation'
  /**
   * The buyer asked from an old link for a fresh one: the confirmation again (the cancellation note for a cancelled
   * order).
   */
  | 'link'
  /** One attendee's ticket: resent, or to a new holder (`passedOnBy`: who passed it on, named in the mail). */
  | { ticket: number; passedOnBy?: string }
  /**
   * The organizer moved the order's date: the buyer (with every valid ticket's new calendar file) and each
   * ticket holder at an address of their own (with theirs) are told the old and the new times.
   */
  | {
      dateMoved: {
        previous_start: Date;
        previous_end: Date | null;
        /** The label of the date before (an exchange's other date); absent: the date's own. */
        previous_label?: string | null;
        note: string | null;
        /** The order, not the date, moved: at the buyer's request, or by the organizer. */
        exchanged?: 'buyer' | 'organizer';
      };
    };

/**
 * The buyer's order page with the order's secret. The secret goes after `#`: a browser never sends the
 * fragment to the server, so it stays out of server and proxy logs and Referer headers; the page keeps it
 * and sends it as `X-Order-Secret`. Only the buyer's mails (and the organizer's "copy the buyer's link")
 * carry it, never an attendee's ticket mail.
 */
export const buyerOrderUrl = (appUrl: string, order: { event_id: number; short_id: string; secret: string }) =>
  `${appUrl}/checkout/${order.event_id}/${encodeURIComponent(order.short_id)}/summary#secret=${encodeURIComponent(order.secret)}`;

/**
 * The buyer's print page of the whole order (every ticket with its QR code), with the order's secret like
 * `buyerOrderUrl`.
 */
export const buyerOrderPrintUrl = (appUrl: string, order: { event_id: number; short_id: string; secret: string }) =>
  `${appUrl}/order/${order.event_id}/${encodeURIComponent(order.short_id)}/print#secret=${encodeURIComponent(order.secret)}`;

/** The language the account's owner reads (for mails to the organizer). */
async function ownerLocale(tx: Tx, accountId: number): Promise<Locale> {
  const [owner] = await tx
    .select({ locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.is_owner, true)))
    .limit(1);
  return isLocale(owner?.locale) ? owner.locale : DEFAULT_LOCALE;
}

/**
 * The event as order mails show it, and its organizer (the mails' sender). `date`: the date the order is for,
 * whose times, label and venue (where it has its own) stand for the event's.
 */
export async function orderMailEvent(
  tx: Tx,
  e: typeof events.$inferSelect,
  locale: string | null = null,
  appUrl: string | null = null,
  date: OrderDate | null = null,
): Promise<{ mailEvent: OrderMailEvent; organizer: typeof organizers.$inferSelect | undefined }> {
  const [organizer] = await tx.select().from(organizers).where(eq(organizers.id, e.organizer_id));
  return {
    organizer,
    mailEvent: {
      // In the order's language where the organizer translated the title.
      title: inLanguage({ title: e.title }, e.translations, isLocale(locale) ? locale : null, ['title']).title,
      start_date: (date?.start_date ?? e.start_date).toISOString(),
      end_date: (date ? date.end_date : e.end_date)?.toISOString() ?? null,
      date_label: date?.label ?? null,
      calendar_sequence: date?.calendar_sequence ?? 0,
      timezone: e.timezone,
      is_online: e.is_online,
      location: { ...EMPTY_LOCATION, ...(date?.location ?? e.location) },
      organizer_name: organizer?.name ?? '',
      support_email: e.support_email,
      footer_message: e.email_footer_message,
      find_tickets_url: appUrl === null ? null : `${appUrl}/find-tickets/${e.id}`,
    },
  };
}

/** The date part of a mail's event for one date (its times, label and venue, else the event's). */
const mailDateOf = (date: OrderDate, e: typeof events.$inferSelect) => ({
  start_date: date.start_date.toISOString(),
  end_date: date.end_date?.toISOString() ?? null,
  date_label: date.label,
  calendar_sequence: date.calendar_sequence ?? 0,
  location: { ...EMPTY_LOCATION, ...(date.location ?? e.location) },
});

/**
 * Writes the mails an order change causes into the outbox, inside the change's transaction, each in
 * its reader's language: the buyer's confirmation, one ticket per attendee (never merged by
 * address), the organizer's notice; the payment-received and cancellation notes. Returns the
 * outbox ids to deliver after commit. The buyer's and attendees' mails come from the organizer (its
 * name and logo, answers to the event's support address: `eventMailSender`); the organizer's own notice
 * does not.
 */
export async function enqueueOrderMails(
  tx: Tx,
  ctx: OrderMailContext,
  orderId: number,
  occasion: OrderMailOccasion,
): Promise<number[]> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.email) return [];
  const [event] = await tx.select().from(events).where(eq(events.id, order.event_id));
  const date = await dateOfOrder(tx, order.id);
  const { mailEvent, organizer } = await orderMailEvent(tx, event!, order.locale, ctx.appUrl, date);
  // An order the buyer moved to another date: its calendar files must outrank the ones of the dates before, so
  // each move adds a step larger than any date's own moves (the new date's count may be lower than the old one's).
  const [exchanges] = await tx
    .select({ n: count() })
    .from(orderEvents)
    .where(and(eq(orderEvents.order_id, order.id), eq(orderEvents.kind, 'DATE_EXCHANGED')));
  if (exchanges?.n) mailEvent.calendar_sequence = (mailEvent.calendar_sequence ?? 0) + 1000 * Number(exchanges.n);
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id));
  // Tickets (PDF, QR, the attendee's own mail) for admissions only; products are lines of the confirmation.
  const people = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.order_id, order.id), eq(attendees.is_admission, true)))
    .orderBy(asc(attendees.position));
  const e = event!;
  const eventUrl = `${ctx.appUrl}/event/${e.id}/${e.slug}`;
  const orderUrl = buyerOrderUrl(ctx.appUrl, order);
  const sender = await eventMailSender(tx, ctx, e, organizer);
  // The tickets name the copy of the logo their PDF prints; its bytes are read when the mail is rendered.
  const logo = (await imagesByOwner(tx, e.account_id, 'organizer', 'ORGANIZER_LOGO', [e.organizer_id])).get(
    e.organizer_id,
  );
  const organizerLogoKey = logo ? ticketLogoKey(logo) : null;
  const buyer = greetingName(order, order.locale);
  // The organizer's text of each ticket type for its mails (what to bring, where to enter).
  const texts = new Map(
    (
      await tx
        .select({ id: ticketTypes.id, text: ticketTypes.mail_text })
        .from(ticketTypes)
        .where(
          and(
            inArray(ticketTypes.id, [...new Set(items.map((i) => i.ticket_id)), 0]),
            isNotNull(ticketTypes.mail_text),
          ),
        )
    ).map((t) => [t.id, t.text!]),
  );
  const textsOf = (ticketIds: number[]) =>
    [...new Set(ticketIds)]
      .filter((id) => texts.has(id))
      .map((id) => ({ ticket_name: items.find((i) => i.ticket_id === id)!.ticket_name, text: texts.get(id)! }));
  const totals = {
    subtotal: order.subtotal,
    discount: order.discount_total,
    fees: order.fee_total,
    taxes: order.tax_total,
    total: order.total,
  };
  const mails: MailPayload[] = [];

  // The invoices this change issued ride along with the buyer's mail about it (modules/invoices).
  const issuedNow = await invoicesIssuedAt(tx, order.id, ctx.now);
  const confirmation = (status: 'COMPLETED' | 'AWAITING_PAYMENT') =>
    mailPayload('order_confirmation', order.email!, order.locale, {
      buyer_name: buyer,
      order_number: order.order_number,
      status,
      currency: order.currency,
      event: mailEvent,
      lines: orderBreakdown(items, totals).lines.map((l) => ({
        ticket_name: l.ticket_name,
        tier_label: l.tier_label,
        quantity: l.quantity,
        amount: l.amount,
      })),
      totals,
      promo_code: order.promo_code,
      offline_payment_instructions: status === 'AWAITING_PAYMENT' ? e.offline_payment_instructions : null,
      payment_due_at: status === 'AWAITING_PAYMENT' ? (order.payment_due_at?.toISOString() ?? null) : null,
      order_url: orderUrl,
      sender,
      order_tickets: status === 'COMPLETED' ? orderTickets : null,
      ticket_texts: textsOf(items.map((i) => i.ticket_id)),
      invoices: issuedNow,
    });
  // Each ticket's QR code, signed with the event's key (door devices check it offline).
  const qrCodes = new Map<number, string>();
  for (const p of people) if (p.status === 'ACTIVE') qrCodes.set(p.id, await signedTicketCode(tx, e.id, p.short_id));
  // A pass's tickets are each for a date of their own (the order's date stands for the others).
  const passDates = await datesOfPasses(tx, people);
  const seats = await seatsById(
    tx,
    people.map((p) => p.seat_id),
  );
  // What a pass's ticket says of the pass: its code admits once on each of the pass's dates that still stand.
  const passOf = (p: (typeof people)[number]) => {
    if (!p.pass_group) return null;
    const starts = people
      .filter((x) => x.pass_group === p.pass_group && x.status !== 'CANCELLED')
      .map((x) => passDates.get(x.id)!.start_date.getTime())
      .sort((a, b) => a - b);
    if (!starts.length) return null;
    const iso = (ms: number) => new Date(ms).toISOString();
    return { date_count: starts.length, first_start: iso(starts[0]!), last_start: iso(starts[starts.length - 1]!) };
  };
  const ticketDoc = (p: (typeof people)[number]): TicketDocumentData => {
    const item = items.find((i) => i.id === p.order_item_id)!;
    const own = passDates.get(p.id);
    return {
      pass: passOf(p),
      qr_code: qrCodes.get(p.id) ?? p.short_id,
      event: { ...mailEvent, ...(own ? mailDateOf(own, e) : {}), url: eventUrl, organizer_logo_key: organizerLogoKey },
      attendee: {
        short_id: p.short_id,
        first_name: p.first_name ?? '',
        last_name: p.last_name ?? '',
        email: p.email ?? '',
        ticket_name: item.ticket_name,
        tier_label: item.tier_label,
        seat: (p.seat_id && seats.get(p.seat_id)) || null,
      },
      order: { order_number: order.order_number, currency: order.currency },
      price: item.unit.total,
      ticket_url: `${ctx.appUrl}/ticket/${e.id}/${p.short_id}`,
      wallet: walletLinks(ctx.appUrl, e.id, p.short_id),
    };
  };
  // The buyer's mails carry every ticket of the order (a group's buyer holds them all); cancelled ones are no tickets.
  // A pass's code admits on each of its dates and its PDF says so: its mails carry its first valid ticket, not one per
  // date (the order page and the ticket page list them all).
  const firstOfPass = new Map<string, number>();
  for (const p of people)
    if (p.pass_group && p.status === 'ACTIVE' && !firstOfPass.has(p.pass_group)) firstOfPass.set(p.pass_group, p.id);
  const onceAPass = (p: (typeof people)[number]) => !p.pass_group || firstOfPass.get(p.pass_group) === p.id;
  const orderTickets = {
    tickets: people.filter((p) => p.status === 'ACTIVE' && onceAPass(p)).map(ticketDoc),
    print_url: buyerOrderPrintUrl(ctx.appUrl, order),
  };
  const tickets = (only?: number, passedOnBy?: string) =>
    people
      .filter((p) => p.email && (only === undefined ? onceAPass(p) : p.id === only))
      .map((p) => {
        return mailPayload('attendee_ticket', p.email!, p.locale, {
          ticket: ticketDoc(p),
          ticket_texts: textsOf([p.ticket_id]),
          event_slug: e.slug,
          footer_message: e.email_footer_message,
          online_details: e.is_online ? e.online_details : null,
          sender,
          ...(passedOnBy ? { passed_on_by: passedOnBy } : {}),
        });
      });
  const organizerNotice = async (status: 'COMPLETED' | 'AWAITING_PAYMENT') =>
    e.notify_organizer_of_new_orders && organizer?.email
      ? [
          mailPayload('organizer_new_order', organizer.email, await ownerLocale(tx, e.account_id), {
            event_title: e.title,
            order_number: order.order_number,
            buyer_name: personName(order),
            buyer_email: order.email!,
            ticket_count: people.length,
            currency: order.currency,
            total: order.total,
            status,
            // The order itself, opened in the event's order list.
            manage_url: `${ctx.appUrl}/manage/event/${e.id}/orders?order=${order.id}`,
            // With several dates, which one the tickets are for (its times and label, as the buyer's mails).
            date:
              date && (await countEventDates(tx, e.id)) > 1
                ? {
                    start_date: mailEvent.start_date,
                    end_date: mailEvent.end_date,
                    date_label: mailEvent.date_label,
                    timezone: e.timezone,
                  }
                : null,
          }),
        ]
      : [];

  if (typeof occasion === 'object' && 'dateMoved' in occasion) {
    const moved = occasion.dateMoved;
    const previous = {
      start_date: moved.previous_start.toISOString(),
      end_date: moved.previous_end?.toISOString() ?? null,
      date_label: moved.previous_label === undefined ? (mailEvent.date_label ?? null) : moved.previous_label,
    };
    const told = (
      to: string,
      locale: Locale,
      name: DateMovedData['name'],
      docs: TicketDocumentData[],
      url: string,
      kind: 'order' | 'ticket',
    ) =>
      mailPayload('date_moved', to, locale, {
        name,
        order_number: order.order_number,
        event: mailEvent,
        previous,
        note: moved.note,
        ...(moved.exchanged ? { exchanged: moved.exchanged } : {}),
        tickets: docs,
        action: { kind, url },
        event_slug: e.slug,
        sender,
      });
    mails.push(told(order.email, order.locale, order, orderTickets.tickets, orderUrl, 'order'));
    // Holders at addresses of their own, one mail per address (with each of their tickets' calendar files).
    const holders = new Map<string, typeof people>();
    for (const p of people) {
      const address = p.email?.toLowerCase();
      if (p.status !== 'ACTIVE' || !address || address === order.email.toLowerCase()) continue;
      holders.set(address, [...(holders.get(address) ?? []), p]);
    }
    for (const held of holders.values()) {
      const first = held[0]!;
      const url = `${ctx.appUrl}/ticket/${e.id}/${first.short_id}`;
      mails.push(told(first.email!, first.locale, first, held.map(ticketDoc), url, 'ticket'));
    }
    const ids: number[] = [];
    for (const m of mails) ids.push(await enqueueMail(tx, m, ctx.now, order.id));
    return ids;
  }
  if (typeof occasion === 'object' && 'ticket' in occasion) {
    const ids: number[] = [];
    for (const m of tickets(occasion.ticket, occasion.passedOnBy))
      ids.push(await enqueueMail(tx, m, ctx.now, order.id));
    return ids;
  }
  if (typeof occasion === 'object') {
    const data = {
      buyer_name: buyer,
      order_number: order.order_number,
      event: mailEvent,
      currency: order.currency,
      amount: occasion.refunded,
      cancelled: occasion.cancelled,
      late: occasion.late ?? false,
      ...(occasion.exchange ? { exchange: occasion.exchange } : {}),
      date_cancelled: ctx.dateCancelled ?? null,
      order_url: orderUrl,
      sender,
      invoices: issuedNow,
    };
    return [await enqueueMail(tx, mailPayload('order_refunded', order.email, order.locale, data), ctx.now, order.id)];
  }
  switch (occasion) {
    case 'completed':
      mails.push(confirmation('COMPLETED'), ...tickets(), ...(await organizerNotice('COMPLETED')));
      break;
    case 'awaiting_payment':
      mails.push(confirmation('AWAITING_PAYMENT'), ...(await organizerNotice('AWAITING_PAYMENT')));
      break;
    case 'paid':
      // The buyer's note carries every ticket: an attendee at the buyer's own address gets no second copy.
      mails.push(
        mailPayload('payment_received', order.email, order.locale, {
          buyer_name: buyer,
          order_number: order.order_number,
          event: mailEvent,
          currency: order.currency,
          total: order.total,
          order_url: orderUrl,
          sender,
          order_tickets: orderTickets,
        }),
        ...tickets().filter((m) => m.to.toLowerCase() !== order.email!.toLowerCase()),
      );
      break;
    case 'confirmation':
      mails.push(confirmation(order.status === 'AWAITING_PAYMENT' ? 'AWAITING_PAYMENT' : 'COMPLETED'));
      break;
    case 'link':
      mails.push(
        order.status === 'CANCELLED'
          ? mailPayload('order_cancelled', order.email, order.locale, {
              buyer_name: buyer,
              order_number: order.order_number,
              event: mailEvent,
              order_url: orderUrl,
              sender,
            })
          : confirmation(order.status === 'AWAITING_PAYMENT' ? 'AWAITING_PAYMENT' : 'COMPLETED'),
      );
      break;
    case 'cancelled':
    case 'cancelled_unpaid':
      mails.push(
        mailPayload('order_cancelled', order.email, order.locale, {
          buyer_name: buyer,
          order_number: order.order_number,
          event: mailEvent,
          order_url: orderUrl,
          sender,
          unpaid_by: occasion === 'cancelled_unpaid' ? (order.payment_due_at?.toISOString() ?? null) : null,
          date_cancelled: ctx.dateCancelled ?? null,
          invoices: issuedNow,
        }),
      );
      break;
  }
  const ids: number[] = [];
  for (const m of mails) ids.push(await enqueueMail(tx, m, ctx.now, order.id));
  return ids;
}
