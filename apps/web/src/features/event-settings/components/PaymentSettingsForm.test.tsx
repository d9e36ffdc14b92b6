import type { EventDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { PaymentSettingsForm } from './PaymentSettingsForm';

afterEach(() => vi.unstubAllGlobals());

const MISSING = 'Fill in the organizer’s invoice settings (legal name and address) first.';

const event = {
  id: 7,
  title: 'Summer concert',
  timezone: 'Europe/Berlin',
  organizer: { id: 4, name: 'Kulturhaus' },
  settings: {
    offline_payments_enabled: false,
    offline_payment_instructions: null,
    offline_payment_days: null,
    offline_payment_deadline: null,
    payment_options: null,
    invoice_mode: 'NONE',
  },
} as unknown as EventDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: one payment option; the first save is refused (the organizer has no invoice settings), later ones pass. */
function setup() {
  let refused = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/events/7/payment-options') return json(200, { data: [] });
    if (url === '/api/events/7/settings' && init?.method === 'PUT') {
      if (!refused) {
        refused = true;
        return json(422, {
          error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { invoice_mode: [MISSING] } },
        });
      }
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return json(200, { data: { ...event, settings: { ...event.settings, ...body } } });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<PaymentSettingsForm event={event} />, { query: true, router: true });
  const sent = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === '/api/events/7/settings' && init?.method === 'PUT')
      .map(([, init]) => (JSON.parse(String(init!.body)) as { invoice_mode: string }).invoice_mode);
  return { sent };
}

describe('PaymentSettingsForm: invoices', () => {
  it('offers the three choices, with the way to the organizer’s invoice settings', () => {
    setup();
    const group = screen.getByRole('radiogroup', { name: 'Invoices' });
    expect(screen.getByRole('radio', { name: 'No invoices' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /When the buyer asks/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Always/ })).toBeTruthy();
    // The help text is the group's description.
    const help = screen.getByText(/Invoices are issued in the organizer's name/);
    expect(group.getAttribute('aria-describedby')).toContain(help.id);
    expect(screen.getByRole('link', { name: 'invoice settings' }).getAttribute('href')).toBe(
      '/manage/organizer/4#invoices',
    );
  });

  it('shows the refusal of an organizer without invoice settings on the choice, and saves once they exist', async () => {
    const { sent } = setup();
    fireEvent.click(screen.getByRole('radio', { name: /^Always/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    const message = await screen.findByText(MISSING);
    const group = screen.getByRole('radiogroup', { name: 'Invoices' });
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
    // Only the field says it: no alert above the section.
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() => expect(sent()).toEqual(['ALWAYS', 'ALWAYS']));
    await waitFor(() => expect(screen.queryByText(MISSING)).toBeNull());
  });
});
