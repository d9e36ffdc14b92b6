import type { EventDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { waitlistSettingsBody, WaitlistSettingsForm } from './WaitlistSettingsForm';

const event = {
  id: 7,
  title: 'Summer concert',
  timezone: 'UTC',
  settings: { waitlist_offer_mode: 'MANUAL', waitlist_offer_hours: 24 },
} as unknown as EventDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    json(200, { data: { ...event, settings: { ...event.settings, ...JSON.parse(String(init?.body)) } } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<WaitlistSettingsForm event={event} />, { query: true });
  return { fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('waitlistSettingsBody', () => {
  it('sends the mode and the hours; an emptied hours field as null, so it reads "required"', () => {
    expect(waitlistSettingsBody({ waitlist_offer_mode: 'AUTOMATIC', waitlist_offer_hours: 12 })).toEqual({
      waitlist_offer_mode: 'AUTOMATIC',
      waitlist_offer_hours: 12,
    });
    expect(waitlistSettingsBody({ waitlist_offer_mode: 'MANUAL', waitlist_offer_hours: '' })).toEqual({
      waitlist_offer_mode: 'MANUAL',
      waitlist_offer_hours: null,
    });
  });
});

describe('WaitlistSettingsForm', () => {
  it('starts from the saved settings and saves the changed ones', async () => {
    const { fetchMock } = setup();
    expect(screen.getByRole('radio', { name: /^Manual/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: /Offers are held for \(hours\)/ })).toHaveProperty('value', '24');
    fireEvent.click(screen.getByRole('radio', { name: /^Automatic/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Offers are held for \(hours\)/ }), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save waitlist settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events/7/settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ waitlist_offer_mode: 'AUTOMATIC', waitlist_offer_hours: 12 });
  });

  it('refuses hours outside 1 to 336 before sending anything', async () => {
    const { fetchMock } = setup();
    const hours = screen.getByRole('textbox', { name: /Offers are held for \(hours\)/ });
    fireEvent.change(hours, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save waitlist settings' }));
    await waitFor(() => expect(hours.getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
