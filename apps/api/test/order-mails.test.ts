import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';
import PostalMime from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadCatalogs } from '../src/i18n/i18n.js';
import type { AttendeeTicketData } from '../src/mail/templates/attendee-ticket.js';
import { renderMail } from '../src/mail/templates/index.js';
import type { OrderCancelledData } from '../src/mail/templates/order-cancelled.js';
import type { OrderConfirmationData } from '../src/mail/templates/order-confirmation.js';
import type { OrderMailEvent } from '../src/mail/templates/order-mail-parts.js';
import type { OrganizerNewOrderData } from '../src/mail/templates/organizer-new-order.js';
import type { PaymentReceivedData } from '../src/mail/templates/payment-received.js';
import { fileTransport } from '../src/mail/transport.js';
import { sampleTicket } from '../src/modules/order-documents/ticket-document-fixture.js';

beforeAll(() => loadCatalogs());

const event: OrderMailEvent = {
  title: 'Riverside Open Air',
  start_date: '2027-07-17T17:30:00.000Z',
  end_date: '2027-07-17T21:00:00.000Z',
  timezone: 'Europe/London',
  is_online: false,
  location: {
    venue_name: 'Riverside Park',
    address_line_1: '1 Embankment Walk',
    address_line_2: null,
    city: 'London',
    state_or_region: null,
    zip_or_postal_code: 'SE1 9PX',
    country: 'GB',
    latitude: null,
    longitude: null,
  },
  organizer_name: 'Riverside Music Hall',
  support_email: 'help@riverside.test',
  footer_message: '<p>See you by the <strong>river</strong> &amp; bring a blanket!</p>',
};

const confirmation = (over: Partial<OrderConfirmationData> = {}): OrderConfirmationData => ({
  buyer_name: 'Zoé',
  order_number: 'RIV-1042',
  status: 'COMPLETED',
  currency: 'GBP',
  event,
  lines: [
    { ticket_name: 'Standard', tier_label: null, quantity: 2, amount: 9_000 },
    { ticket_name: 'Front stage', tier_label: 'Early bird', quantity: 1, amount: 6_000 },
    { ticket_name: 'Lawn pass', tier_label: null, quantity: 1, amount: 0 },
  ],
  totals: { subtotal: 15_000, discount: 1_500, fees: 300, taxes: 3_360, total: 17_160 },
  promo_code: 'JAZZ10',
  offline_payment_instructions: null,
  order_url: 'https://tickets.example.test/order/7/ord123/summary',
  ...over,
});

describe('order confirmation', () => {
  it('lists the lines and totals in the reader language and currency', async () => {
    const mail = await renderMail('order_confirmation', 'en', confirmation());
    expect(mail.subject).toBe('Your order RIV-1042 for Riverside Open Air');
    expect(mail.text).toContain('Hello Zoé,');
    expect(mail.text).toContain('Your order RIV-1042 for Riverside Open Air is confirmed.');
    // Lines at list price: they sum to the subtotal, and the rows below add up to the total.
    expect(mail.text).toContain('2 × Standard: £90.00');
    expect(mail.text).toContain('Subtotal: £150.00');
    expect(mail.text).toContain('1 × Front stage – Early bird: £60.00');
    expect(mail.text).toContain('1 × Lawn pass: Free');
    expect(mail.text).toContain('Discount (JAZZ10): -£15.00');
    expect(mail.text).toContain('Fees: £3.00');
    expect(mail.text).toContain('Taxes: £33.60');
    expect(mail.text).toContain('Total: £171.60');
    expect(mail.text).toMatch(/When: Saturday, July 17, 2027.*6:30/);
    expect(mail.text).toContain('Where: Riverside Park, 1 Embankment Walk, SE1 9PX London, United Kingdom');
    expect(mail.text).toContain('View your order: https://tickets.example.test/order/7/ord123/summary');
    expect(mail.text).toContain('Questions? Contact the organizer at help@riverside.test.');
    // The organizer's footer: sanitised HTML as it is, and stripped in the text part.
    expect(mail.html).toContain('<p>See you by the <strong>river</strong> &amp; bring a blanket!</p>');
    expect(mail.text).toContain('See you by the river & bring a blanket!');
    expect(mail.html).toContain('href="https://tickets.example.test/order/7/ord123/summary"');
    expect(mail.attachments).toBeUndefined();
  });

  it('gives the buyer every ticket of the order: PDFs up to ten, else a link per ticket and the print page', async () => {
    const group = (n: number) => ({
      tickets: Array.from({ length: n }, (_, i) =>
        sampleTicket({
          attendee: {
            short_id: `A${String(i).padStart(20, 'K')}`,
            first_name: i === 0 ? 'Zoé' : `Guest${i}`,
            last_name: i === 1 ? '' : 'Martin',
            ticket_name: 'Standard',
            tier_label: null,
          },
        }),
      ),
      print_url: 'https://tickets.example.test/order/7/ord123/print#secret=s3cret',
    });
    const three = await renderMail('order_confirmation', 'en', confirmation({ order_tickets: group(3) }));
    expect(three.attachments!.map((a) => a.filename)).toEqual([
      'ticket-AKKKKKKKKKKKKKKKKKKK0.pdf',
      'ticket-AKKKKKKKKKKKKKKKKKKK1.pdf',
      'ticket-AKKKKKKKKKKKKKKKKKKK2.pdf',
    ]);
    for (const a of three.attachments!) expect((a.content as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    expect(three.text).toContain(
      'All tickets of your order are attached as PDFs. Attendees with an e-mail address also receive their own ticket.',
    );
    expect(three.text).toContain('- Zoé Martin: Standard (AKKKKKKKKKKKKKKKKKKK0): ');
    expect(three.text).toContain('- Guest1: Standard (AKKKKKKKKKKKKKKKKKKK1)');
    expect(three.text).toContain('Print all tickets: https://tickets.example.test/order/7/ord123/print#secret=s3cret');
    expect(three.html).toContain('href="https://tickets.example.test/order/7/ord123/print#secret=s3cret"');

    const many = await renderMail('order_confirmation', 'de', confirmation({ order_tickets: group(11) }));
    expect(many.attachments).toBeUndefined();
    expect(many.text).toContain(`A${'10'.padStart(20, 'K')}`);
    expect(many.text).toContain(
      'Alle Tickets drucken: https://tickets.example.test/order/7/ord123/print#secret=s3cret',
    );

    // Awaiting an offline payment there are no tickets yet; payment received brings them.
    const awaiting = await renderMail(
      'order_confirmation',
      'en',
      confirmation({ status: 'AWAITING_PAYMENT', order_tickets: group(2) }),
    );
    expect(awaiting.attachments).toBeUndefined();
    expect(awaiting.text).not.toContain('Print all tickets');
    const paidMail = await renderMail('payment_received', 'en', {
      buyer_name: 'Zoé',
      order_number: 'RIV-1042',
      event,
      currency: 'GBP',
      total: 17_160,
      order_url: 'https://tickets.example.test/order/7/ord123/summary',
      order_tickets: group(2),
    } satisfies PaymentReceivedData);
    expect(paidMail.attachments!.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(paidMail.text).toContain('Your tickets'.toUpperCase());
  });

  it('formats for German readers and escapes buyer input', async () => {
    const mail = await renderMail(
      'order_confirmation',
      'de',
      confirmation({ buyer_name: '<b>Zoé</b>', currency: 'EUR' }),
    );
    expect(mail.text).toContain('Hallo <b>Zoé</b>,');
    expect(mail.html).toContain('Hallo &lt;b&gt;Zoé&lt;/b&gt;,');
    expect(mail.text).toContain('90,00\u00a0€');
    expect(mail.text).toContain('-15,00\u00a0€');
    expect(mail.text).toMatch(/Samstag, 17\. Juli 2027.*18:30/);
    expect(mail.html).toContain('<html lang="de">');
  });

  it('uses the currency fraction digits', async () => {
    const mail = await renderMail(
      'order_confirmation',
      'en',
      confirmation({
        currency: 'JPY',
        lines: [{ ticket_name: 'Standard', tier_label: null, quantity: 1, amount: 4500 }],
      }),
    );
    expect(mail.text).toContain('1 × Standard: ¥4,500');
  });

  it('gives offline payment instructions with the order number as reference', async () => {
    const instructions =
      '<p>Pay by bank transfer to <strong>GB00 RIVR 1234</strong>.</p><ul><li>Within 7 days</li></ul>';
    const mail = await renderMail(
      'order_confirmation',
      'en',
      confirmation({ status: 'AWAITING_PAYMENT', offline_payment_instructions: instructions }),
    );
    expect(mail.subject).toBe('Your order RIV-1042 for Riverside Open Air: payment pending');
    expect(mail.html).toContain(instructions);
    expect(mail.text).toContain('Pay by bank transfer to GB00 RIVR 1234.');
    expect(mail.text).toContain('- Within 7 days');
    expect(mail.text).not.toContain('<strong>');
    expect(mail.text).toContain('Please use your order number RIV-1042 as the payment reference.');
    expect(mail.text).not.toContain('is confirmed');
  });
});

describe('attendee ticket', () => {
  const data: AttendeeTicketData = {
    ticket: sampleTicket(),
    event_slug: 'riverside-open-air',
    footer_message: null,
    online_details: null,
  };

  it('sends the ticket with a PDF, a calendar file and the QR code inline', async () => {
    for (const locale of ['en', 'de'] as const) {
      const mail = await renderMail('attendee_ticket', locale, data);
      expect(mail.subject).toContain('Riverside Open Air');
      expect(mail.text).toContain(locale === 'de' ? 'Hallo Zoé,' : 'Hello Zoé,');
      expect(mail.text).toContain('https://tickets.example.test/ticket/7/a7Kx92Qb');
      const files = mail.attachments ?? [];
      expect(files.map((f) => [f.filename, f.contentType.split(';')[0]])).toEqual([
        ['ticket-a7Kx92Qb.pdf', 'application/pdf'],
        ['riverside-open-air.ics', 'text/calendar'],
        ['qr-a7Kx92Qb.png', 'image/png'],
      ]);
      expect((files[0]!.content as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect(files[1]!.content).toContain('DTSTART;TZID=Europe/London:20270717T183000');
      expect(files[2]!.cid).toBe('qr-a7Kx92Qb@admitone');
      expect(mail.html).toContain('src="cid:qr-a7Kx92Qb@admitone"');
      expect(mail.html).toContain('href="https://tickets.example.test/ticket/7/a7Kx92Qb"');
    }
    const en = await renderMail('attendee_ticket', 'en', data);
    expect(en.subject).toBe('Your ticket for Riverside Open Air');
    expect(en.text).toContain('Here is your ticket for Riverside Open Air: Front stage – Early bird.');
    expect(en.text).toContain('View your ticket: https://tickets.example.test/ticket/7/a7Kx92Qb');
    expect(en.text).toContain('Order number: RIV-1042');
  });

  it('tells online attendees how to join', async () => {
    const mail = await renderMail('attendee_ticket', 'en', {
      ...data,
      ticket: sampleTicket({ event: { is_online: true } }),
      online_details:
        '<p>Join at <a href="https://meet.example.test/x" rel="noopener noreferrer nofollow" target="_blank">https://meet.example.test/x</a></p>',
    });
    expect(mail.text).toContain('Where: Online event');
    expect(mail.text).toContain('Join at https://meet.example.test/x');
    expect(mail.html).toContain('<a href="https://meet.example.test/x"');
    expect(mail.attachments![1]!.content).toContain('LOCATION:Online');
  });

  it('reaches the recipient with its attachments through the transport', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'admitone-mail-'));
    try {
      const transport = fileTransport(dir, 'AdmitOne <tickets@admitone.test>', pino({ level: 'silent' }));
      const mail = await renderMail('attendee_ticket', 'en', data);
      await transport.send({ to: 'zoe@example.test', ...mail, messageId: '<t-1@admitone>' });
      transport.close();
      const [file] = await readdir(dir);
      const parsed = await PostalMime.parse(await readFile(path.join(dir, file!)));
      expect(parsed.subject).toBe('Your ticket for Riverside Open Air');
      const byName = new Map(parsed.attachments.map((a) => [a.filename, a]));
      expect([...byName.keys()].sort()).toEqual(['qr-a7Kx92Qb.png', 'riverside-open-air.ics', 'ticket-a7Kx92Qb.pdf']);
      expect(byName.get('ticket-a7Kx92Qb.pdf')!.mimeType).toBe('application/pdf');
      expect(
        Buffer.from(byName.get('ticket-a7Kx92Qb.pdf')!.content as ArrayBuffer)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(byName.get('riverside-open-air.ics')!.mimeType).toBe('text/calendar');
      const qr = byName.get('qr-a7Kx92Qb.png')!;
      expect([qr.mimeType, qr.contentId, qr.disposition]).toEqual(['image/png', '<qr-a7Kx92Qb@admitone>', 'inline']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('other order mails', () => {
  const newOrder: OrganizerNewOrderData = {
    event_title: 'Riverside Open Air',
    order_number: 'RIV-1042',
    buyer_name: 'Zoé Brontë',
    buyer_email: 'zoe@example.test',
    ticket_count: 3,
    currency: 'GBP',
    total: 17_160,
    status: 'AWAITING_PAYMENT',
    manage_url: 'https://tickets.example.test/manage/event/7/orders?order=RIV-1042',
  };
  const cancelled: OrderCancelledData = { buyer_name: 'Zoé', order_number: 'RIV-1042', event, order_url: null };
  const paid: PaymentReceivedData = {
    buyer_name: 'Zoé',
    order_number: 'RIV-1042',
    event,
    currency: 'GBP',
    total: 17_160,
    order_url: 'https://tickets.example.test/order/7/ord123/summary',
  };

  it('tells the organizer about a new order', async () => {
    const mail = await renderMail('organizer_new_order', 'en', newOrder);
    expect(mail.subject).toBe('New order RIV-1042 for Riverside Open Air');
    expect(mail.text).toContain(
      'Zoé Brontë (zoe@example.test) placed order RIV-1042 for Riverside Open Air: 3 tickets, £171.60 in total.',
    );
    expect(mail.text).toContain('awaits an offline payment');
    expect(mail.text).toContain('Manage the order: https://tickets.example.test/manage/event/7/orders?order=RIV-1042');
    const one = await renderMail('organizer_new_order', 'en', { ...newOrder, ticket_count: 1, status: 'COMPLETED' });
    expect(one.text).toContain(': 1 ticket, £171.60');
    expect(one.text).not.toContain('offline payment');
    const de = await renderMail('organizer_new_order', 'de', newOrder);
    expect(de.text).toContain('171,60\u00a0£');
    expect(de.text).not.toContain('Wann:');
    // An event with several dates: the order's date, in the organizer's language and the event's time zone.
    const date = {
      start_date: '2027-06-08T17:00:00.000Z',
      end_date: null,
      date_label: 'Premiere',
      timezone: 'Europe/Berlin',
    };
    const dated = await renderMail('organizer_new_order', 'de', { ...newOrder, date });
    expect(dated.text).toMatch(/Wann: Dienstag, 8\. Juni 2027.*19:00.*\(Premiere\)/);
  });

  it('tells the buyer an order was cancelled', async () => {
    const mail = await renderMail('order_cancelled', 'en', cancelled);
    expect(mail.subject).toBe('Your order RIV-1042 for Riverside Open Air was cancelled');
    expect(mail.text).toMatch(
      /Your order RIV-1042 for Riverside Open Air \(Saturday, July 17, 2027.*6:30.*\) was cancelled/,
    );
    expect(mail.html).not.toContain('background:#6d28d9;color:#ffffff;text-decoration:none'); // no button without a URL
    const de = await renderMail('order_cancelled', 'de', { ...cancelled, order_url: 'https://tickets.example.test/o' });
    expect(de.text).toContain('Hallo Zoé,');
    expect(de.text).toMatch(/Samstag, 17\. Juli 2027/);
    expect(de.text).toContain('https://tickets.example.test/o');
  });

  it('tells the buyer their offline payment arrived', async () => {
    const mail = await renderMail('payment_received', 'en', paid);
    expect(mail.subject).toBe('Payment received for your order RIV-1042');
    expect(mail.text).toContain(
      'The organizer has received your payment of £171.60 for order RIV-1042 (Riverside Open Air).',
    );
    const de = await renderMail('payment_received', 'de', paid);
    expect(de.text).toContain('171,60\u00a0£');
    expect(de.text).toContain('Hallo Zoé,');
  });
});
