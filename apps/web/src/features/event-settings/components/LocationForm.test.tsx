import type { EventDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { LocationForm } from './LocationForm';

const event = {
  id: 7,
  title: 'Summer concert',
  timezone: 'UTC',
  is_online: false,
  online_details: null,
  location: {
    venue_name: 'Tempodrom',
    address_line_1: null,
    address_line_2: null,
    city: 'Berlin',
    state_or_region: null,
    zip_or_postal_code: null,
    country: 'DE',
    latitude: null,
    longitude: null,
  },
} as unknown as EventDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('LocationForm', () => {
  it('takes the venue’s position as a pair: one alone is marked before anything is sent, both are saved as numbers', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      json(200, { data: { ...event, ...JSON.parse(String(init?.body)) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LocationForm event={event} />, { query: true });
    const latitude = screen.getByRole('textbox', { name: /^Latitude/ });
    fireEvent.change(latitude, { target: { value: '52.501389' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('Give both latitude and longitude, or neither.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Longitude/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /^Longitude/ }), { target: { value: '13.381111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events/7');
    expect(JSON.parse(String(init?.body)).location).toEqual({
      ...event.location,
      latitude: 52.501389,
      longitude: 13.381111,
    });
  });
});
