import type { InvoiceSummaryDto, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { orderSecrets } from '../lib/checkout-token';
import CheckoutSummaryPage from './CheckoutSummaryPage';

const invoices: InvoiceSummaryDto[] = [
  {
    id: 31,
    number: 'INV-2026-0007',
    kind: 'INVOICE',
    cancels: null,
    issued_at: '2026-05-04T10:00:00.000Z',
    currency: 'EUR',
    total: 4500,
    tax_total: 0,
    e_invoice: true,
  },
  {
    id: 32,
    number: 'INV-2026-0009',
    kind: 'CANCELLATION',
    cancels: 'INV-2026-0007',
    issued_at: '2026-05-06T10:00:00.000Z',
    currency: 'EUR',
    total: -4500,
    tax_total: 0,
    e_invoice: false,
  },
];

/** A completed order of a business buyer, sold without VAT (reverse charge), with its invoices. */
const order = (over: Partial<PublicOrderDto> = {}) =>
  ({
    short_id: 'o1',
    order_number: 'O-7K2Q',
    status: 'COMPLETED',
    payment_status: 'PAID',
    currency: 'EUR',
    totals: { subtotal: 4500, discount: 0, fees: 0, taxes: 0, total: 4500 },
    promo_code: null,
    buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
    items: [
      {
        ticket_id: 1,
        tier_id: null,
        ticket_name: 'Standard',
        tier_label: null,
        quantity: 1,
        unit: { base: 4500, discount: 0, price: 4500, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 4500 },
        total: 4500,
      },
    ],
    attendees: [],
    questions: [],
    answers: [],
    event: {
      id: 7,
      title: 'Jazz night',
      slug: 'jazz-night',
      start_date: '2026-06-12T18:30:00.000Z',
      end_date: null,
      timezone: 'Europe/Berlin',
      is_online: false,
      location: { venue_name: 'Hall', city: 'Berlin', country: 'DE' },
      colors: {},
      support_email: null,
      online_details: null,
      post_checkout_message: null,
      invoice_mode: 'ALWAYS',
    },
    date: null,
    created_at: '2026-05-04T09:58:00.000Z',
    completed_at: '2026-05-04T10:00:00.000Z',
    payment_due_at: null,
    self_service: null,
    invoice_details: {
      requested: true,
      company: 'Engines GmbH',
      vat_number: 'DE123456789',
      address: null,
      reverse_charge: true,
    },
    invoices,
    ...over,
  }) as unknown as PublicOrderDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(o: PublicOrderDto, pdf: () => Response = () => new Response(new Blob(['%PDF-1.7'])), secret = 's3cret') {
  if (secret) orderSecrets.set(7, 'o1', secret);
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.includes('/invoices/') ? pdf() : json(200, { data: o }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const saved: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  renderWithProviders(<CheckoutSummaryPage eventId={7} shortId="o1" />);
  return { fetchMock, saved, createObjectURL };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the order page: invoices', () => {
  it('lists the invoices with their kind, date and total, and downloads one with the order secret', async () => {
    const { fetchMock, saved, createObjectURL } = setup(order());
    const section = await screen.findByRole('region', { name: 'Invoices' });
    const rows = within(section)
      .getAllByTestId('invoice')
      .map((r) => r.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      'INV-2026-0007Invoice · Monday, May 4, 2026€45.00Download',
      'INV-2026-0009Cancellation invoice · Wednesday, May 6, 2026Cancels invoice INV-2026-0007-€45.00Download',
    ]);

    fireEvent.click(within(section).getByRole('button', { name: 'Download INV-2026-0009 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/events/7/order/o1/invoices/32/pdf');
    expect((init!.headers as Record<string, string>)['x-order-secret']).toBe('s3cret');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(saved[0]).toMatchObject({ download: 'INV-2026-0009.pdf' });
  });

  it('offers a business’s e-invoice as its PDF or as XRechnung and Peppol XML', async () => {
    const { fetchMock, saved } = setup(order());
    const section = await screen.findByRole('region', { name: 'Invoices' });
    fireEvent.click(within(section).getByRole('button', { name: 'Download INV-2026-0007: PDF or e-invoice' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['PDF (with ZUGFeRD / Factur-X data)', 'XRechnung (UBL)', 'XRechnung (CII)', 'Peppol BIS Billing 3.0']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'XRechnung (UBL)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/events/7/order/o1/invoices/31/e-invoice?format=xrechnung-ubl');
    expect((init!.headers as Record<string, string>)['x-order-secret']).toBe('s3cret');
    expect(saved[0]).toMatchObject({ download: 'INV-2026-0007-xrechnung-ubl.xml' });
  });

  it('lets the buyer correct the details the invoice is made out to: the answer’s invoices shown, a refusal said', async () => {
    const { fetchMock } = setup(order());
    const reissued = order({
      invoice_details: {
        requested: true,
        company: 'Engines AG',
        vat_number: 'DE123456789',
        address: {
          address_line_1: 'Hafen 1',
          address_line_2: null,
          zip_or_postal_code: '20457',
          city: 'Hamburg',
          state_or_region: null,
          country: 'DE',
        },
        reverse_charge: true,
      },
      invoices: [...invoices, { ...invoices[0]!, id: 33, number: 'INV-2026-0010' }],
    });
    const refused = json(409, {
      error: { code: 'INVOICE_CORRECTIONS_USED', message: 'Please ask the organizer for any further change.' },
    });
    const answers = [json(200, { data: reissued }), refused];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? answers.shift()! : json(200, { data: order() }),
    );
    const section = await screen.findByRole('region', { name: 'Invoices' });
    fireEvent.click(within(section).getByRole('button', { name: 'Correct invoice details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct invoice details' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Company/ }), { target: { value: ' Engines AG ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address line 1/ }), {
      target: { value: 'Hafen 1' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /ZIP or postal code/ }), {
      target: { value: '20457' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^City/ }), { target: { value: 'Hamburg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and issue again' }));
    expect(await within(dialog).findByText(/Your invoice was cancelled and issued again/)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/public/events/7/order/o1/invoice-details');
    expect((put[1]!.headers as Record<string, string>)['x-order-secret']).toBe('s3cret');
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      requested: true,
      company: 'Engines AG',
      vat_number: 'DE123456789',
      address: { address_line_1: 'Hafen 1', zip_or_postal_code: '20457', city: 'Hamburg', country: null },
    });
    expect(within(section).getAllByTestId('invoice')).toHaveLength(3);

    // Once the buyer used their corrections, the server's word shows in the dialog.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    fireEvent.click(within(section).getByRole('button', { name: 'Correct invoice details' }));
    const again = await screen.findByRole('dialog', { name: 'Correct invoice details' });
    fireEvent.click(within(again).getByRole('button', { name: 'Save and issue again' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('ask the organizer');
  });

  it('says when the invoice could not be fetched', async () => {
    const { saved } = setup(order(), () =>
      json(404, { error: { code: 'NOT_FOUND', message: 'This invoice was not found.' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download INV-2026-0009 (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This invoice was not found.');
    expect(saved).toHaveLength(0);
  });

  it('explains the missing VAT of a reverse-charge order by its totals', async () => {
    setup(order());
    await screen.findByRole('table', { name: 'Order summary' });
    expect(
      screen.getByText('Reverse charge: VAT is not charged on this order; your business accounts for it.'),
    ).toBeTruthy();
  });

  it('shows no invoices and no reverse-charge notice on an order without them', async () => {
    setup(order({ invoices: [], invoice_details: null }));
    await screen.findByRole('table', { name: 'Order summary' });
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByText(/Reverse charge/)).toBeNull();
  });

  it("keeps a cancelled order's invoices to download", async () => {
    setup(order({ status: 'CANCELLED' }));
    await screen.findByTestId('order-state-cancelled');
    expect(screen.getAllByTestId('invoice')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download INV-2026-0009 (PDF)' })).toBeTruthy();
  });
});
