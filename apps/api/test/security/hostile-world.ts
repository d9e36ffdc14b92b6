import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';

import type { App } from '../../src/app.js';
import { attendees, mailAutomations, orders, users } from '../../src/db/schema/index.js';
import { liveEvent, placeOrder, reserve } from '../checkout-factory.js';
import { createOrganizer } from '../factories.js';
import { call } from '../test-app.js';

/** Data every rejected request must leave alone (sessions, tokens, idempotency keys and the outbox may move). */
export const GUARDED_TABLES = [
  'accounts',
  'users',
  'account_users',
  'payment_connections',
  'organizers',
  'events',
  'images',
  'tickets',
  'ticket_tiers',
  'ticket_taxes_and_fees',
  'taxes_and_fees',
  'capacity_assignments',
  'capacity_assignment_tickets',
  'event_dates',
  'ticket_dates',
  'tier_dates',
  'capacity_dates',
  'seating_plans',
  'seating_plan_versions',
  'event_seating',
  'event_seat_categories',
  'seating_seats',
  'seat_dates',
  'seat_holds',
  'seat_hold_places',
  'box_office_shifts',
  'box_office_allocations',
  'box_office_claims',
  'promo_codes',
  'promo_code_tickets',
  'affiliates',
  'questions',
  'question_tickets',
  'orders',
  'order_items',
  'attendees',
  'question_answers',
  'order_events',
  'check_ins',
  'messages',
  'message_recipients',
  'mail_automations',
  'automation_sends',
  'mail_contacts',
  'event_page_views',
  'stripe_events',
] as const;

/** A fingerprint per guarded table: its row count and an md5 of every row's text. */
export async function snapshot(app: App): Promise<Record<string, string>> {
  const parts = GUARDED_TABLES.map(
    (t) =>
      `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '-') as f from "${t}" x`,
  );
  const res = (await app.deps.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: unknown[];
  };
  return Object.fromEntries((res.rows as Array<{ t: string; f: string }>).map((r) => [r.t, r.f]));
}

async function ok(res: { statusCode: number; body: string }, expected: number, what: string) {
  if (res.statusCode !== expected) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as { data: { id: number } & Record<string, unknown> } & Record<string, unknown>;
}

/**
 * An admin's account with one of everything: organizer, live event, tickets, tax, capacity, promo
 * code, affiliate, question, an invited colleague, a cover image, a completed and an awaiting order,
 * a reserved checkout with its token, and a queued message.
 */
export async function buildWorld(app: App) {
  const { u, event, tickets } = await liveEvent(app, [
    { name: 'Seat', type: 'PAID', price: 2500, quantity: 500 },
    { name: 'Free', type: 'FREE', quantity: 500 },
    {
      name: 'Tiered',
      type: 'TIERED',
      tiers: [
        { label: 'Early', price: 1000 },
        { label: 'Late', price: 2000 },
      ],
    },
  ]);
  const token = u.token;
  const accountId = u.accounts[0]!.id;
  const e = `/api/events/${event.id}`;
  // A confirmed address: invitations and messages need it.
  await app.deps.database.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.email, u.email));
  await ok(
    await call(app, 'PUT', `${e}/settings`, { token, body: { offline_payments_enabled: true } }),
    200,
    'settings',
  );
  const organizer = await createOrganizer(app, token, { name: 'Second Stage' });
  const tax = await ok(
    await call(app, 'POST', `/api/accounts/${accountId}/taxes-and-fees`, {
      token,
      body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 },
    }),
    201,
    'tax',
  );
  const dates = await ok(await call(app, 'GET', `${e}/dates`, { token }), 200, 'dates');
  const capacity = await ok(
    await call(app, 'POST', `${e}/capacity-assignments`, {
      token,
      body: { name: 'Hall', capacity: 800, applies_to: 'ALL' },
    }),
    201,
    'capacity',
  );
  const promo = await ok(
    await call(app, 'POST', `${e}/promo-codes`, {
      token,
      body: { code: 'HOSTILE10', discount_type: 'PERCENTAGE', discount: 10 },
    }),
    201,
    'promo',
  );
  const affiliate = await ok(
    await call(app, 'POST', `${e}/affiliates`, { token, body: { name: 'Radio', code: 'RADIO' } }),
    201,
    'affiliate',
  );
  const question = await ok(
    await call(app, 'POST', `${e}/questions`, {
      token,
      body: { title: 'Size', type: 'DROPDOWN', options: ['S', 'M'], applies_to: 'ATTENDEE', ticket_ids: [] },
    }),
    201,
    'question',
  );
  const colleague = await ok(
    await call(app, 'POST', '/api/users', { token, body: { email: 'colleague@example.test', role: 'ORGANIZER' } }),
    201,
    'invite',
  );

  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  const png = await sharp({ create: { width: 900, height: 450, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const image = await ok(
    await app.inject({
      method: 'POST',
      url: `${e}/images`,
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    }),
    201,
    'image',
  );

  const ctx = { eventId: event.id, organizerToken: token };
  const completed = await placeOrder(app, ctx, [{ ticket_id: tickets[0]!.id, quantity: 2 }]);
  const awaiting = await placeOrder(app, ctx, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { paid: false });
  const free = await placeOrder(app, ctx, [{ ticket_id: tickets[1]!.id, quantity: 1 }]);
  const reserved = await ok(
    await reserve(app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }] }),
    201,
    'reserve',
  );
  const message = await ok(
    await call(app, 'POST', `${e}/messages`, {
      token,
      body: {
        subject: 'Gates open',
        body: '<p>Hi</p>',
        recipient_type: 'ALL_ATTENDEES',
        acknowledged_not_promotional: true,
      },
    }),
    201,
    'message',
  );

  const db = app.deps.database.db;
  const orderRows = await db
    .select({ id: orders.id, short_id: orders.short_id })
    .from(orders)
    .where(eq(orders.event_id, event.id));
  const orderIds = orderRows
    .filter((o) => [completed.short_id, awaiting.short_id, free.short_id].includes(o.short_id))
    .map((o) => o.id);
  const attendeeRows = await db
    .select({ id: attendees.id, short_id: attendees.short_id })
    .from(attendees)
    .where(eq(attendees.event_id, event.id));

  return {
    token,
    email: u.email,
    password: u.password,
    userId: u.user.id,
    accountId,
    eventId: event.id,
    organizerIds: [event.organizer.id, organizer.id],
    ticketIds: tickets.map((t) => t.id),
    tierIds: tickets[2]!.tiers.map((t) => t.id),
    taxId: tax.data.id,
    capacityId: capacity.data.id,
    dateId: (dates.data as unknown as Array<{ id: number }>)[0]!.id,
    promoId: promo.data.id,
    promoCode: 'HOSTILE10',
    affiliateId: affiliate.data.id,
    questionId: question.data.id,
    colleagueId: colleague.data.id,
    imageId: image.data.id,
    orderIds,
    orderShortIds: [
      completed.short_id,
      awaiting.short_id,
      free.short_id,
      (reserved.data as unknown as { short_id: string }).short_id,
    ],
    checkoutToken: reserved.checkout_token as string,
    orderSecret: (reserved as unknown as { order_secret: string }).order_secret,
    attendeeIds: attendeeRows.map((a) => a.id),
    attendeeShortIds: attendeeRows.map((a) => a.short_id),
    messageId: message.data.id,
    automationId: (
      await app.deps.database.db
        .select({ id: mailAutomations.id })
        .from(mailAutomations)
        .where(eq(mailAutomations.event_id, event.id))
    )[0]!.id,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
