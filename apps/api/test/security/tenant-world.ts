import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';

import type { App } from '../../src/app.js';
import {
  attendees,
  events,
  invoices,
  mailAutomations,
  orders,
  outbox,
  questionAnswerFiles,
  seatingPlanVersions,
  seatingSeats,
  users,
  waitlistEntries,
} from '../../src/db/schema/index.js';
import { placeOrder } from '../checkout-factory.js';
import { createEvent, createOrganizer, inviteAndAccept, registerUser } from '../factories.js';
import type { TestSmtp } from '../smtp.js';
import { call } from '../test-app.js';

/** A multipart upload of a plain PNG of the given size, as the image routes take it. */
export async function imageForm(type: string, width: number, height: number): Promise<FormData> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('type', type);
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  return form;
}

/** `POST`s and `PUT`s `body` as account A's admin and answers the created or changed row's `data`. */
async function made(
  app: App,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await call(app, method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

async function upload(app: App, token: string, url: string, form: FormData): Promise<number> {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: form });
  expect(res.statusCode, `upload ${url}: ${res.body}`).toBe(201);
  return res.json().data.id as number;
}

/**
 * Account A with one of everything (organizer, live event, tickets, tax, capacity assignment, promo code,
 * question, affiliate, a completed order with attendees, a message, images, a pending invitation), an
 * Organizer-role member of A, one limited to a second organizer of A (with its own event), door staff of A given its
 * event, account B (another admin, of its own account),
 * and API keys: A's admin's read-write, read-only and one limited to a second event of A, and one of B's.
 */
export async function buildTenantWorld(app: App, smtp: TestSmtp) {
  const db = app.deps.database.db;
  const a = await registerUser(app, { name: 'Alice Admin' });
  await db.update(users).set({ email_verified_at: new Date() }).where(eq(users.email, a.email));
  const accountId = a.accounts[0]!.id;
  const organizer = await createOrganizer(app, a.token, { name: 'Account A Promotions', email: 'a@promotions.test' });
  const event = await createEvent(app, a.token, organizer.id, {
    title: 'A Night',
    start_date: '2030-06-01T19:00',
    end_date: '2030-06-01T23:00',
  });
  await db.update(events).set({ status: 'LIVE' }).where(eq(events.id, event.id));
  const ev = `/api/events/${event.id}`;

  const tax = await made(app, a.token, 'POST', `/api/accounts/${accountId}/taxes-and-fees`, {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: 7,
  });
  const ticket = await made(app, a.token, 'POST', `${ev}/tickets`, { name: 'General', type: 'FREE', quantity: 100 });
  const ticket2 = await made(app, a.token, 'POST', `${ev}/tickets`, {
    name: 'Supporter',
    type: 'PAID',
    price: 2500,
    tax_and_fee_ids: [tax.id],
  });
  const mainCategory = (
    (await call(app, 'GET', `${ev}/product-categories`, { token: a.token })).json().data as Array<{ id: number }>
  )[0]!;
  const category = await made(app, a.token, 'POST', `${ev}/product-categories`, { name: 'Extras' });
  const checkInList = await made(app, a.token, 'POST', `${ev}/check-in-lists`, { name: 'Side door' });
  const capacity = await made(app, a.token, 'POST', `${ev}/capacity-assignments`, {
    name: 'Hall',
    capacity: 500,
    applies_to: 'ALL',
  });
  const seatingPlan = await made(app, a.token, 'POST', `/api/organizers/${organizer.id}/seating-plans`, {
    name: 'Main hall',
    layout: {
      name: 'Main hall',
      size: { width: 400, height: 300 },
      categories: [{ name: 'Stalls', color: '#7048e8' }],
      zones: [
        {
          name: 'Stalls',
          position: { x: 0, y: 0 },
          rows: [
            {
              row_number: 'A',
              seats: [{ seat_guid: 'stalls-a-1', seat_number: '1', position: { x: 10, y: 10 }, category: 'Stalls' }],
            },
          ],
        },
      ],
    },
  });
  const published = await call(app, 'POST', `/api/organizers/${organizer.id}/seating-plans/${seatingPlan.id}/publish`, {
    token: a.token,
  });
  expect(published.statusCode, published.body).toBe(200);
  const promo = await made(app, a.token, 'POST', `${ev}/promo-codes`, {
    code: 'ALICE10',
    discount_type: 'PERCENTAGE',
    discount: 10,
  });
  const question = await made(app, a.token, 'POST', `${ev}/questions`, {
    title: 'Dietary needs?',
    type: 'SINGLE_LINE_TEXT',
  });
  const affiliate = await made(app, a.token, 'POST', `${ev}/affiliates`, { name: 'Radio One', code: 'RADIO1' });
  const dates = (await call(app, 'GET', `${ev}/dates`, { token: a.token })).json().data as Array<{ id: number }>;

  const placed = await placeOrder(app, { eventId: event.id, organizerToken: a.token }, [
    { ticket_id: ticket.id, quantity: 2 },
  ]);
  expect(placed.status).toBe('COMPLETED');
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, placed.short_id));
  // An invoice of that order, as an event issuing invoices would have made it.
  const [invoice] = await db
    .insert(invoices)
    .values({
      account_id: accountId,
      organizer_id: organizer.id,
      event_id: event.id,
      order_id: order!.id,
      kind: 'INVOICE',
      series: 'W-',
      seq: 1,
      number: 'W-000001',
      issued_at: new Date(),
      currency: 'EUR',
      total: 1000,
      tax_total: 0,
      locale: 'en',
      data: {
        seller: {
          legal_name: 'World Ltd',
          address: brussels('1 Road'),
          vat_number: null,
          tax_number: null,
          contact_email: 'billing@world.test',
        },
        buyer: {
          name: 'Grace Buyer',
          company: 'Grace Ltd',
          email: 'grace@world.test',
          address: brussels('2 Lane'),
          vat_number: null,
        },
        order_number: 'O-WORLD',
        event_title: 'World',
        service_date: new Date().toISOString(),
        timezone: 'UTC',
        lines: [{ description: 'Ticket', quantity: 1, unit_net: 1000, net: 1000, tax: 0, gross: 1000, tax_rate: 0 }],
        taxes: [],
        net_total: 1000,
        tax_total: 0,
        total: 1000,
        reverse_charge: false,
        due_days: null,
        paid: true,
        footer: null,
      },
    })
    .returning({ id: invoices.id });
  // The event is seated too (a ticket of its own sells the plan's Stalls) and keeps its one seat off sale.
  const seatedTicket = await made(app, a.token, 'POST', `${ev}/tickets`, { name: 'Stalls seat', type: 'FREE' });
  const seated = await call(app, 'PUT', `${ev}/seating`, {
    token: a.token,
    body: { plan_id: seatingPlan.id, categories: [{ category: 'Stalls', ticket_id: seatedTicket.id }] },
  });
  expect(seated.statusCode, seated.body).toBe(200);
  const [place] = await db
    .select({ id: seatingSeats.id })
    .from(seatingSeats)
    .innerJoin(seatingPlanVersions, eq(seatingPlanVersions.id, seatingSeats.version_id))
    .where(eq(seatingPlanVersions.plan_id, seatingPlan.id));
  const seatHold = await made(app, a.token, 'POST', `${ev}/seating/holds`, { name: 'Press', seats: [place!.id] });
  const [orderMail] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.order_id, order!.id)).limit(1);
  const attendeeRows = await db
    .select({ id: attendees.id, short_id: attendees.short_id })
    .from(attendees)
    .where(eq(attendees.order_id, order!.id));
  expect(attendeeRows).toHaveLength(2);

  // A file a buyer uploaded to answer a FILE question of the order (written directly: the upload itself
  // has its tests in question-files.test.ts).
  const fileQuestion = await made(app, a.token, 'POST', `${ev}/questions`, {
    title: 'Proof of student status',
    type: 'FILE',
    applies_to: 'ORDER',
  });
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
  await app.deps.storage.put('private/tenant-world/proof.pdf', pdf, 'application/pdf');
  const [answerFile] = await db
    .insert(questionAnswerFiles)
    .values({
      account_id: accountId,
      event_id: event.id,
      order_id: order!.id,
      question_id: fileQuestion.id,
      storage_key: 'private/tenant-world/proof.pdf',
      name: 'proof.pdf',
      media_type: 'application/pdf',
      size_bytes: pdf.length,
    })
    .returning({ id: questionAnswerFiles.id });

  // A waitlist entry of account A (written directly: joining needs a sold-out ticket).
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      account_id: accountId,
      event_id: event.id,
      ticket_id: ticket.id,
      event_date_id: dates[0]!.id,
      first_name: 'Wanda',
      last_name: 'Waiting',
      email: 'wanda@example.test',
      quantity: 1,
      locale: 'en',
      leave_token_hash: 'tenant-world-entry',
    })
    .returning({ id: waitlistEntries.id });

  const message = await made(app, a.token, 'POST', `${ev}/messages`, {
    subject: 'Doors open at seven',
    body: '<p>See you there</p>',
    recipient_type: 'ALL_ATTENDEES',
    acknowledged_not_promotional: true,
  });
  const coverId = await upload(app, a.token, `${ev}/images`, await imageForm('EVENT_COVER', 1000, 500));
  const logoId = await upload(
    app,
    a.token,
    `/api/organizers/${organizer.id}/images`,
    await imageForm('ORGANIZER_LOGO', 200, 200),
  );

  const member = await inviteAndAccept(app, smtp, a.token, 'ORGANIZER', 'Olga Organizer');
  const door = await inviteAndAccept(app, smtp, a.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
  const pending = await made(app, a.token, 'POST', '/api/users', {
    email: 'pending-colleague@example.test',
    role: 'ORGANIZER',
  });

  const b = await registerUser(app, { name: 'Bob Other' });
  await db.update(users).set({ email_verified_at: new Date() }).where(eq(users.email, b.email));

  // A second organizer of A with an event of its own, and an Organizer-role member limited to it (team scope).
  const sideOrganizer = await createOrganizer(app, a.token, { name: 'A Side Stage', email: 'side@promotions.test' });
  const scoped = await inviteAndAccept(app, smtp, a.token, 'ORGANIZER', 'Sami Scoped');
  const scopedSet = await call(app, 'PUT', `/api/users/${scoped.memberId}`, {
    token: a.token,
    body: { organizer_ids: [sideOrganizer.id] },
  });
  expect(scopedSet.statusCode, scopedSet.body).toBe(200);

  // API keys of A's admin: read-write, read-only, limited to another event of A; one of B's; one to revoke.
  const sideEvent = await createEvent(app, a.token, sideOrganizer.id, {
    title: 'A Side Show',
    start_date: '2030-07-01T19:00',
    end_date: '2030-07-01T23:00',
  });
  const key = async (token: string, body: Record<string, unknown>) =>
    (await made(app, token, 'POST', '/api/api-keys', { name: 'Integration', access: 'READ_WRITE', ...body })) as {
      id: number;
      secret: string;
    };
  const keyAdmin = await key(a.token, {});
  const keyRead = await key(a.token, { access: 'READ' });
  const keyEvent = await key(a.token, { event_ids: [sideEvent.id] });
  const keyOther = await key(b.token, {});
  const spareKey = await key(a.token, { name: 'Spare' });
  const webhook = await made(app, a.token, 'POST', '/api/webhooks', {
    url: 'https://93.184.216.34/hook',
    event_types: ['order.created'],
  });
  const delivery = await made(app, a.token, 'POST', `/api/webhooks/${webhook.id}/test`, {});
  const adminSessions = (await call(app, 'GET', '/api/users/me/sessions', { token: a.token })).json().data as {
    id: number;
    current: boolean;
  }[];

  return {
    tokens: {
      admin: a.token,
      organizer: member.token,
      door: door.token,
      scoped: scoped.token,
      other: b.token,
      keyAdmin: keyAdmin.secret,
      keyRead: keyRead.secret,
      keyEvent: keyEvent.secret,
      keyOther: keyOther.secret,
    },
    sideEventId: sideEvent.id,
    sideOrganizerId: sideOrganizer.id,
    apiKeyId: spareKey.id,
    webhookId: webhook.id,
    webhookDeliveryId: delivery.id,
    accountId,
    ownerId: a.user.id,
    /** The admin's own session (the one `tokens.admin` is). */
    adminSessionId: adminSessions.find((s) => s.current)!.id,
    pendingUserId: pending.id,
    organizerId: organizer.id,
    eventId: event.id,
    ticketId: ticket.id,
    ticket2Id: ticket2.id,
    taxId: tax.id,
    capacityId: capacity.id,
    seatingPlanId: seatingPlan.id,
    holdId: seatHold.id,
    dateId: dates[0]!.id,
    mainCategoryId: mainCategory.id,
    categoryId: category.id,
    listId: checkInList.id,
    promoId: promo.id,
    questionId: question.id,
    affiliateId: affiliate.id,
    orderId: order!.id,
    invoiceId: invoice!.id,
    orderMailId: orderMail!.id,
    answerFileId: answerFile!.id,
    attendeeId: attendeeRows[0]!.id,
    attendeeShortId: attendeeRows[0]!.short_id,
    messageId: message.id,
    automationId: (
      await app.deps.database.db
        .select({ id: mailAutomations.id })
        .from(mailAutomations)
        .where(eq(mailAutomations.event_id, event.id))
    )[0]!.id,
    /** One of the account's default automations (made by reading them). */
    defaultAutomationId: (await call(app, 'GET', `/api/accounts/${accountId}/automations`, { token: a.token })).json<{
      data: { id: number }[];
    }>().data[0]!.id,
    entryId: entry!.id,
    coverImageId: coverId,
    logoImageId: logoId,
  };
}

export type TenantWorld = Awaited<ReturnType<typeof buildTenantWorld>>;

/** An address in Brussels on the world's invoice. */
function brussels(street: string) {
  return {
    address_line_1: street,
    address_line_2: null,
    zip_or_postal_code: '1000',
    city: 'Brussels',
    state_or_region: null,
    country: 'BE',
  };
}
