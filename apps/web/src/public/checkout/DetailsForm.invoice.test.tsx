import type { InvoiceDetails, InvoiceMode, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { DetailsForm } from './DetailsForm';

const buyer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' };

const order = (mode: InvoiceMode | undefined, invoiceDetails: InvoiceDetails | null = null) =>
  ({
    short_id: 'o1',
    status: 'RESERVED',
    event: { id: 9, ...(mode ? { invoice_mode: mode } : {}) },
    buyer,
    attendees: [],
    questions: [],
    answers: [],
    totals: { total: 1000 },
    invoice_details: invoiceDetails,
  }) as unknown as PublicOrderDto;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  o: PublicOrderDto,
  answer: () => Response = () => json({ data: { short_id: 'o1', status: 'RESERVED' } }),
) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<DetailsForm order={o} onState={vi.fn()} onStale={vi.fn()} />);
  const sentBody = () => {
    const [, init] = fetchMock.mock.calls[0]!;
    return JSON.parse(init!.body as string) as Record<string, unknown>;
  };
  return { fetchMock, sentBody };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
const wantsInvoice = () => screen.queryByRole('checkbox', { name: 'I need an invoice' });
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

/** Picks a country as the browser's autofill does (an exact name: Mantine takes it as the choice). */
const chooseCountry = (name: string) => fireEvent.change(field(/^Country/), { target: { value: name } });

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('DetailsForm: invoice details', () => {
  it('asks nothing and sends no invoice where the event issues none', async () => {
    for (const mode of [undefined, 'NONE'] as const) {
      const { fetchMock, sentBody } = setup(order(mode));
      expect(screen.queryByRole('heading', { name: 'Invoice details' })).toBeNull();
      expect(wantsInvoice()).toBeNull();
      expect(screen.queryByRole('textbox', { name: /VAT number/ })).toBeNull();
      submit();
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(sentBody()).not.toHaveProperty('invoice');
      vi.unstubAllGlobals();
      document.body.innerHTML = '';
    }
  });

  it('on request: a box to tick shows the fields, and what was typed is sent', async () => {
    const { fetchMock, sentBody } = setup(order('ON_REQUEST'));
    const section = screen.getByRole('region', { name: 'Invoice details' });
    const box = wantsInvoice() as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(within(section).queryByRole('textbox', { name: /Company/ })).toBeNull();

    fireEvent.click(box);
    // The address a letter needs is marked required once an invoice is asked for.
    expect(field(/^Address line 1/).required).toBe(true);
    expect(field(/^Address line 2/).required).toBe(false);
    expect(screen.getByText('Starts with the country code, e.g. DE123456789')).toBeTruthy();
    type(/^Company/, ' Analytical Engines Ltd ');
    type(/^VAT number/, 'DE123456789');
    type(/^Address line 1/, 'Hauptstraße 1');
    type(/^Postal code/, '10115');
    type(/^City/, 'Berlin');
    type(/^State or region/, 'Land Berlin');
    chooseCountry('Germany');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody().invoice).toEqual({
      requested: true,
      company: 'Analytical Engines Ltd',
      vat_number: 'DE123456789',
      address: {
        address_line_1: 'Hauptstraße 1',
        address_line_2: null,
        zip_or_postal_code: '10115',
        city: 'Berlin',
        state_or_region: 'Land Berlin',
        country: 'DE',
      },
    });
  });

  it('on request: checks the address before sending; unticked, says no invoice is wanted', async () => {
    const { fetchMock, sentBody } = setup(order('ON_REQUEST'));
    fireEvent.click(wantsInvoice()!);
    submit();
    await screen.findByText('Please correct the highlighted fields.');
    for (const label of [/^Address line 1/, /^Postal code/, /^City/, /^Country/])
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Put away again: its problems go with it, and the order goes without an invoice.
    fireEvent.click(wantsInvoice()!);
    expect(screen.queryByRole('textbox', { name: /^City/ })).toBeNull();
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody().invoice).toEqual({ requested: false });
  });

  it('always: the fields with a word for business buyers, all optional for a private one', async () => {
    const { fetchMock, sentBody } = setup(order('ALWAYS'));
    expect(screen.getByRole('heading', { name: 'Invoice details' })).toBeTruthy();
    expect(wantsInvoice()).toBeNull();
    expect(screen.getByText(/Business buyers may add their company and VAT number/)).toBeTruthy();
    expect(field(/^Address line 1/).required).toBe(false);
    // A company makes it a business invoice: the address is needed.
    type(/^Company/, 'Engines Ltd');
    expect(field(/^Address line 1/).required).toBe(true);
    type(/^Company/, '');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody().invoice).toEqual({
      requested: true,
      company: null,
      vat_number: null,
      address: {
        address_line_1: null,
        address_line_2: null,
        zip_or_postal_code: null,
        city: null,
        state_or_region: null,
        country: null,
      },
    });
  });

  it('starts from the invoice details the buyer gave before', () => {
    setup(
      order('ON_REQUEST', {
        requested: true,
        company: 'Engines Ltd',
        vat_number: 'ATU12345678',
        address: {
          address_line_1: 'Ring 1',
          address_line_2: 'Stiege 2',
          zip_or_postal_code: '1010',
          city: 'Wien',
          state_or_region: null,
          country: 'AT',
        },
        reverse_charge: true,
      }),
    );
    expect((wantsInvoice() as HTMLInputElement).checked).toBe(true);
    expect(field(/^Company/).value).toBe('Engines Ltd');
    expect(field(/^VAT number/).value).toBe('ATU12345678');
    expect(field(/^Address line 1/).value).toBe('Ring 1');
    expect(field(/^Address line 2/).value).toBe('Stiege 2');
    expect(field(/^Postal code/).value).toBe('1010');
    expect(field(/^City/).value).toBe('Wien');
    expect(field(/^Country/).value).toBe('Austria');
  });

  it("marks the server's field errors on the invoice fields", async () => {
    const fieldErrors = {
      'invoice.vat_number': ['This VAT number is not valid for the country.'],
      'invoice.address.address_line_1': ['Street needed.'],
      'invoice.address.zip_or_postal_code': ['Postal code needed.'],
      'invoice.address.city': ['City needed.'],
      'invoice.address.country': ['Country needed.'],
    };
    const { fetchMock } = setup(order('ALWAYS'), () =>
      json({ error: { code: 'VALIDATION_ERROR', message: 'Check the fields.', field_errors: fieldErrors } }, 422),
    );
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText('Please correct the highlighted fields.');
    const marked: Array<[RegExp, string]> = [
      [/^VAT number/, 'This VAT number is not valid for the country.'],
      [/^Address line 1/, 'Street needed.'],
      [/^Postal code/, 'Postal code needed.'],
      [/^City/, 'City needed.'],
      [/^Country/, 'Country needed.'],
    ];
    for (const [label, message] of marked) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      // The message is the field's own description for a screen reader.
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '');
      expect(described).toContain(message);
    }
    // All of them landed on a field: no general error beside them.
    expect(screen.queryByText('Check the fields.')).toBeNull();
    // The first marked field takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(field(/^VAT number/)));
  });
});
