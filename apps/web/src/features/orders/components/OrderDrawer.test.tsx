import type { AttendeeDto, EventDto, InvoiceSummaryDto, OrderDateDto, OrderDetailDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test-utils/render';
import { OrderDrawer } from './OrderDrawer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' } as EventDto;
/** 8 June 2027, 19:00–22:00 in Berlin. */
const closing: OrderDateDto = {
  id: 12,
  start_date: '2027-06-08T17:00:00.000Z',
  end_date: '2027-06-08T20:00:00.000Z',
  label: 'Closing night',
  location: null,
};

const attendee = (id: number, first_name: string): AttendeeDto => ({
  id,
  short_id: `a${id}`,
  order_id: 5,
  order_number: 'O-7KQ2M9XD',
  order_status: 'COMPLETED',
  ticket_id: 3,
  tier_id: null,
  ticket_name: 'Seat',
  tier_label: null,
  first_name,
  last_name: 'Lima',
  email: null,
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2027-05-20T12:00:00.000Z',
  date: closing,
  seat: null,
});

const order: OrderDetailDto = {
  id: 5,
  short_id: 'o5',
  order_number: 'O-7KQ2M9XD',
  status: 'COMPLETED',
  payment_status: 'NO_PAYMENT_REQUIRED',
  payment_provider: null,
  payment_method: null,
  charged_back_total: 0,
  first_name: 'Ana',
  last_name: 'Lima',
  email: null,
  currency: 'EUR',
  total: 0,
  refunded_total: 0,
  ticket_count: 2,
  is_manually_created: false,
  affiliate: null,
  promo_code: null,
  created_at: '2027-05-20T12:00:00.000Z',
  completed_at: '2027-05-20T12:00:00.000Z',
  payment_due_at: null,
  date: closing,
  locale: 'en',
  totals: { subtotal: 0, discount: 0, fees: 0, taxes: 0, total: 0 },
  refundable: 0,
  refund_pending_amount: null,
  payment_intent_id: null,
  items: [
    {
      ticket_id: 3,
      tier_id: null,
      ticket_name: 'Seat',
      tier_label: null,
      quantity: 2,
      unit: { base: 0, discount: 0, price: 0, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 0 },
      total: 0,
    },
  ],
  attendees: [attendee(1, 'Ana'), attendee(2, 'Leo')],
  answers: [],
  history: [],
  actions: {
    cancel: false,
    mark_as_paid: false,
    refund: false,
    resend_confirmation: false,
    edit_buyer: false,
    message_buyer: false,
    send_link: false,
    change_date: false,
  },
  cancelled_at: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The drawer open on order 5; the order, its mails and its invoices come from the stubbed API. */
async function open(showDates: boolean, shown: OrderDetailDto = order, invoices: InvoiceSummaryDto[] = []) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/events/7/orders/5') return json({ data: shown });
    if (url === '/api/events/7/orders/5/mails') return json({ data: [] });
    if (url === '/api/events/7/orders/5/invoices') return json({ data: invoices });
    if (url === '/api/events/7/invoices/31/pdf')
      return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    if (url === '/api/events/7/invoices/31/e-invoice?format=peppol')
      return new Response(new Blob(['<Invoice/>']), { status: 200, headers: { 'content-type': 'application/xml' } });
    return new Response('{}', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const { queryClient } = renderWithProviders(
    <OrderDrawer event={event} orderId={5} onClose={() => undefined} showDates={showDates} />,
    { query: true, router: true },
  );
  const section = (await screen.findByRole('heading', { name: 'Tickets and totals' })).closest('section')!;
  // Every request the drawer made has been answered.
  await waitFor(() => expect(queryClient!.isFetching()).toBe(0));
  expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
    '/api/events/7/orders/5',
    '/api/events/7/orders/5/invoices',
    '/api/events/7/orders/5/mails',
  ]);
  return { section: section as HTMLElement, fetchMock };
}

describe('OrderDrawer: the date of the order', () => {
  it("names the date its tickets are for, in the event's time zone with its label, when the event has several", async () => {
    const { section } = await open(true);
    expect(within(section).getByText('Date')).toBeTruthy();
    expect(within(section).getByText('Jun 8, 2027, 7:00 – 10:00 PM · Closing night')).toBeTruthy();
  });

  it('names no date for an event with one', async () => {
    const { section } = await open(false);
    expect(within(section).queryByText('Date')).toBeNull();
    expect(screen.queryByText(/Closing night/)).toBeNull();
  });
});

describe('OrderDrawer: the seats of its attendees (issue #40)', () => {
  it('names the seat under each seated attendee', async () => {
    const seated = { ...order.attendees[0]!, seat: { section: 'Stalls', row: 'B', seat: '12' } };
    await open(false, { ...order, attendees: [seated, order.attendees[1]!] });
    expect(screen.getAllByTestId('order-attendee-seat').map((e) => e.textContent)).toEqual(['Stalls, row B, seat 12']);
  });
});

describe('OrderDrawer: the invoices of the order', () => {
  /** Signed in, with the browser's "save" caught: the names of the files saved, in order. */
  const catchDownloads = () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    localStorage.setItem(TOKEN_KEY, 'token-123');
    return saved;
  };
  const invoice: InvoiceSummaryDto = {
    id: 31,
    number: 'INV-2027-00007',
    kind: 'INVOICE',
    cancels: null,
    issued_at: '2027-05-20T12:00:00.000Z',
    currency: 'EUR',
    total: 4900,
    tax_total: 782,
    e_invoice: false,
  };
  /** Issued 31 December 2027 at 23:30 UTC: already 1 January 2028 in Berlin, the event's zone (as on the PDF). */
  const cancellation: InvoiceSummaryDto = {
    id: 32,
    number: 'INV-2028-00001',
    kind: 'CANCELLATION',
    cancels: 'INV-2027-00007',
    issued_at: '2027-12-31T23:30:00.000Z',
    currency: 'EUR',
    total: -4900,
    tax_total: -782,
    e_invoice: false,
  };

  it('lists each with its kind, what it cancels, the day it was issued in the event’s zone and its total', async () => {
    await open(false, order, [invoice, cancellation]);
    const part = screen.getByRole('heading', { name: 'Invoices' }).closest('section')!;
    const rows = within(part).getAllByTestId('order-invoice');
    expect(rows.map((r) => r.textContent)).toEqual([
      'INV-2027-00007InvoiceIssued Thursday, May 20, 2027€49.00PDF',
      'INV-2028-00001CancellationIssued Saturday, January 1, 2028 · Cancels invoice INV-2027-00007-€49.00PDF',
    ]);
    expect(within(part).getByRole('list')).toBeTruthy();
  });

  it('downloads an invoice’s PDF with the sign-in token, saved under its number', async () => {
    const saved = catchDownloads();
    const { fetchMock } = await open(false, order, [invoice, cancellation]);
    fireEvent.click(screen.getByRole('button', { name: 'Download INV-2027-00007 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['INV-2027-00007.pdf']));
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/events/7/invoices/31/pdf')![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
  });

  it('offers a business’s e-invoice as its Factur-X PDF or as XRechnung and Peppol XML', async () => {
    const saved = catchDownloads();
    const { fetchMock } = await open(false, order, [{ ...invoice, e_invoice: true }]);
    expect(screen.getByTestId('order-invoice').textContent).toContain('Download');
    fireEvent.click(screen.getByRole('button', { name: 'Download INV-2027-00007: PDF or e-invoice' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Peppol BIS Billing 3.0' }));
    await waitFor(() => expect(saved).toEqual(['INV-2027-00007-peppol.xml']));
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/events/7/invoices/31/e-invoice?format=peppol')![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
  });

  it('corrects the buyer’s invoice details: the server’s field errors on the fields, then the invoice issued again', async () => {
    const withDetails: OrderDetailDto = {
      ...order,
      invoice_details: { requested: true, company: 'Acme', address: null, vat_number: null, reverse_charge: false },
    };
    const puts: unknown[] = [];
    let invoicesRead = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/events/7/orders/5/invoice-details') {
        puts.push(JSON.parse(String(init!.body)));
        if (puts.length === 1)
          return new Response(
            JSON.stringify({
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Please check the highlighted fields and try again.',
                field_errors: { vat_number: ['This is not a valid VAT number.'] },
              },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          );
        return json({ data: withDetails });
      }
      if (url === '/api/events/7/orders/5') return json({ data: withDetails });
      if (url === '/api/events/7/orders/5/mails') return json({ data: [] });
      if (url === '/api/events/7/orders/5/invoices')
        return json({ data: invoicesRead++ ? [invoice, cancellation] : [invoice] });
      return new Response('{}', { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderDrawer event={event} orderId={5} onClose={() => undefined} showDates={false} />, {
      query: true,
      router: true,
    });
    expect((await screen.findByTestId('invoice-details')).textContent).toBe('Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Correct invoice details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct invoice details' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'VAT number' }), { target: { value: 'DE1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address line 1/ }), { target: { value: 'Kai 1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /ZIP or postal code/ }), {
      target: { value: '20457' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /City/ }), { target: { value: 'Hamburg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and issue again' }));
    expect(await within(dialog).findByText('This is not a valid VAT number.')).toBeTruthy();
    expect(puts[0]).toMatchObject({
      requested: true,
      company: 'Acme',
      vat_number: 'DE1',
      address: { city: 'Hamburg' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and issue again' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Correct invoice details' })).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('order-invoice')).toHaveLength(2));
  });

  it('says nothing about invoices while the order has none', async () => {
    await open(false);
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByTestId('order-invoices')).toBeNull();
  });
});
