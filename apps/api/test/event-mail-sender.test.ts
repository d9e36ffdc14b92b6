import type { ImageDto, OrganizerDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events, organizers, users } from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { mailSender } from '../src/mail/sender.js';
import { renderMail, type TemplateData, type TemplateName } from '../src/mail/templates/index.js';
import type { OrderMailEvent } from '../src/mail/templates/order-mail-parts.js';
import { platformSender, senderHeaders } from '../src/mail/transport.js';
import { sampleTicket } from '../src/modules/order-documents/ticket-document-fixture.js';
import { placeOrder } from './checkout-factory.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { pdfText } from './pdf-text.js';
import type { ReceivedMail } from './smtp.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Issue #21, "No Reply-To": the mails about an event to its buyers and attendees come from the
 * organizer — its name as the From display name (our address stays the sender), answers to the
 * event's support address or else the organizer's, its logo and name at the top, and on the PDF.
 */

let ctx: TestContext;
beforeAll(async () => {
  await loadCatalogs();
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PLATFORM_ADDRESS = 'no-reply@admitone.local';
let seq = 0;

/** An organizer (with the given name and address) with a live event of one free ticket; support address as given. */
async function world(opts: { organizer?: Partial<OrganizerDto>; supportEmail?: string | null } = {}) {
  const u = await registerUser(ctx.app);
  const organizer = await createOrganizer(ctx.app, u.token, opts.organizer ?? {});
  const title = `Branding Night ${++seq}`;
  const event = await createEvent(ctx.app, u.token, organizer.id, {
    title,
    start_date: '2027-06-01T19:00',
    end_date: '2027-06-01T23:00',
  });
  await ctx.app.deps.database.db
    .update(events)
    .set({ status: 'LIVE', client_hold_limit: null, client_reservation_limit: null })
    .where(eq(events.id, event.id));
  const settings = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: { support_email: opts.supportEmail ?? null },
  });
  expect(settings.statusCode).toBe(200);
  const ticket = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
    token: u.token,
    body: { name: 'Entry', type: 'FREE' },
  });
  expect(ticket.statusCode).toBe(201);
  return { u, organizer, event, title, ticketId: ticket.json<{ data: { id: number } }>().data.id };
}

/**
 * A free order by `buyer<n>@example.test` (its one attendee: the factory's guest1@example.test); answers the
 * confirmation and the ticket mail.
 */
async function buy(w: Awaited<ReturnType<typeof world>>, n: number) {
  const buyer = `buyer${n}@example.test`;
  await placeOrder(
    ctx.app,
    { eventId: w.event.id, organizerToken: w.u.token },
    [{ ticket_id: w.ticketId, quantity: 1 }],
    { buyer: { email: buyer } },
  );
  const confirmation = await ctx.smtp.waitFor(buyer, (m) => m.subject.includes(w.title));
  const ticket = await ctx.smtp.waitFor('guest1@example.test', (m) => m.subject === `Your ticket for ${w.title}`);
  return { confirmation, ticket };
}

const header = (m: ReceivedMail, key: string) => m.headers.filter((h) => h.key === key).map((h) => h.value);

async function uploadLogo(token: string, organizerId: number, image: Buffer, mime: string): Promise<ImageDto> {
  const form = new FormData();
  form.append('type', 'ORGANIZER_LOGO');
  form.append('image', new Blob([new Uint8Array(image)], { type: mime }), `logo.${mime.split('/')[1]}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/organizers/${organizerId}/images`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: ImageDto }>().data;
}

describe('mails about an event come from its organizer', () => {
  it("answer to the event's support address, from the organizer's name at the platform's address; the organizer's own notice does not", async () => {
    const w = await world({
      organizer: { name: 'Riverside Hall', email: 'office@riverside.test' },
      supportEmail: 'help@riverside.test',
    });
    const { confirmation, ticket } = await buy(w, 1);
    for (const m of [confirmation, ticket]) {
      expect(m.replyTo).toEqual([{ name: '', address: 'help@riverside.test' }]);
      expect(m.from).toEqual({ name: 'Riverside Hall', address: PLATFORM_ADDRESS });
      // The organizer's name heads the mail instead of our wordmark; our small footer stays.
      expect(m.html).toContain('>Riverside Hall</span>');
      expect(m.html).not.toContain('font-weight:bold">AdmitOne</td>');
      expect(m.text).toContain('Sent by AdmitOne, event ticketing.');
    }
    // The organizer's notice of the new order is ours, to the organizer: no organizer name, no Reply-To.
    const notice = await ctx.smtp.waitFor('office@riverside.test', (m) => m.subject.includes(w.title));
    expect(notice.from).toEqual({ name: 'AdmitOne', address: PLATFORM_ADDRESS });
    expect(notice.replyTo).toBeUndefined();
    expect(notice.html).toContain('font-weight:bold">AdmitOne</td>');
    // Its button opens the order, not just the event.
    expect(notice.text).toMatch(new RegExp(`/manage/event/${w.event.id}/orders\\?order=\\d+`));
  });

  it("answer to the organizer's address when the event has no support address, and carry the organizer's name on the ticket PDF", async () => {
    const w = await world({
      organizer: { name: 'Blue Note Promotions', email: 'hello@bluenote.test' },
      supportEmail: null,
    });
    const { confirmation, ticket } = await buy(w, 2);
    for (const m of [confirmation, ticket]) {
      expect(m.replyTo).toEqual([{ name: '', address: 'hello@bluenote.test' }]);
      expect(m.from).toEqual({ name: 'Blue Note Promotions', address: PLATFORM_ADDRESS });
    }
    const pdf = ticket.attachments.find((a) => a.mimeType === 'application/pdf')!;
    const text = pdfText(pdf.content);
    expect(text).toContain('Blue Note Promotions');
    expect(text).toContain(w.title);
    // The header band no longer says AdmitOne (the document's Creator still does, outside the page).
    expect(text).not.toContain('AdmitOne');
    // No logo, no image.
    expect(pdf.content.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('have no Reply-To when neither address is usable', async () => {
    const w = await world({ organizer: { name: 'Nowhere Club' }, supportEmail: null });
    // Both addresses are checked when the mail is written: an organizer row without a plain address gives none.
    await ctx.app.deps.database.db
      .update(organizers)
      .set({ email: 'not an address' })
      .where(eq(organizers.id, w.organizer.id));
    await ctx.app.deps.database.db
      .update(events)
      .set({ notify_organizer_of_new_orders: false })
      .where(eq(events.id, w.event.id));
    const { confirmation, ticket } = await buy(w, 3);
    for (const m of [confirmation, ticket]) {
      expect(m.replyTo).toBeUndefined();
      expect(header(m, 'reply-to')).toEqual([]);
      expect(m.from).toEqual({ name: 'Nowhere Club', address: PLATFORM_ADDRESS });
    }
  });

  it('cannot be made to carry another header by a hostile organizer name or address', async () => {
    const hostile = 'Evil "Hall"\r\nBcc: x@evil.test\r\nX-Injected: yes';
    const w = await world({ organizer: { name: 'Placeholder' }, supportEmail: null });
    await ctx.app.deps.database.db
      .update(organizers)
      .set({ name: hostile, email: 'ok@evil.test\r\nBcc: y@evil.test' })
      .where(eq(organizers.id, w.organizer.id));
    // (The organizer's own new-order notice goes to that address itself: not this test's subject.)
    await ctx.app.deps.database.db
      .update(events)
      .set({ notify_organizer_of_new_orders: false })
      .where(eq(events.id, w.event.id));
    const { confirmation, ticket } = await buy(w, 4);
    await mailSettled(ctx.app);
    for (const m of [confirmation, ticket]) {
      // The name arrives as one display name, line breaks flattened, quotes kept (nodemailer encodes it).
      expect(m.from).toEqual({ name: 'Evil "Hall" Bcc: x@evil.test X-Injected: yes', address: PLATFORM_ADDRESS });
      expect(header(m, 'from')).toHaveLength(1);
      expect(header(m, 'bcc')).toEqual([]);
      expect(header(m, 'x-injected')).toEqual([]);
      // The address with a line break in it is not an address: no Reply-To at all.
      expect(m.replyTo).toBeUndefined();
      expect(m.to).toHaveLength(1);
      expect(m.html).toContain('Evil &quot;Hall&quot; Bcc: x@evil.test X-Injected: yes');
    }
    expect(ctx.smtp.received.filter((m) => m.to.some((t) => t.endsWith('@evil.test')))).toEqual([]);
  });

  it("show the organizer's logo at the top, from the storage's address made absolute", async () => {
    const w = await world({ organizer: { name: 'Logo Works' }, supportEmail: 'help@logo.test' });
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const logo = await uploadLogo(w.u.token, w.organizer.id, png, 'image/png');
    const { confirmation, ticket } = await buy(w, 5);
    // A small PNG is shown as uploaded (every mail program shows PNG).
    const url = `http://admitone.test${logo.url}`;
    for (const m of [confirmation, ticket]) expect(m.html).toContain(`<img src="${url}" alt="" height="48"`);
    const served = await ctx.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);

    // A WebP logo is shown as its small WebP copy.
    const v = await world({ organizer: { name: 'WebP Works' }, supportEmail: null });
    const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#16a34a' } })
      .webp()
      .toBuffer();
    const second = await uploadLogo(v.u.token, v.organizer.id, webp, 'image/webp');
    const other = await buy(v, 6);
    expect(other.confirmation.html).toContain(
      `<img src="http://admitone.test${second.variants.small}" alt="" height="48"`,
    );

    // Both print it on the ticket PDFs (the attendee's and the buyer's), as a PNG of at most 240 x 96 pixels.
    for (const m of [confirmation, ticket, other.confirmation, other.ticket]) {
      const pdf = m.attachments.find((a) => a.mimeType === 'application/pdf')!.content.toString('latin1');
      expect(pdf.match(/\/Subtype \/Image/g) ?? []).toHaveLength(1);
      expect(pdf).toMatch(/\/Width 96\s+\/Height 96/);
    }
  });

  it('print a wide logo on the ticket PDF from its large copy; a logo whose files are gone leaves the name alone', async () => {
    const w = await world({ organizer: { name: 'Wide Works' }, supportEmail: null });
    const wide = await sharp({
      create: { width: 1000, height: 250, channels: 4, background: { r: 220, g: 38, b: 38, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    await uploadLogo(w.u.token, w.organizer.id, wide, 'image/png');
    const { ticket } = await buy(w, 8);
    const pdf = ticket.attachments.find((a) => a.mimeType === 'application/pdf')!.content.toString('latin1');
    // The small copy (128 x 32) would print blurred: the large one (512 x 128) is scaled to 240 x 60, on white (no
    // alpha channel, no soft mask).
    expect(pdf).toMatch(/\/Width 240\s+\/Height 60/);
    expect(pdf).not.toContain('/SMask');

    const v = await world({ organizer: { name: 'Gone Logo Club' }, supportEmail: null });
    const logo = await uploadLogo(v.u.token, v.organizer.id, wide, 'image/png');
    for (const url of [logo.url, logo.variants.large, logo.variants.small])
      await ctx.app.deps.storage.delete(url.replace(/^\/uploads\//, ''));
    const gone = await buy(v, 9);
    for (const m of [gone.confirmation, gone.ticket]) {
      const doc = m.attachments.find((a) => a.mimeType === 'application/pdf')!.content;
      expect(doc.toString('latin1')).not.toContain('/Subtype /Image');
      expect(pdfText(doc)).toContain('Gone Logo Club');
    }
  });

  it('messages to attendees answer to the support address and show the organizer', async () => {
    const w = await world({
      organizer: { name: 'Message Makers', email: 'team@makers.test' },
      supportEmail: 'help@makers.test',
    });
    await buy(w, 7);
    await ctx.app.deps.database.db
      .update(users)
      .set({ email_verified_at: new Date() })
      .where(eq(users.email, w.u.email));
    const sent = await call(ctx.app, 'POST', `/api/events/${w.event.id}/messages`, {
      token: w.u.token,
      body: {
        subject: `Doors for ${w.title}`,
        body: '<p>Doors open at six.</p>',
        recipient_type: 'ALL_ATTENDEES',
        acknowledged_not_promotional: true,
      },
    });
    expect(sent.statusCode).toBe(201);
    const m = await ctx.smtp.waitFor('guest1@example.test', (x) => x.subject === `Doors for ${w.title}`);
    expect(m.replyTo).toEqual([{ name: '', address: 'help@makers.test' }]);
    expect(m.from).toEqual({ name: 'Message Makers', address: PLATFORM_ADDRESS });
    expect(m.html).toContain('>Message Makers</span>');
  });
});

describe('the sender of a rendered mail', () => {
  const sender = mailSender({
    organizerName: 'Riverside Hall',
    supportEmail: 'help@riverside.test',
    organizerEmail: 'office@riverside.test',
    logoUrl: 'https://cdn.example.test/logo.png',
  });
  const event: OrderMailEvent = {
    title: 'Riverside Open Air',
    start_date: '2027-07-17T17:30:00.000Z',
    end_date: null,
    timezone: 'Europe/London',
    is_online: false,
    location: {
      venue_name: 'Riverside Park',
      address_line_1: null,
      address_line_2: null,
      city: 'London',
      state_or_region: null,
      zip_or_postal_code: null,
      country: 'GB',
      latitude: null,
      longitude: null,
    },
    organizer_name: 'Riverside Hall',
    support_email: null,
    footer_message: null,
  };
  const order = { buyer_name: 'Zoé', order_number: 'RIV-1', event, order_url: 'https://t.test/o' };
  const data: { [K in Exclude<TemplateName, 'organizer_new_order'>]?: TemplateData[K] } = {
    order_confirmation: {
      ...order,
      status: 'COMPLETED',
      currency: 'GBP',
      lines: [],
      totals: { subtotal: 0, discount: 0, fees: 0, taxes: 0, total: 0 },
      promo_code: null,
      offline_payment_instructions: null,
      sender,
    },
    attendee_ticket: {
      ticket: sampleTicket(),
      event_slug: 'riverside',
      footer_message: null,
      online_details: null,
      sender,
    },
    payment_received: { ...order, currency: 'GBP', total: 100, sender },
    order_cancelled: { ...order, sender },
    order_refunded: { ...order, currency: 'GBP', amount: 100, cancelled: false, sender },
    event_message: {
      subject: 'Hi',
      body: '<p>x</p>',
      event_title: 'Riverside Open Air',
      organizer_name: 'Riverside Hall',
      support_email: null,
      footer_message: null,
      is_test: false,
      sender,
    },
  };

  it('every buyer and attendee mail of an event carries the organizer as its sender, with the logo on top', async () => {
    for (const [name, d] of Object.entries(data)) {
      const mail = await renderMail(name as TemplateName, 'en', d as unknown as Record<string, unknown>);
      expect([name, mail.replyTo, mail.fromName]).toEqual([name, 'help@riverside.test', 'Riverside Hall']);
      expect(mail.html).toContain('<img src="https://cdn.example.test/logo.png" alt="" height="48"');
      // Rows written before the sender existed render as they did.
      const old = await renderMail(name as TemplateName, 'en', {
        ...(d as unknown as Record<string, unknown>),
        sender: undefined,
      });
      expect(old.fromName).toBeUndefined();
      expect(old.html).toContain('font-weight:bold">AdmitOne</td>');
    }
  });

  it('falls back to the organizer address, drops what is not one plain address, flattens names and refuses odd logo addresses', () => {
    expect(
      mailSender({ organizerName: 'A', supportEmail: null, organizerEmail: 'office@a.test', logoUrl: null }).reply_to,
    ).toBe('office@a.test');
    expect(
      mailSender({
        organizerName: 'A',
        supportEmail: 'x@a.test, y@b.test',
        organizerEmail: 'office@a.test',
        logoUrl: null,
      }).reply_to,
    ).toBe('office@a.test');
    expect(
      mailSender({ organizerName: 'A', supportEmail: null, organizerEmail: 'a@b.test\nBcc: c@d.test', logoUrl: null })
        .reply_to,
    ).toBeNull();
    expect(
      mailSender({
        organizerName: ' Line\r\n\tbreak\u2028here ',
        supportEmail: null,
        organizerEmail: null,
        logoUrl: 'javascript:alert(1)',
      }),
    ).toEqual({ name: 'Line break here', reply_to: null, logo_url: null });
    expect(
      mailSender({ organizerName: 'x'.repeat(300), supportEmail: null, organizerEmail: null, logoUrl: null }).name,
    ).toHaveLength(100);
  });

  it("keeps MAIL_FROM's address and only swaps its display name", () => {
    const named = platformSender('AdmitOne <no-reply@tickets.example.test>');
    expect(
      senderHeaders(named, { fromName: 'Riverside "Hall"\r\nBcc: x@evil.test', replyTo: 'help@riverside.test' }),
    ).toEqual({
      from: { name: 'Riverside "Hall" Bcc: x@evil.test', address: 'no-reply@tickets.example.test' },
      replyTo: { name: '', address: 'help@riverside.test' },
    });
    expect(senderHeaders(named, {})).toEqual({ from: 'AdmitOne <no-reply@tickets.example.test>' });
    expect(senderHeaders(platformSender('no-reply@x.test'), { fromName: 'Org' })).toEqual({
      from: { name: 'Org', address: 'no-reply@x.test' },
    });
    expect(senderHeaders(named, { replyTo: 'a@b.test\r\nBcc: c@d.test' })).toEqual({
      from: 'AdmitOne <no-reply@tickets.example.test>',
    });
  });
});
