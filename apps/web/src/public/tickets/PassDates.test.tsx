import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { PassDates } from './PassDates';

const date = (id: number, start: string, label: string | null = null) => ({
  id,
  start_date: start,
  end_date: null,
  label,
  location: null,
});

describe('PassDates', () => {
  it('lists the dates a pass admits on, in the event’s zone, as a list named by its heading', () => {
    renderWithProviders(
      <PassDates
        dates={[date(1, '2027-06-04T17:00:00.000Z'), date(2, '2027-06-05T17:00:00.000Z', 'Closing night')]}
        timeZone="Europe/Berlin"
      />,
    );
    const list = screen.getByRole('list', { name: 'Pass: this code admits once on each of its 2 dates' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Jun 4, 2027, 7:00 PM',
      'Jun 5, 2027, 7:00 PM · Closing night',
    ]);
  });
});
