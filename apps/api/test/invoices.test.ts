import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events, orders } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { createEvent } from './factories.js';
import { pdfAttachment, pdfText } from './pdf-text.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';
import { schemaErrors } from './xsd.js';

/**
 * Invoices (issue 45): an organizer's invoice settings, the buyer's company, address and VAT number at checkout
 * (checked per country), the reverse-charge rule, invoices issued and never changed (a refund cancels and reissues),
 * gapless numbers, PDFs in the order's language for the buyer and the organizer, and the accounting export; the
 * e-invoices (Factur-X PDF, XRechnung CII and UBL, Peppol UBL), each checked against its standard's schema.
 */
const WEBHOOK_SECRET = 'whsec_invoices';
const clock = new TestClock(new Date('2027-03-01T10:00:00Z'));
let stripe: StripeServer;
let ctx: TestContext;
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({ clock, env: singleStripeEnv(stripe, WEBHOOK_SECRET) });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const SELLER = {
  legal_name: 'Konzertbüro Nord GmbH',
  address: { address_line_1: 'Hafenstraße 1', zip_or_postal_code: '20457', city: 'Hamburg', country: 'DE' },
  vat_number: 'DE136695976',
  contact_email: 'buchhaltung@konzertbuero.test',
  contact_phone: '+49 40 1234567',
  prefix: 'INV-',
  yearly_reset: true,
  payment_terms_days: 14,
  footer: 'Amtsgericht Hamburg HRB 12345',
};
const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

/** An event of its own organizer with a 100.00 ticket carrying 19 % VAT, invoice settings saved. */
async function invoicedEvent(mode: 'ON_REQUEST' | 'ALWAYS', event: Record<string, unknown> = {}) {
  const { u, event: e } = await liveEvent(ctx.app, [], { title: 'Hafenkonzert' });
  const vat = await call(ctx.app, 'POST', `/api/accounts/${u.accounts[0]!.id}/taxes-and-fees`, {
    token: u.token,
    body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 },
  });
  const ticket = await call(ctx.app, 'POST', `/api/events/${e.id}/tickets`, {
    token: u.token,
    body: { name: 'Stalls', type: 'PAID', price: 10000, quantity: 50, tax_and_fee_ids: [vat.json().data.id] },
  });
  if (Object.keys(event).length)
    expect((await call(ctx.app, 'PUT', `/api/events/${e.id}`, { token: u.token, body: event })).statusCode).toBe(200);
  const settings = await call(ctx.app, 'PUT', `/api/organizers/${e.organizer.id}/invoice-settings`, {
    token: u.token,
    body: SELLER,
  });
  expect(settings.statusCode).toBe(200);
  const on = await call(ctx.app, 'PUT', `/api/events/${e.id}/settings`, {
    token: u.token,
    body: { invoice_mode: mode, offline_payments_enabled: true },
  });
  expect(on.statusCode).toBe(200);
  return { u, event: e, ticketId: ticket.json().data.id as number };
}

async function checkout(eventId: number, ticketId: number, invoice?: object, locale?: string) {
  const r = (await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity: 2 }] })).json();
  const headers = { ...buyerHeaders(r), [ORDER_SECRET_HEADER]: r.order_secret as string };
  const res = await call(ctx.app, 'PUT', url(eventId, r.data.short_id, '/details'), {
    headers,
    body: { ...details(r.data), ...(invoice ? { invoice } : {}), ...(locale ? { locale } : {}) },
  });
  return { res, shortId: r.data.short_id as string, headers, secret: r.order_secret as string };
}

const orderIdOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

describe('invoice settings', () => {
  it('checks the VAT number per country and the address, shows the next number, and stays with its account', async () => {
    const { u, event } = await liveEvent(ctx.app, []);
    const path = `/api/organizers/${event.organizer.id}/invoice-settings`;
    expect((await call(ctx.app, 'GET', path, { token: u.token })).json().data).toBeNull();
    // Events cannot issue invoices before the organizer says who issues them.
    const early = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { invoice_mode: 'ALWAYS' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.field_errors.invoice_mode[0]).toContain('invoice settings');

    const wrong = await call(ctx.app, 'PUT', path, {
      token: u.token,
      body: { ...SELLER, vat_number: 'DE 136 695 977', address: { city: 'Hamburg', country: 'DE' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors).sort()).toEqual(['vat_number']);
    const noAddress = await call(ctx.app, 'PUT', path, {
      token: u.token,
      body: { ...SELLER, address: { city: 'Hamburg', country: 'DE' } },
    });
    expect(Object.keys(noAddress.json().error.field_errors).sort()).toEqual([
      'address.address_line_1',
      'address.zip_or_postal_code',
    ]);
    const saved = await call(ctx.app, 'PUT', path, {
      token: u.token,
      body: { ...SELLER, vat_number: 'de-136.695.976' },
    });
    expect(saved.json().data).toMatchObject({ vat_number: 'DE136695976', next_number: 'INV-2027-00001' });

    const other = await liveEvent(ctx.app, []);
    expect((await call(ctx.app, 'GET', path, { token: other.u.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'PUT', path, { token: other.u.token, body: SELLER })).statusCode).toBe(404);
  });
});

describe('invoices of an order', () => {
  it('takes a French business’s details, leaves the VAT out for an online event (reverse charge), invoices once paid, and cancels and reissues on each refund', async () => {
    const { u, event, ticketId } = await invoicedEvent('ON_REQUEST', { is_online: true });
    // Wrong details are refused on their fields.
    const bad = await checkout(event.id, ticketId, {
      requested: true,
      company: 'Acme SARL',
      vat_number: 'FR123',
      address: { city: 'Paris', country: 'FR' },
    });
    expect(bad.res.statusCode).toBe(422);
    expect(Object.keys(bad.res.json().error.field_errors).sort()).toEqual([
      'invoice.address.address_line_1',
      'invoice.address.zip_or_postal_code',
      'invoice.vat_number',
    ]);

    const business = {
      requested: true,
      company: 'Acme SARL',
      vat_number: 'FR 40 303 265 045',
      address: { address_line_1: '1 rue de Rivoli', zip_or_postal_code: '75001', city: 'Paris', country: 'FR' },
    };
    const { res, shortId, headers, secret } = await checkout(event.id, ticketId, business);
    expect(res.statusCode).toBe(200);
    const order = res.json<{ data: PublicOrderDto }>().data;
    expect(order.invoice_details).toMatchObject({ vat_number: 'FR40303265045', reverse_charge: true });
    expect(order.totals).toMatchObject({ taxes: 0, total: 20000 });

    // Paying: after the payment started, a change that would move the amount is refused.
    const intent = (await call(ctx.app, 'POST', url(event.id, shortId, '/card-payment'), { headers })).json().data;
    expect(intent.amount).toBe(20000);
    const locked = await call(ctx.app, 'PUT', url(event.id, shortId, '/details'), {
      headers,
      body: { ...details(order), invoice: { ...business, vat_number: null, company: null } },
    });
    expect(locked.statusCode).toBe(422);
    expect(Object.keys(locked.json().error.field_errors)).toEqual(['invoice.vat_number']);
    const pi = (intent.client_secret as string).split('_secret_')[0]!;
    expect(
      (
        await sendStripeWebhook(ctx.app, WEBHOOK_SECRET, {
          id: `evt_${shortId}`,
          type: 'payment_intent.succeeded',
          object: stripe.setStatus(pi, 'succeeded'),
        })
      ).statusCode,
    ).toBe(200);

    const paid = (await call(ctx.app, 'GET', url(event.id, shortId), { headers })).json<{ data: PublicOrderDto }>()
      .data;
    expect(paid.invoices).toEqual([
      expect.objectContaining({ number: 'INV-2027-00001', kind: 'INVOICE', total: 20000, tax_total: 0 }),
    ]);
    const first = paid.invoices![0]!;
    const pdf = await call(ctx.app, 'GET', url(event.id, shortId, `/invoices/${first.id}/pdf`), {
      headers: { [ORDER_SECRET_HEADER]: secret },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('INV-2027-00001.pdf');
    // A Factur-X/ZUGFeRD PDF: PDF/A-3 with the EN 16931 XML attached, valid CII, reverse charge to a French business.
    expect(first.e_invoice).toBe(true);
    expect(pdf.rawPayload.toString('latin1')).toContain('<pdfaid:part>3</pdfaid:part>');
    const facturX = pdfAttachment(pdf.rawPayload, 'factur-x.xml')!;
    expect(await schemaErrors(facturX, 'cii')).toEqual([]);
    expect(facturX).toContain('<ram:ID>INV-2027-00001</ram:ID>');
    expect(facturX).toContain('FR40303265045');
    expect(facturX).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(facturX).toMatch(/<ram:GrandTotalAmount>200\.00<\/ram:GrandTotalAmount>/);
    expect(pdfText(pdf.rawPayload)).toContain('Acme SARL');
    // The same as XML, for the buyer with the order's secret.
    const xr = await call(
      ctx.app,
      'GET',
      url(event.id, shortId, `/invoices/${first.id}/e-invoice?format=xrechnung-ubl`),
      {
        headers: { [ORDER_SECRET_HEADER]: secret },
      },
    );
    expect(xr.statusCode).toBe(200);
    expect(xr.headers['content-disposition']).toContain('INV-2027-00001-xrechnung-ubl.xml');
    expect(await schemaErrors(xr.body, 'ubl-invoice')).toEqual([]);
    expect(xr.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xr.body).toContain('<cbc:Telephone>+49 40 1234567</cbc:Telephone>');
    expect(
      (
        await call(ctx.app, 'GET', url(event.id, shortId, `/invoices/${first.id}/e-invoice?format=peppol`), {
          headers: { [ORDER_SECRET_HEADER]: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    // Without the order's secret it is not there.
    expect(
      (
        await call(ctx.app, 'GET', url(event.id, shortId, `/invoices/${first.id}/pdf`), {
          headers: { [ORDER_SECRET_HEADER]: 'x' },
        })
      ).statusCode,
    ).toBe(404);

    // A partial refund: the invoice is cancelled and a new one says what the buyer keeps paying.
    const orderId = await orderIdOf(shortId);
    clock.advance(3600_000);
    const refund = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/refund`, {
      token: u.token,
      body: { amount: 5000, notify_buyer: false },
    });
    expect(refund.statusCode).toBe(200);
    const list = async () =>
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/invoices`, { token: u.token })).json()
        .data;
    expect(await list()).toEqual([
      expect.objectContaining({ number: 'INV-2027-00001', kind: 'INVOICE', total: 20000 }),
      expect.objectContaining({
        number: 'INV-2027-00002',
        kind: 'CANCELLATION',
        cancels: 'INV-2027-00001',
        total: -20000,
      }),
      expect.objectContaining({ number: 'INV-2027-00003', kind: 'INVOICE', total: 15000 }),
    ]);
    // The rest, cancelling the order: a last cancellation, nothing more to invoice.
    await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/refund`, {
      token: u.token,
      body: { cancel_order: true, notify_buyer: false },
    });
    const all = await list();
    expect(all.map((i: { number: string; kind: string; total: number }) => [i.number, i.kind, i.total])).toEqual([
      ['INV-2027-00001', 'INVOICE', 20000],
      ['INV-2027-00002', 'CANCELLATION', -20000],
      ['INV-2027-00003', 'INVOICE', 15000],
      ['INV-2027-00004', 'CANCELLATION', -15000],
    ]);

    // The organizer's copies: the reissued invoice shows the refund line; the cancellation names what it cancels.
    const text = async (id: number) =>
      pdfText(
        (await call(ctx.app, 'GET', `/api/events/${event.id}/invoices/${id}/pdf`, { token: u.token })).rawPayload,
      );
    const reissued = await text(all[2].id);
    expect(reissued).toContain('INV-2027-00003');
    expect(reissued).toContain('Acme SARL');
    expect(reissued).toContain('FR40303265045');
    expect(reissued).toContain('Refunded to the buyer');
    expect(reissued).toContain('Reverse charge');
    const cancellation = await text(all[1].id);
    expect(cancellation).toContain('Cancellation invoice');
    expect(cancellation).toContain('Cancels invoice INV-2027-00001');

    // The e-invoices of each: the reissued invoice with the refund as an allowance, the cancellation a credit note
    // naming the invoice it cancels; in the three XML forms, each valid against its schema.
    const xml = async (id: number, format: string) => {
      const r = await call(ctx.app, 'GET', `/api/events/${event.id}/invoices/${id}/e-invoice?format=${format}`, {
        token: u.token,
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('application/xml');
      return r.body;
    };
    const reissuedUbl = await xml(all[2].id, 'peppol');
    expect(await schemaErrors(reissuedUbl, 'ubl-invoice')).toEqual([]);
    expect(reissuedUbl).toContain('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(reissuedUbl).toMatch(
      /<cbc:AllowanceChargeReason>Refunded to the buyer<\/cbc:AllowanceChargeReason>\s*<cbc:Amount currencyID="EUR">50\.00</,
    );
    expect(reissuedUbl).toMatch(/<cbc:PrepaidAmount currencyID="EUR">150\.00</);
    expect(reissuedUbl).toMatch(/<cbc:PayableAmount currencyID="EUR">0\.00</);
    const creditUbl = await xml(all[1].id, 'xrechnung-ubl');
    expect(await schemaErrors(creditUbl, 'ubl-credit-note')).toEqual([]);
    expect(creditUbl).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(creditUbl).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-2027-00001</);
    expect(creditUbl).toMatch(/<cbc:PayableAmount currencyID="EUR">200\.00</);
    const creditCii = await xml(all[1].id, 'xrechnung-cii');
    expect(await schemaErrors(creditCii, 'cii')).toEqual([]);
    expect(creditCii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    // The check itself fails on a broken document.
    expect(await schemaErrors(creditCii.replace('<ram:TypeCode>381</ram:TypeCode>', ''), 'cii')).not.toEqual([]);
    expect(await schemaErrors(reissuedUbl.replace(/<cbc:IssueDate>/, '<cbc:IssueDay>'), 'ubl-invoice')).not.toEqual([]);
    // Another event's invoice is not this event's.
    const other = await liveEvent(ctx.app, []);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${other.event.id}/invoices/${all[0].id}/pdf`, { token: other.u.token }))
        .statusCode,
    ).toBe(404);

    // The accounting export lists all four.
    const csv = await call(ctx.app, 'GET', `/api/events/${event.id}/invoices/export?format=csv`, { token: u.token });
    expect(csv.statusCode).toBe(200);
    for (const n of ['INV-2027-00001', 'INV-2027-00002', 'INV-2027-00003', 'INV-2027-00004'])
      expect(csv.body).toContain(n);
    expect(csv.body).toContain('-150.00');
  });

  it('invoices an offline order at once with its VAT and terms, in the buyer’s language, and not again when it is paid', async () => {
    const { u, event, ticketId } = await invoicedEvent('ALWAYS');
    const { res, shortId, headers, secret } = await checkout(event.id, ticketId, undefined, 'de');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totals).toMatchObject({ taxes: 3800, total: 23800 });
    const off = await call(ctx.app, 'POST', url(event.id, shortId, '/offline-payment'), { headers });
    expect(off.statusCode).toBe(200);
    const invoices = off.json<{ data: PublicOrderDto }>().data.invoices!;
    expect(invoices).toEqual([expect.objectContaining({ number: 'INV-2027-00001', total: 23800, tax_total: 3800 })]);
    const text = pdfText(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/invoices/${invoices[0]!.id}/pdf`, { token: u.token }))
        .rawPayload,
    );
    expect(text).toContain('Rechnung');
    // The buyer's confirmation carries it, in German.
    const number = off.json<{ data: PublicOrderDto }>().data.order_number;
    const mail = await ctx.smtp.waitFor('grace@example.test', (m) => m.subject.includes(number));
    const attached = mail.attachments.find((a) => a.filename === 'INV-2027-00001.pdf');
    expect(attached?.mimeType).toBe('application/pdf');
    expect(pdfText(attached!.content)).toContain('Rechnungsnummer');
    // A private buyer without an address: no e-invoice (EN 16931 needs the buyer's country), a plain PDF, and a clear
    // refusal of the XML.
    expect(invoices[0]!.e_invoice).toBe(false);
    expect(pdfAttachment(attached!.content, 'factur-x.xml')).toBeNull();
    const refused = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/invoices/${invoices[0]!.id}/e-invoice?format=xrechnung-cii`,
      { token: u.token },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'E_INVOICE_NOT_POSSIBLE' });
    expect(refused.json().error.message).toContain('cannot be made an e-invoice');
    expect(text).toContain('14');
    expect(text).not.toContain('Reverse');
    const orderId = await orderIdOf(shortId);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/mark-as-paid`, { token: u.token }))
        .statusCode,
    ).toBe(200);
    const after = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/invoices`, { token: u.token })
    ).json().data;
    expect(after).toHaveLength(1);

    // The buyer forgot their company: the organizer corrects the details, the invoice is cancelled and issued again.
    const fix = (body: object) =>
      call(ctx.app, 'PUT', `/api/events/${event.id}/orders/${orderId}/invoice-details`, { token: u.token, body });
    const wrong = await fix({ company: 'Hanse Handel GmbH', vat_number: 'DE000' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors).sort()).toEqual([
      'address.address_line_1',
      'address.city',
      'address.country',
      'address.zip_or_postal_code',
      'vat_number',
    ]);
    const fixed = await fix({
      company: 'Hanse Handel GmbH',
      vat_number: 'DE136695976',
      address: { address_line_1: 'Speicherstadt 5', zip_or_postal_code: '20457', city: 'Hamburg', country: 'DE' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.history.at(-1)).toMatchObject({ kind: 'INVOICE_DETAILS_EDITED' });
    const reissued = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/invoices`, { token: u.token })
    ).json().data;
    expect(reissued.map((i: { number: string; kind: string; total: number }) => [i.number, i.kind, i.total])).toEqual([
      ['INV-2027-00001', 'INVOICE', 23800],
      ['INV-2027-00002', 'CANCELLATION', -23800],
      ['INV-2027-00003', 'INVOICE', 23800],
    ]);
    const again = pdfText(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/invoices/${reissued[2].id}/pdf`, { token: u.token }))
        .rawPayload,
    );
    expect(again).toContain('Hanse Handel GmbH');
    // The same details again change nothing.
    await fix({
      company: 'Hanse Handel GmbH',
      vat_number: 'DE136695976',
      address: { address_line_1: 'Speicherstadt 5', zip_or_postal_code: '20457', city: 'Hamburg', country: 'DE' },
    });
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/invoices`, { token: u.token })).json()
        .data,
    ).toHaveLength(3);

    // The buyer may correct them too, from the order page with the order's secret: checked the same way, the invoice
    // issued again each time, the same details again nothing, and three times at most (then the organizer does).
    const address = { address_line_1: 'Speicherstadt 5', zip_or_postal_code: '20457', city: 'Hamburg', country: 'DE' };
    const buyerFix = (body: object, key = secret) =>
      call(ctx.app, 'PUT', url(event.id, shortId, '/invoice-details'), {
        headers: { [ORDER_SECRET_HEADER]: key, 'accept-language': 'de' },
        body,
      });
    expect((await buyerFix({ company: 'Hanse Handel AG', address }, 'wrong')).statusCode).toBe(404);
    const badVat = await buyerFix({ company: 'Hanse Handel AG', vat_number: 'DE1', address });
    expect(badVat.statusCode).toBe(422);
    expect(Object.keys(badVat.json().error.field_errors)).toEqual(['vat_number']);
    const mine = async (company: string) => {
      const r = await buyerFix({ company, vat_number: 'DE136695976', address: { ...address, state_or_region: 'HH' } });
      expect(r.statusCode).toBe(200);
      return r.json<{ data: PublicOrderDto }>().data.invoices!;
    };
    expect((await mine('Hanse Handel AG')).map((i) => i.number)).toEqual([
      'INV-2027-00001',
      'INV-2027-00002',
      'INV-2027-00003',
      'INV-2027-00004',
      'INV-2027-00005',
    ]);
    expect(await mine('Hanse Handel AG')).toHaveLength(5);
    await mine('Hanse Handel KG');
    expect(await mine('Hanse Handel SE')).toHaveLength(9);
    const used = await buyerFix({ company: 'Hanse Handel OHG', address });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.code).toBe('INVOICE_CORRECTIONS_USED');
    expect(used.json().error.message).toContain('3');
    const latest = pdfText(
      (
        await call(
          ctx.app,
          'GET',
          url(event.id, shortId, `/invoices/${(await mine('Hanse Handel SE')).at(-1)!.id}/pdf`),
          {
            headers: { [ORDER_SECRET_HEADER]: secret },
          },
        )
      ).rawPayload,
    );
    expect(latest).toContain('Hanse Handel SE');
  });

  it('issues none where the buyer did not ask, and none for events without invoices', async () => {
    const { event, ticketId } = await invoicedEvent('ON_REQUEST');
    const { res, secret } = await checkout(event.id, ticketId, { requested: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.invoice_details ?? null).toBeNull();
    expect(res.json().data.totals.taxes).toBe(3800);
    // Nothing for the buyer to correct either.
    const none = await call(ctx.app, 'PUT', url(event.id, res.json().data.short_id, '/invoice-details'), {
      headers: { [ORDER_SECRET_HEADER]: secret },
      body: { company: 'Late GmbH' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('INVOICE_CORRECTION_UNAVAILABLE');
  });

  it('exports the organizer’s invoices of every event for a period, each day in its event’s zone, each in its currency', async () => {
    const { u, event, ticketId } = await invoicedEvent('ALWAYS');
    const berlin = await checkout(event.id, ticketId);
    expect(
      (await call(ctx.app, 'POST', url(event.id, berlin.shortId, '/offline-payment'), { headers: berlin.headers }))
        .statusCode,
    ).toBe(200);
    // A second event of the same organizer, in New York and in yen.
    const ny = await createEvent(ctx.app, u.token, event.organizer.id, {
      title: 'Harbor Night',
      start_date: '2027-06-05T19:00',
      end_date: '2027-06-05T23:00',
      timezone: 'America/New_York',
      currency: 'JPY',
    });
    await ctx.app.deps.database.db.update(events).set({ status: 'LIVE' }).where(eq(events.id, ny.id));
    const yen = await call(ctx.app, 'POST', `/api/events/${ny.id}/tickets`, {
      token: u.token,
      body: { name: 'Deck', type: 'PAID', price: 5000, quantity: 20 },
    });
    await call(ctx.app, 'PUT', `/api/events/${ny.id}/settings`, {
      token: u.token,
      body: { invoice_mode: 'ALWAYS', offline_payments_enabled: true },
    });
    const before = clock.now();
    // 23:30 on 31 March in New York: 1 April in UTC and in Berlin.
    clock.set(new Date('2027-04-01T03:30:00Z'));
    try {
      const late = await checkout(ny.id, yen.json().data.id);
      expect(late.res.statusCode).toBe(200);
      expect(
        (await call(ctx.app, 'POST', url(ny.id, late.shortId, '/offline-payment'), { headers: late.headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      clock.set(before);
    }
    // Another organizer's invoices stay out.
    const stranger = await invoicedEvent('ALWAYS');
    const theirs = await checkout(stranger.event.id, stranger.ticketId);
    await call(ctx.app, 'POST', url(stranger.event.id, theirs.shortId, '/offline-payment'), {
      headers: theirs.headers,
    });

    const path = `/api/organizers/${event.organizer.id}/invoices/export`;
    const march = await call(ctx.app, 'GET', `${path}?from=2027-03-01&to=2027-03-31&format=csv`, {
      token: u.token,
    });
    expect(march.statusCode).toBe(200);
    expect(march.headers['content-disposition']).toContain('invoices-2027-03-01-2027-03-31.csv');
    expect(march.headers['x-total-rows']).toBe('2');
    const lines = march.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain(',Order number,Event,Buyer,');
    expect(lines[1]).toMatch(
      /^INV-2027-00001,Invoice,,2027-03-01 \d\d:\d\d,.*,Hafenkonzert,.*,200\.00,38\.00,238\.00,EUR,/,
    );
    expect(lines[2]).toMatch(/^INV-2027-00002,Invoice,,2027-03-31 23:30,.*,Harbor Night,.*,10000,0,10000,JPY,/);
    // In UTC the yen invoice is April's; in its event's zone it is March's.
    const april = await call(ctx.app, 'GET', `${path}?from=2027-04-01`, { token: u.token });
    expect(april.headers['x-total-rows']).toBe('0');
    const xlsx = await call(ctx.app, 'GET', `${path}?format=xlsx`, { token: u.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['x-total-rows']).toBe('2');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const backwards = await call(ctx.app, 'GET', `${path}?from=2027-03-31&to=2027-03-01`, { token: u.token });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().error.field_errors)).toEqual(['to']);
    expect((await call(ctx.app, 'GET', path, { token: stranger.u.token })).statusCode).toBe(404);
  });
});
