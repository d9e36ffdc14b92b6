import type { InvoiceSettingsDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { invoiceSettingsBodyOf, invoiceSettingsValues } from './InvoiceSettingsForm';
import { OrganizerInvoiceSettings } from './OrganizerInvoiceSettings';

beforeAll(() => {
  // happy-dom has no FontFaceSet; the autosizing footer field listens to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});
afterEach(() => vi.unstubAllGlobals());

const URL_PATH = '/api/organizers/4/invoice-settings';
const EXPORT_PATH = '/api/organizers/4/invoices/export';
const BAD_VAT = 'This is not a valid VAT number: it starts with the country code (e.g. DE123456789).';
const NEEDED = 'An invoice needs this part of the address.';

const saved: InvoiceSettingsDto = {
  legal_name: 'Kulturhaus GmbH',
  address: {
    address_line_1: 'Hauptstraße 1',
    address_line_2: null,
    zip_or_postal_code: '10115',
    city: 'Berlin',
    state_or_region: null,
    country: 'DE',
  },
  vat_number: 'DE123456789',
  tax_number: null,
  contact_email: 'rechnung@kulturhaus.test',
  contact_phone: null,
  prefix: 'INV-',
  yearly_reset: true,
  payment_terms_days: 14,
  footer: 'IBAN DE00 1234',
  next_number: 'INV-2027-00042',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: organizer 4's settings (none at first); a PUT answers `answers` in turn, then the body as saved. */
function setup(start: InvoiceSettingsDto | null, answers: Response[] = []) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === URL_PATH && method === 'GET') return json(200, { data: start });
    if (url.startsWith(EXPORT_PATH))
      return new Response('\uFEFFInvoice number\r\nINV-2027-00042\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="invoices-2027-01-01-2027-03-31.csv"',
          'x-total-rows': '1',
        },
      });
    if (url === URL_PATH && method === 'PUT') {
      const next = answers.shift();
      if (next) return next;
      const body = JSON.parse(String(init!.body)) as Omit<InvoiceSettingsDto, 'next_number'>;
      return json(200, {
        data: { ...body, vat_number: body.vat_number?.replace(/\s/g, ''), next_number: 'MUS/000001' },
      });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OrganizerInvoiceSettings organizerId={4} />, { query: true });
  const exports = () => fetchMock.mock.calls.map(([u]) => u).filter((u) => u.startsWith(EXPORT_PATH));
  const sent = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === URL_PATH && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
  return { sent, exports };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const country = () => screen.getByLabelText(/^Country/, { selector: 'input' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save invoice settings' }));

describe('invoiceSettingsBodyOf', () => {
  it('sends empty lines as null and an empty payment term as "due on receipt"', () => {
    const values = invoiceSettingsValues(null);
    expect(
      invoiceSettingsBodyOf({ ...values, legal_name: ' Kulturhaus GmbH ', address: { ...values.address, city: ' ' } }),
    ).toEqual({
      legal_name: 'Kulturhaus GmbH',
      address: {
        address_line_1: null,
        address_line_2: null,
        zip_or_postal_code: null,
        city: null,
        state_or_region: null,
        country: null,
      },
      vat_number: null,
      tax_number: null,
      contact_email: null,
      contact_phone: null,
      prefix: 'INV-',
      yearly_reset: true,
      payment_terms_days: null,
      footer: null,
    });
  });
});

describe('OrganizerInvoiceSettings', () => {
  it('loads the saved settings, with the next invoice number', async () => {
    setup(saved);
    expect(await screen.findByRole('textbox', { name: /Legal name/ })).toHaveProperty('value', 'Kulturhaus GmbH');
    expect(field(/Address line 1/).value).toBe('Hauptstraße 1');
    expect(field(/ZIP or postal code/).value).toBe('10115');
    expect(field(/^City/).value).toBe('Berlin');
    expect(country().value).toBe('Germany');
    expect(field(/VAT number/).value).toBe('DE123456789');
    expect(field(/Contact e-mail/).value).toBe('rechnung@kulturhaus.test');
    expect(field(/Prefix/).value).toBe('INV-');
    expect(screen.getByRole('switch', { name: /Start again at 1 each year/ })).toHaveProperty('checked', true);
    expect(field(/Payment terms \(days\)/).value).toBe('14');
    expect(field(/Footer/).value).toBe('IBAN DE00 1234');
    expect(screen.getByTestId('invoice-next-number').textContent).toBe('Next invoice number: INV-2027-00042');
    expect(screen.queryByTestId('invoice-settings-empty')).toBeNull();

    // A change to the numbering is not previewed before it is saved.
    fireEvent.change(field(/Prefix/), { target: { value: 'RE-' } });
    expect(screen.getByTestId('invoice-next-number').textContent).toBe(
      'The next invoice number shows here once you save.',
    );
  });

  it('says what it is for while nothing is set up, and asks for the address before sending', async () => {
    const { sent } = setup(null);
    expect((await screen.findByTestId('invoice-settings-empty')).textContent).toMatch(
      /the events of this organizer can issue invoices/,
    );
    expect(screen.queryByTestId('invoice-next-number')).toBeNull();
    expect(field(/Prefix/).value).toBe('INV-');
    fireEvent.change(field(/Legal name/), { target: { value: 'Kulturhaus GmbH' } });
    save();
    await waitFor(() => expect(field(/Address line 1/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(NEEDED)).toHaveLength(4);
    expect(sent()).toEqual([]);
  });

  it('puts the refusal of a 422 on its fields', async () => {
    const refused = json(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        field_errors: { vat_number: [BAD_VAT], 'address.city': [NEEDED] },
      },
    });
    const { sent } = setup(saved, [refused]);
    const vat = await screen.findByRole('textbox', { name: /VAT number/ });
    fireEvent.change(vat, { target: { value: 'DE12' } });
    save();
    expect(await screen.findByText(BAD_VAT)).toBeTruthy();
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(field(/^City/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NEEDED)).toBeTruthy();
    // Field errors only: no alert above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent()).toHaveLength(1);
  });

  it('sets them up and shows the next number from the answer', async () => {
    const { sent } = setup(null);
    await screen.findByTestId('invoice-settings-empty');
    fireEvent.change(field(/Legal name/), { target: { value: 'Musikverein e.V.' } });
    fireEvent.change(field(/Address line 1/), { target: { value: 'Ringstraße 5' } });
    fireEvent.change(field(/ZIP or postal code/), { target: { value: '1010' } });
    fireEvent.change(field(/^City/), { target: { value: 'Wien' } });
    // As the browser's autofill picks it (an exact name: Mantine takes it as the choice).
    fireEvent.change(country(), { target: { value: 'Austria' } });
    fireEvent.change(field(/VAT number/), { target: { value: 'ATU 12345678' } });
    fireEvent.change(field(/Contact e-mail/), { target: { value: 'kassa@musikverein.test' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Contact phone/ }), { target: { value: '+43 1 505 81 90' } });
    fireEvent.change(field(/Prefix/), { target: { value: 'MUS/' } });
    fireEvent.click(screen.getByRole('switch', { name: /Start again at 1 each year/ }));
    fireEvent.change(field(/Payment terms \(days\)/), { target: { value: '30' } });
    save();

    await waitFor(() => expect(screen.getByTestId('invoice-next-number').textContent).toMatch(/MUS\/000001/));
    expect(sent()).toEqual([
      {
        legal_name: 'Musikverein e.V.',
        address: {
          address_line_1: 'Ringstraße 5',
          address_line_2: null,
          zip_or_postal_code: '1010',
          city: 'Wien',
          state_or_region: null,
          country: 'AT',
        },
        vat_number: 'ATU 12345678',
        tax_number: null,
        contact_email: 'kassa@musikverein.test',
        contact_phone: '+43 1 505 81 90',
        prefix: 'MUS/',
        yearly_reset: false,
        payment_terms_days: 30,
        footer: null,
      },
    ]);
    // Set up now: the note goes, the values stay as the server keeps them.
    expect(screen.queryByTestId('invoice-settings-empty')).toBeNull();
    expect(field(/VAT number/).value).toBe('ATU12345678');
    expect(within(screen.getByRole('status')).queryByText('Unsaved changes')).toBeNull();
  });

  it('exports the invoices of a chosen period for accounting once set up, and not before', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:invoices', revokeObjectURL: () => undefined }),
    );
    const { exports } = setup(saved);
    const area = await screen.findByTestId('invoice-export');
    fireEvent.change(within(area).getByLabelText('First day'), { target: { value: '2027-01-01' } });
    fireEvent.change(within(area).getByLabelText('Last day'), { target: { value: '2027-03-31' } });
    fireEvent.click(within(area).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(exports()).toEqual([`${EXPORT_PATH}?from=2027-01-01&to=2027-03-31&format=csv`]));
    // A period that ends before it starts is not asked for.
    fireEvent.change(within(area).getByLabelText('Last day'), { target: { value: '2026-12-31' } });
    expect(within(area).getByText('The last day must not be before the first.')).toBeTruthy();
    expect(within(area).getByRole('button', { name: 'Download Excel' })).toHaveProperty('disabled', true);
  });

  it('offers no export while the organizer has no invoice settings', async () => {
    setup(null);
    await screen.findByTestId('invoice-settings-empty');
    expect(screen.queryByTestId('invoice-export')).toBeNull();
  });
});
