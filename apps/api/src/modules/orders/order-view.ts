import { createHash, timingSafeEqual } from 'node:crypto';

import type { ImageDto } from '@admitone/shared';
import {
  type AnswerValue,
  type ContentTranslations,
  DEFAULT_EVENT_COLORS,
  EVENT_TEXT_FIELDS,
  inLanguage,
  isLocale,
  type Locale,
  MAX_HOLD_EXTENSIONS,
  type OrderEventDto,
  type PublicAttendeeDto,
  type PublicOrderDto,
  type PublicQuestionDto,
  type QuestionTexts,
  type SeatDto,
} from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import {
  attendees,
  events,
  mailAutomations,
  orderItems,
  orders,
  organizers,
  questionAnswers,
  questions,
  questionTickets,
} from '../../db/schema/index.js';
import { hashToken } from '../../shared/tokens.js';
import type { FileStorage } from '../../storage/storage.js';
import { dateOfOrder, datesOfPasses, type OrderDate, toOrderDateDto } from '../event-dates/order-dates.js';
import { EMPTY_LOCATION } from '../events/event-dto.js';
import { imagesByOwner, toImageDto } from '../images/images.repository.js';
import { orderInvoices } from '../invoices/issue-invoices.js';
import { seatsById } from '../seating/seat-labels.js';
import { selfServiceOf } from '../self-service/policy.js';
import { passPicksOf } from './pass-picks-view.js';
import { offlinePaymentOpen } from './payment-terms.js';

export type OrderRow = typeof orders.$inferSelect;
export type AttendeeRow = typeof attendees.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** A RESERVED order whose hold ran out: its stock is free again and the buyer must start over. */
export const isExpired = (o: Pick<OrderRow, 'status' | 'reserved_until'>, now: Date) =>
  o.status === 'RESERVED' && (!o.reserved_until || o.reserved_until <= now);

/** The order of an event by its public short id. */
export async function findOrderByShortId(db: Executor, eventId: number, shortId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.event_id, eventId), eq(orders.short_id, shortId)))
    .limit(1);
  return row ?? null;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The request carries this order's secret. Compared in constant time (as digests of equal length, so
 * neither the secret's characters nor its length show in how long the answer takes).
 */
export const secretMatches = (order: Pick<OrderRow, 'secret'>, given: string | null | undefined): boolean =>
  typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), digest(order.secret));

/**
 * The order of an event by its short id, only for a request that carries its secret: anything else is
 * the same null as an order that does not exist (the routes answer 404 for both).
 */
export async function findOrderWithSecret(
  db: Executor,
  eventId: number,
  shortId: string,
  secret: string | null | undefined,
): Promise<OrderRow | null> {
  const order = await findOrderByShortId(db, eventId, shortId);
  // Compared even when there is no order, so a miss and a wrong secret take the same time.
  const ok = secretMatches(order ?? { secret: '\u0000' }, secret);
  return order && ok ? order : null;
}

/** The request carries the token this order was reserved with. */
export const ownsOrder = (order: OrderRow, token: string | null | undefined) =>
  !!token && hashToken(token) === order.checkout_token_hash;

/** What every order answer of an event shares: the event row, its organizer's name, cover and checkout questions. */
export interface OrderEventParts {
  event: EventRow;
  organizerName: string;
  cover: ImageDto | null;
  questions: CheckoutQuestion[];
  /** The event mails buyers who leave the checkout, if they agree (its abandoned-checkout mail is on). */
  checkoutRecovery: boolean;
}

/** Loads the shared parts of an event's order answers (the public event cache keeps them; see `orderPartsOf`). */
export async function loadOrderEventParts(
  db: Executor,
  storage: FileStorage,
  event: EventRow,
): Promise<OrderEventParts> {
  const [organizer] = await db
    .select({ name: organizers.name })
    .from(organizers)
    .where(eq(organizers.id, event.organizer_id));
  const covers = await imagesByOwner(db, event.account_id, 'event', 'EVENT_COVER', [event.id]);
  const cover = covers.get(event.id);
  return {
    event,
    organizerName: organizer?.name ?? '',
    cover: cover ? toImageDto(cover, storage) : null,
    questions: await checkoutQuestions(db, event.id),
    checkoutRecovery: Boolean(
      (
        await db
          .select({ enabled: mailAutomations.enabled })
          .from(mailAutomations)
          .where(and(eq(mailAutomations.event_id, event.id), eq(mailAutomations.kind, 'ABANDONED_CHECKOUT')))
      )[0]?.enabled,
    ),
  };
}

/** Loads an event's order parts by id (null: no such event). */
export async function loadOrderEventPartsById(
  db: Executor,
  storage: FileStorage,
  eventId: number,
): Promise<OrderEventParts | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  return event ? loadOrderEventParts(db, storage, event) : null;
}

/** The event as order and ticket pages show it; join details and the post-checkout message only once earned. */
export function orderEventDto(
  parts: OrderEventParts,
  status: OrderRow['status'],
  cardPayments = false,
  now: Date | null = null,
  locale: Locale | null = null,
): OrderEventDto {
  // Title and post-checkout message in the buyer's language where the organizer gave them.
  const event = inLanguage(parts.event, parts.event.translations, locale, EVENT_TEXT_FIELDS);
  const completed = status === 'COMPLETED';
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    start_date: event.start_date.toISOString(),
    end_date: event.end_date?.toISOString() ?? null,
    timezone: event.timezone,
    currency: event.currency,
    is_online: event.is_online,
    location: { ...EMPTY_LOCATION, ...event.location },
    organizer_name: parts.organizerName,
    colors: { ...DEFAULT_EVENT_COLORS, ...(event.colors ?? {}) },
    support_email: event.support_email,
    cover_image: parts.cover,
    online_details: completed && event.is_online ? event.online_details : null,
    post_checkout_message: completed || status === 'AWAITING_PAYMENT' ? event.post_checkout_message : null,
    // Past the event's payment date (payment-deadlines.ts), offline payment is no longer offered.
    offline_payments_enabled: now ? offlinePaymentOpen(event, now) : event.offline_payments_enabled,
    card_payments_available: cardPayments,
    offline_payment_instructions: event.offline_payment_instructions,
    invoice_mode: event.invoice_mode,
  };
}

/** The event part of an order or ticket page, read from the database. */
export async function orderEventView(
  db: Executor,
  storage: FileStorage,
  event: EventRow,
  status: OrderRow['status'],
  cardPayments = false,
  locale: Locale | null = null,
): Promise<OrderEventDto> {
  return orderEventDto(await loadOrderEventParts(db, storage, event), status, cardPayments, null, locale);
}

/** A visible question of an event with its texts in other languages (checkAnswers reads the options as written). */
export type CheckoutQuestion = PublicQuestionDto & {
  translations: ContentTranslations<QuestionTexts>;
  buyer_editable: boolean;
  asked_at_box_office: boolean;
};

/** Visible questions of an event (for the checkout form), texts as written. */
export async function checkoutQuestions(db: Executor, eventId: number): Promise<CheckoutQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.event_id, eventId), eq(questions.is_hidden, false)))
    .orderBy(asc(questions.sort_order), asc(questions.id));
  const links = rows.length
    ? await db
        .select()
        .from(questionTickets)
        .where(
          inArray(
            questionTickets.question_id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((q) => ({
    id: q.id,
    title: q.title,
    description: q.description,
    type: q.type,
    options: q.options,
    option_labels: q.options,
    required: q.required,
    applies_to: q.applies_to,
    ticket_ids: links.filter((l) => l.question_id === q.id).map((l) => l.ticket_id),
    translations: q.translations,
    buyer_editable: q.buyer_editable,
    asked_at_box_office: q.asked_at_box_office,
  }));
}

/**
 * The questions as a buyer in `locale` reads them: title, description and option labels translated
 * where the organizer gave them; the options themselves (what an answer sends and stores) as written.
 */
export function questionsIn(list: readonly CheckoutQuestion[], locale: Locale | null): PublicQuestionDto[] {
  return list.map(({ translations, buyer_editable: _editable, asked_at_box_office: _door, ...q }) => {
    const texts = inLanguage({ title: q.title, description: q.description, options: q.options }, translations, locale, [
      'title',
      'description',
      'options',
    ]);
    return { ...q, title: texts.title, description: texts.description, option_labels: texts.options };
  });
}

export function toAttendeeDto(
  a: Pick<AttendeeRow, 'short_id' | 'ticket_id' | 'tier_id' | 'first_name' | 'last_name' | 'email' | 'status'> &
    Partial<Pick<AttendeeRow, 'pass_group'>>,
  item: { ticket_name: string; tier_label: string | null },
  passDate: OrderDate | null = null,
  seat: SeatDto | null = null,
): PublicAttendeeDto {
  return {
    short_id: a.short_id,
    ticket_id: a.ticket_id,
    tier_id: a.tier_id,
    ticket_name: item.ticket_name,
    tier_label: item.tier_label,
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    status: a.status,
    pass_of: passLeadOf(a),
    pass_date: passDate && toOrderDateDto(passDate),
    ...(seat ? { seat } : {}),
  };
}

/** The code of a pass's first ticket, for the pass's other tickets (null: not a pass, or its first ticket). */
export const passLeadOf = (a: { short_id: string; pass_group?: string | null }) =>
  a.pass_group && a.pass_group !== a.short_id ? a.pass_group : null;

/** Where an order answer gets its event's shared parts: straight from the database, or a cache of them. */
export type OrderEventPartsSource = (eventId: number) => Promise<OrderEventParts | null>;

/** The event parts of order answers from the app's public event cache (invalidated with the event). */
export function orderEventPartsFrom(deps: {
  database: { db: Executor };
  storage: FileStorage;
  publicEvents: { orderPartsOf<T>(id: number, load: () => Promise<T>): Promise<T> };
}): OrderEventPartsSource {
  return (id) => deps.publicEvents.orderPartsOf(id, () => loadOrderEventPartsById(deps.database.db, deps.storage, id));
}

/**
 * An order as the buyer sees it. `token` is the request's checkout token (ownership). `eventParts`
 * gives the event's shared parts (the routes pass the public event cache's; by default they are read).
 */
export async function publicOrderView(
  db: Executor,
  storage: FileStorage,
  order: OrderRow,
  token: string | null | undefined,
  now: Date,
  cardPayments = false,
  eventParts: OrderEventPartsSource = (id) => loadOrderEventPartsById(db, storage, id),
): Promise<PublicOrderDto> {
  // Sequential: this often runs inside a transaction, on one connection.
  const parts = await eventParts(order.event_id);
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id));
  // Admissions only: units of general products are the order's lines, not people.
  const people = await db
    .select()
    .from(attendees)
    .where(and(eq(attendees.order_id, order.id), eq(attendees.is_admission, true)))
    .orderBy(asc(attendees.position));
  // Answers are given with the details: a fresh reservation has none.
  const answers = order.email
    ? await db
        .select({
          question_id: questionAnswers.question_id,
          attendee_id: questionAnswers.attendee_id,
          answer: questionAnswers.answer,
          title: questions.title,
        })
        .from(questionAnswers)
        .innerJoin(questions, eq(questions.id, questionAnswers.question_id))
        .where(eq(questionAnswers.order_id, order.id))
        .orderBy(asc(questionAnswers.id))
    : [];
  const date = await dateOfOrder(db, order.id);
  const passDates = await datesOfPasses(db, people);
  const seats = await seatsById(
    db,
    people.map((a) => a.seat_id),
  );
  const picks = await passPicksOf(db, order, now);
  const dto = toPublicOrderDto({
    order,
    items,
    people,
    answers,
    parts: parts!,
    date,
    passDates,
    seats,
    token,
    now,
    cardPayments,
  });
  const invoices =
    order.invoice_details || parts!.event.invoice_mode !== 'NONE' ? await orderInvoices(db, order.id) : [];
  return {
    ...dto,
    ...(picks.length ? { pass_picks: picks } : {}),
    ...(order.invoice_details ? { invoice_details: order.invoice_details } : {}),
    ...(invoices.length ? { invoices } : {}),
  };
}

type ItemPart = Pick<
  typeof orderItems.$inferSelect,
  'id' | 'ticket_id' | 'tier_id' | 'ticket_name' | 'tier_label' | 'quantity' | 'unit' | 'total'
>;
type PersonPart = Pick<
  AttendeeRow,
  'id' | 'short_id' | 'ticket_id' | 'tier_id' | 'order_item_id' | 'first_name' | 'last_name' | 'email' | 'status'
> &
  Partial<Pick<AttendeeRow, 'pass_group' | 'seat_id'>>;

/** An order as the buyer sees it, from rows already read (or just written, for a fresh reservation). */
export function toPublicOrderDto(p: {
  order: OrderRow;
  items: ItemPart[];
  people: PersonPart[];
  answers: Array<{ question_id: number; attendee_id: number | null; answer: AnswerValue; title: string }>;
  parts: OrderEventParts;
  /** The date the order is for (null: no lines). */
  date: OrderDate | null;
  /** The dates of a pass's tickets, by attendee id. */
  passDates?: ReadonlyMap<number, OrderDate>;
  /** Where its attendees sit, by place id (a seated event). */
  seats?: ReadonlyMap<number, SeatDto>;
  token: string | null | undefined;
  now: Date;
  cardPayments: boolean;
}): PublicOrderDto {
  const { order, items, people, answers, parts, date, token, now, cardPayments } = p;
  const expired = isExpired(order, now);
  const reserved = order.status === 'RESERVED';
  const itemOf = (id: number) => items.find((i) => i.id === id)!;
  const orderLocale = isLocale(order.locale) ? order.locale : null;
  return {
    short_id: order.short_id,
    order_number: order.order_number,
    status: order.status,
    payment_status: order.payment_status,
    payment_provider: order.payment_provider,
    is_expired: expired,
    reserved_until: reserved ? (order.reserved_until?.toISOString() ?? null) : null,
    hold_extended: order.hold_extensions > 0,
    can_extend: reserved && order.hold_extensions < MAX_HOLD_EXTENSIONS,
    extensions_left: reserved ? Math.max(0, MAX_HOLD_EXTENSIONS - order.hold_extensions) : 0,
    details_complete: !!order.email,
    is_owner: ownsOrder(order, token),
    currency: order.currency,
    totals: {
      subtotal: order.subtotal,
      discount: order.discount_total,
      fees: order.fee_total,
      taxes: order.tax_total,
      total: order.total,
    },
    promo_code: order.promo_code,
    buyer: order.email
      ? { first_name: order.first_name ?? '', last_name: order.last_name ?? '', email: order.email }
      : null,
    locale: order.locale,
    items: items.map((i) => ({
      ticket_id: i.ticket_id,
      tier_id: i.tier_id,
      ticket_name: i.ticket_name,
      tier_label: i.tier_label,
      quantity: i.quantity,
      unit: i.unit,
      total: i.total,
    })),
    attendees: people.map((a) =>
      toAttendeeDto(
        a,
        itemOf(a.order_item_id),
        p.passDates?.get(a.id) ?? null,
        (a.seat_id && p.seats?.get(a.seat_id)) || null,
      ),
    ),
    questions: reserved ? questionsIn(parts?.questions ?? [], orderLocale) : [],
    answers: answers.map((a) => ({
      question_id: a.question_id,
      attendee_short_id: a.attendee_id === null ? null : (people.find((p) => p.id === a.attendee_id)?.short_id ?? null),
      question_title: a.title,
      answer: a.answer,
    })),
    event: orderEventDto(parts, order.status, cardPayments, now, orderLocale),
    date: date && toOrderDateDto(date),
    created_at: order.created_at.toISOString(),
    completed_at: order.completed_at?.toISOString() ?? null,
    payment_due_at: order.status === 'AWAITING_PAYMENT' ? (order.payment_due_at?.toISOString() ?? null) : null,
    server_now: now.toISOString(),
    self_service: withoutExchangeForPasses(
      selfServiceOf(
        parts.event,
        order,
        questionsIn(
          (parts?.questions ?? []).filter((q) => q.buyer_editable && q.applies_to === 'ATTENDEE'),
          orderLocale,
        ),
        now,
        date?.start_date ?? parts.event.start_date,
      ),
      people,
    ),
    // A checkout in progress: whether the event mails buyers who leave it (the details step then asks consent).
    ...(order.status === 'RESERVED'
      ? { checkout_recovery: parts.checkoutRecovery ?? false, recovery_consent: order.recovery_consent }
      : {}),
  };
}

/** An order holding a pass does not change date (a pass is for its own dates): no "Change date" for it. */
function withoutExchangeForPasses<T extends { can_exchange: boolean; exchange_until: string | null } | null>(
  allowed: T,
  people: ReadonlyArray<{ pass_group?: string | null }>,
): T {
  if (!allowed || !people.some((p) => p.pass_group)) return allowed;
  return { ...allowed, can_exchange: false, exchange_until: null };
}
