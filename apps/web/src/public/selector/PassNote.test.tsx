import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { PassNote } from './PassNote';

describe('PassNote', () => {
  it('says how many dates a pass admits on, from when to when in the event’s zone, and whether it is prorated', () => {
    renderWithProviders(
      <PassNote
        pass={{
          date_count: 3,
          first_start: '2027-06-04T17:00:00.000Z',
          last_start: '2027-06-06T21:30:00.000Z',
          prorated: true,
        }}
        timeZone="Europe/Berlin"
      />,
    );
    expect(screen.getByTestId('pass-note').textContent).toBe(
      'Pass: admits once on each of 3 dates, Friday, June 4, 2027 to Sunday, June 6, 2027 Priced for the dates still ahead.',
    );
  });

  it('names the one date of a pass that has one left', () => {
    renderWithProviders(
      <PassNote
        pass={{
          date_count: 1,
          first_start: '2027-06-06T22:30:00.000Z',
          last_start: '2027-06-06T22:30:00.000Z',
          prorated: false,
        }}
        timeZone="Europe/Berlin"
      />,
    );
    // Past midnight in Berlin.
    expect(screen.getByTestId('pass-note').textContent).toBe('Pass for one date: Monday, June 7, 2027');
  });

  it('says how many dates the holder of a pass for any N picks, of how many', () => {
    renderWithProviders(
      <PassNote
        pass={{
          date_count: 12,
          first_start: '2027-06-04T17:00:00.000Z',
          last_start: '2027-08-20T17:00:00.000Z',
          prorated: false,
          picks: 5,
        }}
        timeZone="Europe/Berlin"
      />,
    );
    expect(screen.getByTestId('pass-note').textContent).toBe(
      'Pass for any 5 of 12 dates (Friday, June 4, 2027 to Friday, August 20, 2027), picked after buying',
    );
  });
});
