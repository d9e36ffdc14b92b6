import type { EventLocation, OrderDateDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { EventHeading } from './EventHeading';

const hall: EventLocation = {
  venue_name: 'Riverside Hall',
  address_line_1: '1 Quay',
  address_line_2: null,
  city: 'Lisbon',
  state_or_region: null,
  zip_or_postal_code: null,
  country: 'PT',
  latitude: null,
  longitude: null,
};
/** A run of shows: the event spans its first to its last date. */
const event = {
  title: 'Hamlet',
  start_date: '2027-06-01T18:00:00.000Z',
  end_date: '2027-06-30T21:00:00.000Z',
  timezone: 'Europe/Lisbon',
  is_online: false,
  location: hall,
};
const matinee: OrderDateDto = {
  id: 2,
  start_date: '2027-06-09T13:00:00.000Z',
  end_date: '2027-06-09T15:30:00.000Z',
  label: 'Matinee',
  location: null,
};

describe('EventHeading', () => {
  it("shows the event's own times without a date (one-date events, pages before dates)", () => {
    renderWithProviders(<EventHeading event={event} />);
    expect(screen.getByText(/Jun 1, 2027, 7:00 PM/)).toBeTruthy();
    expect(screen.getByText('Riverside Hall, 1 Quay, Lisbon, PT')).toBeTruthy();
  });

  it("shows the order's date instead of the event's span: its times, in the event's zone, and its label", () => {
    renderWithProviders(<EventHeading event={event} date={matinee} />);
    expect(screen.getByText(/Jun 9, 2027, 2:00\s*–\s*4:30 PM/)).toBeTruthy();
    expect(screen.queryByText(/Jun 1, 2027/)).toBeNull();
    expect(screen.getByText('Matinee')).toBeTruthy();
    // No venue of its own: the event's.
    expect(screen.getByText('Riverside Hall, 1 Quay, Lisbon, PT')).toBeTruthy();
  });

  it("shows the date's own venue where it replaces the event's", () => {
    const elsewhere = { ...hall, venue_name: 'Open-air stage', address_line_1: null, city: 'Porto' };
    renderWithProviders(<EventHeading event={event} date={{ ...matinee, label: null, location: elsewhere }} />);
    expect(screen.getByText('Open-air stage, Porto, PT')).toBeTruthy();
    expect(screen.queryByText(/Riverside Hall/)).toBeNull();
  });
});
