import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { SMALL_HALL_PLAN } from './seating-plans';
import { signUpByApi, uniqueEmail, waitForMail } from './support';

/**
 * The locale sweep's world and its page checks: one account (an admin, an invited organizer and door staff), one
 * EUR event in Tokyo time with every kind of ticket, a question, a promo code, an affiliate, a message
 * and orders in several states, built through the API. Every name the organizer types is neutral
 * (no English interface word), so the "no English left" check never mistakes data for interface.
 */

export const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'] as const;
export type SweepLocale = (typeof LOCALES)[number];

const PASSWORD = 'sweep-pass-2030';
export const EVENT = {
  title: 'Zenit 2030',
  slug: 'zenit-2030',
  timezone: 'Asia/Tokyo',
  currency: 'EUR',
  start: '2030-09-14T19:30',
  end: '2030-09-14T23:00',
  /** The start as an instant: 19:30 in Tokyo (UTC+9). */
  startIso: '2030-09-14T10:30:00.000Z',
};
export const PAID = { name: 'Nebula', price: 2450 };

/** The seated event's names (#40): its plan, zone, categories, tickets and hold, none an interface word. */
const SEATED_TEXTS = {
  title: 'Zenit Saal',
  plan: 'Zenit Saal Plan',
  zone: 'Orion',
  lyra: 'Lyra',
  vega: 'Vega',
  stage: 'Zenit',
  lyraTicket: 'Lyra Platz',
  vegaTicket: 'Vega Platz',
  hold: 'Zenit Presse',
} as const;
export const SEATED = { ...SEATED_TEXTS, slug: 'zenit-saal' };
/** A run of three evenings with a pass for any two, picked after buying (#39): the buyer's picks. */
const PASS_TEXTS = { title: 'Zenit Nächte', pass: 'Zwei Nächte' };

/** Texts the organizer or buyers entered: never interface strings, left out of the language checks. */
export const WORLD_TEXTS = [
  EVENT.title,
  'Zenit Kollektiv',
  'Nebula',
  'Komet',
  'Quasar',
  'Orbita',
  'Orbita I',
  'Orbita II',
  'Zenit-Q',
  'Rot',
  'Blau',
  'Zenit Arena',
  'ORBITA7',
  'ZENIT10',
  'Sputnik Partner',
  'Zenit 2030 ✦',
  'Ana Lima',
  'Ana',
  'Lima',
  'Li',
  'Wei',
  'Jonas',
  'Berg',
  'Eva',
  'Nord',
  'Li Wei',
  'Jonas Berg',
  'Eva Nord',
  'Nova',
  'Mira Stern',
  'Mira',
  'Stern',
  'Ada Admin',
  'Olga Organizer',
  'Vera Porta',
  'Vera',
  'Porta',
  'MwSt',
  'Zenit CRM',
  ...Object.values(SEATED_TEXTS),
  ...Object.values(PASS_TEXTS),
];

export interface World {
  eventId: number;
  organizerId: number;
  admin: { email: string; token: string };
  organizer: { email: string; token: string };
  /** Door staff of the event: its check-in screen and nothing else. */
  doorStaff: { email: string; token: string };
  /** A pending invitation's token (the accept-invitation screen). */
  invitationToken: string;
  /** The completed paid order (2 × Nebula) and its first attendee. */
  paidOrder: {
    id: number;
    shortId: string;
    secret: string;
    attendeeId: number;
    attendeeShortId: string;
    total: number;
    listedAt: string;
  };
  messageId: number;
  /** The staff link of the event's first check-in list (a volunteer's check-in screen). */
  staffToken: string;
  /** The link token of a place on the waitlist of the sold-out "Nova" (the person's waitlist page). */
  waitlistToken: string;
  /** The account's webhook (its detail screen). */
  webhookId: number;
  /** The seated event (#40): its plan, a sold seat (Ana Lima's, A3) and two seats held for the press. */
  seated: { eventId: number; planId: number; attendeeId: number; order: { shortId: string; secret: string } };
  /** A pass for any two of three evenings, bought and not picked yet (its order page offers the dates). */
  pass: { eventId: number; order: { shortId: string; secret: string } };
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Reserves tickets as a buyer and fills in the details; returns the order's short id and token. */
async function buy(
  request: APIRequestContext,
  eventId: number,
  items: Array<{ ticket_id: number; quantity: number; price?: number; seats?: number[] }>,
  expectedTotal: number,
  buyer: { first: string; last: string },
  extra: { affiliate_code?: string; event_date_id?: number } = {},
) {
  const reserved = await ok<{
    data: { short_id: string; attendees: Array<{ short_id: string }> };
    checkout_token: string;
    order_secret: string;
  }>(
    await request.post(`/api/public/events/${eventId}/order`, {
      data: { items, expected_total: expectedTotal, ...extra },
    }),
    'reserve',
  );
  const email = `${buyer.first.toLowerCase()}.${buyer.last.toLowerCase()}@example.test`;
  const headers = { 'x-checkout-token': reserved.checkout_token, 'x-order-secret': reserved.order_secret };
  await ok(
    await request.put(`/api/public/events/${eventId}/order/${reserved.data.short_id}/details`, {
      headers,
      data: {
        first_name: buyer.first,
        last_name: buyer.last,
        email,
        attendees: reserved.data.attendees.map((a) => ({
          short_id: a.short_id,
          first_name: buyer.first,
          last_name: buyer.last,
          email,
          answers: {},
        })),
        answers: {},
      },
    }),
    'details',
  );
  return { shortId: reserved.data.short_id, token: reserved.checkout_token, secret: reserved.order_secret, headers };
}

/** A fresh reservation (for the checkout screens): short id and checkout token. */
export async function reserve(request: APIRequestContext, eventId: number, ticketId: number) {
  const reserved = await ok<{ data: { short_id: string }; checkout_token: string; order_secret: string }>(
    await request.post(`/api/public/events/${eventId}/order`, {
      data: { items: [{ ticket_id: ticketId, quantity: 1 }], expected_total: PAID.price },
    }),
    'reserve',
  );
  return { shortId: reserved.data.short_id, token: reserved.checkout_token, secret: reserved.order_secret };
}

export async function buildWorld(request: APIRequestContext): Promise<World & { paidTicketId: number }> {
  // The admin signs up with the mailed link (which confirms the address, so the event may go live and messages may be
  // sent).
  const adminEmail = uniqueEmail('sweep-admin');
  const reg = await signUpByApi(request, {
    name: 'Ada Admin',
    email: adminEmail,
    password: PASSWORD,
    timezone: 'Europe/Berlin',
  });
  const headers = { authorization: `Bearer ${reg.token}` };
  const post = async <T>(p: string, data: unknown) =>
    (await ok<{ data: T }>(await request.post(`/api${p}`, { headers, data }), p)).data;
  const put = async (p: string, data: unknown) => ok(await request.put(`/api${p}`, { headers, data }), p);
  const accountId = reg.accounts[0]!.id;

  // An organizer joins through an invitation; a second invitation stays pending.
  const organizerEmail = uniqueEmail('sweep-organizer');
  await post('/users', { email: organizerEmail, role: 'ORGANIZER' });
  const invite = /\/auth\/accept-invitation\/([A-Za-z0-9_-]+)/.exec((await waitForMail(organizerEmail)).text);
  expect(invite).not.toBeNull();
  const joined = await ok<{ token: string }>(
    await request.post(`/api/auth/invitation/${invite![1]}`, {
      data: {
        name: 'Olga Organizer',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
        timezone: 'Europe/Berlin',
      },
    }),
    'accept invitation',
  );
  const pendingEmail = uniqueEmail('sweep-pending');
  await post('/users', { email: pendingEmail, role: 'ADMIN' });
  const pending = /\/auth\/accept-invitation\/([A-Za-z0-9_-]+)/.exec((await waitForMail(pendingEmail)).text);
  expect(pending).not.toBeNull();

  await post('/api-keys', { name: 'Zenit CRM', access: 'READ' });
  // A webhook that receives nothing in the sweep (no product is deleted): its screens show it, an empty log.
  const webhook = await post<{ id: number }>('/webhooks', {
    url: 'http://127.0.0.1:9/zenit',
    description: 'Zenit CRM',
    event_types: ['product.deleted'],
  });
  await post(`/accounts/${accountId}/taxes-and-fees`, {
    name: 'MwSt',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: 19,
    is_default: false,
  });

  const organizer = await post<{ id: number }>('/organizers', { name: 'Zenit Kollektiv', email: 'hallo@zenit.test' });
  const event = await post<{ id: number }>('/events', {
    title: EVENT.title,
    organizer_id: organizer.id,
    start_date: EVENT.start,
    end_date: EVENT.end,
    timezone: EVENT.timezone,
    currency: EVENT.currency,
    description: '<p>Zenit 2030 ✦</p>',
  });
  const e = event.id;
  // Door staff of this event join through an invitation too: their home is the event's check-in screen.
  const doorEmail = uniqueEmail('sweep-door');
  await post('/users', { email: doorEmail, role: 'DOOR_STAFF', event_ids: [e] });
  const doorInvite = /\/auth\/accept-invitation\/([A-Za-z0-9_-]+)/.exec((await waitForMail(doorEmail)).text);
  expect(doorInvite).not.toBeNull();
  const door = await ok<{ token: string }>(
    await request.post(`/api/auth/invitation/${doorInvite![1]}`, {
      data: {
        name: 'Vera Porta',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
        timezone: 'Europe/Berlin',
      },
    }),
    'accept the door staff invitation',
  );
  const paid = await post<{ id: number }>(`/events/${e}/tickets`, {
    name: PAID.name,
    type: 'PAID',
    price: PAID.price,
    quantity: 100,
  });
  const free = await post<{ id: number }>(`/events/${e}/tickets`, { name: 'Komet', type: 'FREE', quantity: 50 });
  await post(`/events/${e}/tickets`, { name: 'Quasar', type: 'DONATION', min_price: 500 });
  await post(`/events/${e}/tickets`, {
    name: 'Orbita',
    type: 'TIERED',
    tiers: [
      { label: 'Orbita I', price: 1999, quantity: 20 },
      { label: 'Orbita II', price: 3575, quantity: 20 },
    ],
  });
  // Sold out from the start, with a waitlist: the event page offers to join it, the waitlist screen has a row.
  const nova = await post<{ id: number }>(`/events/${e}/tickets`, {
    name: 'Nova',
    type: 'FREE',
    quantity: 0,
    waitlist_enabled: true,
  });
  await put(`/events/${e}/settings`, {
    offline_payments_enabled: true,
    offline_payment_instructions: '<p>IBAN DE00 0000 0000 0000 0000 00</p>',
  });
  await post(`/events/${e}/questions`, {
    title: 'Zenit-Q',
    type: 'DROPDOWN',
    options: ['Rot', 'Blau'],
    required: false,
    applies_to: 'ATTENDEE',
  });
  await post(`/events/${e}/promo-codes`, { code: 'ZENIT10', discount_type: 'PERCENTAGE', discount: 10 });
  await post(`/events/${e}/capacity-assignments`, {
    name: 'Zenit Arena',
    capacity: 120,
    applies_to: 'TICKETS',
    ticket_ids: [paid.id, free.id],
  });
  await post(`/events/${e}/affiliates`, { name: 'Sputnik Partner', code: 'ORBITA7', email: 'sputnik@example.test' });
  await put(`/events/${e}/status`, { status: 'LIVE' });

  // Orders: a paid one (offline, then marked paid), one awaiting payment, a free one through the affiliate, a cancelled
  // one.
  const first = await buy(request, e, [{ ticket_id: paid.id, quantity: 2 }], 2 * PAID.price, {
    first: 'Ana',
    last: 'Lima',
  });
  await ok(
    await request.post(`/api/public/events/${e}/order/${first.shortId}/offline-payment`, { headers: first.headers }),
    'offline payment',
  );
  const second = await buy(request, e, [{ ticket_id: paid.id, quantity: 1 }], PAID.price, { first: 'Li', last: 'Wei' });
  await ok(
    await request.post(`/api/public/events/${e}/order/${second.shortId}/offline-payment`, { headers: second.headers }),
    'offline payment',
  );
  await buy(
    request,
    e,
    [{ ticket_id: free.id, quantity: 1 }],
    0,
    { first: 'Jonas', last: 'Berg' },
    { affiliate_code: 'ORBITA7' },
  );
  await buy(request, e, [{ ticket_id: free.id, quantity: 1 }], 0, { first: 'Eva', last: 'Nord' });

  const orders = (
    await ok<{ data: Array<{ id: number; short_id: string; first_name: string }> }>(
      await request.get(`/api/events/${e}/orders?per_page=50`, { headers }),
      'orders',
    )
  ).data;
  const ana = orders.find((o) => o.first_name === 'Ana')!;
  const eva = orders.find((o) => o.first_name === 'Eva')!;
  await post(`/events/${e}/orders/${ana.id}/mark-as-paid`, {});
  await post(`/events/${e}/orders/${eva.id}/cancel`, {});
  const paidOrder = (
    await ok<{ data: { completed_at: string | null; created_at: string; total: number } }>(
      await request.get(`/api/events/${e}/orders/${ana.id}`, { headers }),
      'order',
    )
  ).data;
  const attendees = (
    await ok<{ data: Array<{ id: number; short_id: string; order_id: number }> }>(
      await request.get(`/api/events/${e}/attendees?per_page=50`, { headers }),
      'attendees',
    )
  ).data;
  const anaAttendee = attendees.find((a) => a.order_id === ana.id)!;

  const message = await post<{ id: number }>(`/events/${e}/messages`, {
    subject: 'Zenit 2030 ✦',
    body: '<p>Zenit 2030 ✦</p>',
    recipient_type: 'ALL_ATTENDEES',
    acknowledged_not_promotional: true,
  });

  const waitingEmail = `sweep-waiting-${Date.now()}@example.test`;
  await ok(
    await request.post(`/api/public/events/${e}/waitlist`, {
      data: {
        ticket_id: nova.id,
        tier_id: null,
        first_name: 'Mira',
        last_name: 'Stern',
        email: waitingEmail,
        quantity: 1,
      },
    }),
    'waitlist',
  );
  const waitlistToken = /\/waitlist\/\d+\/([\w-]+)/.exec((await waitForMail(waitingEmail)).text)![1]!;

  const [firstList] = (
    await ok<{ data: Array<{ id: number }> }>(
      await request.get(`/api/events/${e}/check-in-lists`, { headers }),
      'check-in lists',
    )
  ).data;
  const staffLink = await post<{ staff_token: string }>(`/events/${e}/check-in-lists/${firstList!.id}/staff-link`, {});

  const seated = await seatedWorld(request, headers, organizer.id);
  const pass = await passWorld(request, headers, organizer.id);
  // The admin's shift at the box office (its screen sells; its close counts the cash), one sale in it (the dashboard
  // and the reports split by channel), and three kept for the door on the first date (the card, the device's units).
  await post(`/events/${e}/box-office/shifts`, { float: 10000 });
  const office = await ok<{ data: { date_id: number; items: Array<{ ticket_id: number; price: number }> } }>(
    await request.get(`/api/events/${e}/box-office`, { headers }),
    'box office',
  );
  const doorPrice = office.data.items.find((i) => i.ticket_id === paid.id)!.price;
  await post(`/events/${e}/box-office/sales`, {
    items: [{ ticket_id: paid.id, quantity: 1 }],
    expected_total: doorPrice,
    payment: { method: 'CASH', given: doorPrice },
  });
  await put(`/events/${e}/box-office/allocations/${office.data.date_id}`, {
    items: [{ ticket_id: paid.id, quantity: 3 }],
  });

  return {
    seated,
    pass,
    eventId: e,
    organizerId: organizer.id,
    paidTicketId: paid.id,
    admin: { email: adminEmail, token: reg.token },
    organizer: { email: organizerEmail, token: joined.token },
    doorStaff: { email: doorEmail, token: door.token },
    invitationToken: pending![1]!,
    paidOrder: {
      id: ana.id,
      shortId: ana.short_id,
      secret: first.secret,
      attendeeId: anaAttendee.id,
      attendeeShortId: anaAttendee.short_id,
      total: paidOrder.total,
      listedAt: paidOrder.completed_at ?? paidOrder.created_at,
    },
    messageId: message.id,
    staffToken: staffLink.staff_token,
    waitlistToken,
    webhookId: webhook.id,
  };
}

/**
 * The seated event: four rows of six seats (A and B "Lyra" at €39, C and D "Vega" at €19) under a stage, published as
 * a plan of the organizer's; Ana Lima has A3 (paid offline, marked paid), B1 and B2 are held for the press.
 */
async function seatedWorld(
  request: APIRequestContext,
  headers: { authorization: string },
  organizerId: number,
): Promise<World['seated']> {
  const post = async <T>(p: string, data?: unknown) =>
    (await ok<{ data: T }>(await request.post(`/api${p}`, { headers, data }), p)).data;
  const put = async (p: string, data: unknown) => ok(await request.put(`/api${p}`, { headers, data }), p);
  const event = await post<{ id: number }>('/events', {
    title: SEATED.title,
    organizer_id: organizerId,
    start_date: EVENT.start,
    end_date: EVENT.end,
    timezone: EVENT.timezone,
    currency: EVENT.currency,
  });
  const e = event.id;
  const lyra = await post<{ id: number }>(`/events/${e}/tickets`, {
    name: SEATED.lyraTicket,
    type: 'PAID',
    price: 3900,
  });
  const vega = await post<{ id: number }>(`/events/${e}/tickets`, {
    name: SEATED.vegaTicket,
    type: 'PAID',
    price: 1900,
  });
  await put(`/events/${e}/settings`, { offline_payments_enabled: true });
  const plan = await post<{ id: number }>(`/organizers/${organizerId}/seating-plans/import`, {
    pretix: {
      ...SMALL_HALL_PLAN,
      name: SEATED.plan,
      categories: [
        { name: SEATED.lyra, color: '#7048e8' },
        { name: SEATED.vega, color: '#1c7ed6' },
      ],
      zones: SMALL_HALL_PLAN.zones.map((zone) => ({
        ...zone,
        name: SEATED.zone,
        areas: zone.areas.map((area) => ({ ...area, text: { ...area.text, text: SEATED.stage } })),
        rows: zone.rows.map((row) => ({
          ...row,
          seats: row.seats.map((seat) => ({
            ...seat,
            category: seat.category === 'Front' ? SEATED.lyra : SEATED.vega,
          })),
        })),
      })),
    },
  });
  await post(`/organizers/${organizerId}/seating-plans/${plan.id}/publish`);
  await put(`/events/${e}/seating`, {
    plan_id: plan.id,
    version: 1,
    categories: [
      { category: SEATED.lyra, ticket_id: lyra.id },
      { category: SEATED.vega, ticket_id: vega.id },
    ],
  });
  await put(`/events/${e}/status`, { status: 'LIVE' });
  type Seat = [number, string, number, number, number];
  const seating = (
    (await (await request.get(`/api/public/events/${e}/seating`)).json()) as {
      data: { zones: Array<{ rows: Array<{ label: string; seats: Seat[] }> }> };
    }
  ).data;
  const seatId = (row: string, n: string) =>
    seating.zones[0]!.rows.find((r) => r.label === row)!.seats.find((s) => s[1] === n)![0];
  await post(`/events/${e}/seating/holds`, { name: SEATED.hold, seats: [seatId('B', '1'), seatId('B', '2')] });

  const order = await buy(request, e, [{ ticket_id: lyra.id, quantity: 1, seats: [seatId('A', '3')] }], 3900, {
    first: 'Ana',
    last: 'Lima',
  });
  await ok(
    await request.post(`/api/public/events/${e}/order/${order.shortId}/offline-payment`, { headers: order.headers }),
    'offline payment',
  );
  const [placed] = (
    await ok<{ data: Array<{ id: number }> }>(await request.get(`/api/events/${e}/orders`, { headers }), 'orders')
  ).data;
  await post(`/events/${e}/orders/${placed!.id}/mark-as-paid`, {});
  const [attendee] = (
    await ok<{ data: Array<{ id: number }> }>(await request.get(`/api/events/${e}/attendees`, { headers }), 'attendees')
  ).data;
  // A shift at this event's box office too: staff choose seats on the plan there.
  await post(`/events/${e}/box-office/shifts`, { float: 0 });
  return {
    eventId: e,
    planId: plan.id,
    attendeeId: attendee!.id,
    order: { shortId: order.shortId, secret: order.secret },
  };
}

/** Three evenings, a free pass for any two of them, and one bought (no date picked yet). */
async function passWorld(
  request: APIRequestContext,
  headers: { authorization: string },
  organizerId: number,
): Promise<World['pass']> {
  const post = async <T>(p: string, data?: unknown) =>
    (await ok<{ data: T }>(await request.post(`/api${p}`, { headers, data }), p)).data;
  const event = await post<{ id: number }>('/events', {
    title: PASS_TEXTS.title,
    organizer_id: organizerId,
    start_date: EVENT.start,
    end_date: EVENT.end,
    timezone: EVENT.timezone,
    currency: EVENT.currency,
  });
  for (const day of ['15', '16'])
    await post(`/events/${event.id}/dates`, { start_date: `2030-09-${day}T19:30`, end_date: `2030-09-${day}T23:00` });
  const pass = await post<{ id: number }>(`/events/${event.id}/tickets`, {
    name: PASS_TEXTS.pass,
    type: 'FREE',
    is_pass: true,
    pass_picks: 2,
  });
  await ok(await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } }), 'live');
  const [first] = (
    await ok<{ data: Array<{ id: number }> }>(await request.get(`/api/events/${event.id}/dates`, { headers }), 'dates')
  ).data;
  const buyer = { first: 'Lia', last: 'Stern' };
  const order = await buy(request, event.id, [{ ticket_id: pass.id, quantity: 1 }], 0, buyer, {
    event_date_id: first!.id,
  });
  return { eventId: event.id, order: { shortId: order.shortId, secret: order.secret } };
}

/** Parses a web catalog: msgid → msgstr, with continuation lines. */
function readCatalog(locale: string): Map<string, string> {
  const text = readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/locales/${locale}/messages.po`), 'utf8');
  const map = new Map<string, string>();
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
      .map((m) => m[1]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\'))
      .join('');
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block)?.[1];
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block)?.[1];
    if (id === undefined || str === undefined) continue;
    const key = unquote(id);
    if (key) map.set(key, unquote(str));
  }
  return map;
}

/** Every English interface string without placeholders. */
export function englishStrings(): Set<string> {
  return new Set([...readCatalog('en')].map(([id, en]) => normalise(en || id)).filter((s) => !/[{<]/.test(s)));
}

/**
 * The English interface strings that must not appear in a page in `locale`: every catalog string
 * without placeholders whose translation differs from the English (words the same in both don't count).
 */
export function englishLeftovers(locale: SweepLocale): Set<string> {
  const english = readCatalog('en');
  const local = readCatalog(locale);
  const out = new Set<string>();
  for (const [id, en] of english) {
    const source = en || id;
    if (/[{<]/.test(source)) continue;
    const translated = local.get(id);
    if (!translated) {
      out.add(normalise(source));
      continue;
    }
    if (normalise(translated) !== normalise(source)) out.add(normalise(source));
  }
  return out;
}

/** The English interface strings (no placeholders) that `locale`'s catalog leaves without a translation. */
export function untranslatedStrings(locale: SweepLocale): Set<string> {
  const local = readCatalog(locale);
  const out = new Set<string>();
  for (const [id, en] of readCatalog('en')) {
    const source = en || id;
    if (!/[{<]/.test(source) && !local.get(id)) out.add(normalise(source));
  }
  return out;
}

export const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The visible text of the page: text nodes, and the placeholder, aria-label and title attributes. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const visible = (el: Element | null) => {
      if (!el) return false;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const isSrOnly = (el: Element) => {
      const style = getComputedStyle(el);
      return style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // Screen-reader-only text counts too: it is read out in the page's language.
      if (visible(parent) || isSrOnly(parent)) out.add(text);
    }
    for (const el of Array.from(document.body.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (!visible(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr)?.replace(/\s+/g, ' ').trim();
        if (value) out.add(value);
      }
    }
    return [...out];
  });
}

export interface Overflow {
  kind: 'clipped' | 'spills' | 'ellipsis' | 'page';
  text: string;
  tag: string;
  scroll: number;
  client: number;
}

/**
 * Text cut off or spilling out: an element with its own text whose content is wider than its box,
 * where the overflow is hidden or clipped without an ellipsis (cut off), or where it is a button,
 * badge or table cell and the text runs out of it; text cut short with an ellipsis and no title;
 * and the page itself wider than the window.
 */
export async function findOverflow(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: Array<{
      kind: 'clipped' | 'spills' | 'ellipsis' | 'page';
      text: string;
      tag: string;
      scroll: number;
      client: number;
    }> = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1)
      found.push({ kind: 'page', text: '', tag: 'html', scroll: doc.scrollWidth, client: window.innerWidth });
    const boxes = 'button, a, .mantine-Badge-root, td, th, label, .mantine-Tabs-tab, .mantine-NavLink-root';
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const ownText = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!ownText && !el.matches(boxes)) continue;
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Scrolling regions (tables that scroll sideways, code snippets) show all their content.
      const style = getComputedStyle(el);
      if (['auto', 'scroll'].includes(style.overflowX)) continue;
      if (!el.innerText.trim()) continue;
      const text = el.innerText.replace(/\s+/g, ' ').trim().slice(0, 80);
      if (['hidden', 'clip'].includes(style.overflowX)) {
        // Cut short on purpose: the whole text must still be reachable (a title or an accessible name).
        if (style.textOverflow === 'ellipsis') {
          if (!el.closest('[title], [aria-label]'))
            found.push({
              kind: 'ellipsis',
              text,
              tag: el.tagName.toLowerCase(),
              scroll: el.scrollWidth,
              client: el.clientWidth,
            });
          continue;
        }
        // Screen-reader-only and visually hidden elements are 1 px boxes by design.
        if (rect.width <= 1 || rect.height <= 1) continue;
        found.push({
          kind: 'clipped',
          text,
          tag:
            el.tagName.toLowerCase() +
            (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''),
          scroll: el.scrollWidth,
          client: el.clientWidth,
        });
      } else if (el.matches(boxes) && !el.closest('pre, code, [data-overflow-ok]')) {
        found.push({
          kind: 'spills',
          text,
          tag:
            el.tagName.toLowerCase() +
            (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''),
          scroll: el.scrollWidth,
          client: el.clientWidth,
        });
      }
    }
    return found;
  });
}

/**
 * Whether the page scrolls sideways (`document.scrollingElement` wider than its box), and if so which
 * element reaches furthest right (the innermost of those that do): null when it does not.
 */
export async function sideScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    let widest: Element | null = null;
    let right = -Infinity;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // Document order: a descendant as far right as its ancestor wins (it is the one that overflows).
      if (rect.right + window.scrollX >= right) {
        right = rect.right + window.scrollX;
        widest = el;
      }
    }
    const name = (el: Element | null) => {
      if (!el) return 'nothing';
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim().slice(0, 60) ?? '';
      return `<${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}> "${text}" (right edge ${Math.round(right)} px)`;
    };
    return `the page scrolls sideways (scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}); widest: ${name(widest)}`;
  });
}
