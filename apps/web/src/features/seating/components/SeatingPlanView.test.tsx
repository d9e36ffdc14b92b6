import type { SeatingLayout } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { theatre } from '../seating-fixtures';
import { SeatingPlanView } from './SeatingPlanView';

describe('SeatingPlanView', () => {
  it('draws one circle per seat in its category colour, positions added up, and names each category in the legend', () => {
    renderWithProviders(<SeatingPlanView layout={theatre} />);
    const svg = screen.getByRole('img', {
      name: 'Seating plan with 8 seats and 40 standing places in 2 categories',
    });
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
    const seats = svg.querySelectorAll('circle[data-seat]');
    expect(seats).toHaveLength(8);
    expect([...seats].filter((c) => c.getAttribute('fill') === '#7048e8')).toHaveLength(6);
    expect([...seats].filter((c) => c.getAttribute('fill') === '#f59f00')).toHaveLength(2);
    // Zone (100, 400) + row (0, 0) + seat (50, 0) with its own radius; the others 10.
    expect(seats[7]!.getAttribute('cx')).toBe('50');
    expect(seats[7]!.getAttribute('r')).toBe('8');
    expect(seats[0]!.getAttribute('r')).toBe('10');
    expect(seats[7]!.closest('g[transform="translate(100 400)"]')).toBeTruthy();
    // The stage (turned about its position) with its text, the standing area with its name.
    expect(svg.querySelector('g[transform="translate(0 -150) rotate(5)"] rect')?.getAttribute('width')).toBe('300');
    expect(within(svg as unknown as HTMLElement).getByText('Stage')).toBeTruthy();
    expect(svg.querySelector('ellipse')?.getAttribute('rx')).toBe('80');
    expect(within(svg as unknown as HTMLElement).getByText('Pit')).toBeTruthy();
    // Row numbers at both ends of the ground floor's rows.
    expect(within(svg as unknown as HTMLElement).getAllByText('A')).toHaveLength(2);

    const legend = screen.getByRole('list', { name: 'Legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Stalls6 seats', 'Balcony2 seats, 40 standing places']);
  });

  it('fills seats of a category without a colour (or an unknown one) with the theme purple, and says so', () => {
    const layout: SeatingLayout = {
      name: '',
      size: { width: 200, height: 100 },
      categories: [{ name: 'Any' }],
      zones: [
        {
          name: '',
          position: { x: 0, y: 0 },
          rows: [
            {
              row_number: '1',
              seats: [
                { seat_guid: 'a', seat_number: '1', position: { x: 20, y: 20 }, category: 'Any' },
                { seat_guid: 'b', seat_number: '2', position: { x: 45, y: 20 }, category: 'Lost' },
              ],
            },
          ],
        },
      ],
    };
    renderWithProviders(<SeatingPlanView layout={layout} />);
    const svg = screen.getByRole('img', { name: 'Seating plan with 2 seats in 2 categories' });
    const fills = [...svg.querySelectorAll('circle[data-seat]')].map((c) => c.getAttribute('fill'));
    expect(new Set(fills).size).toBe(1);
    expect(fills[0]).toMatch(/^#/);
    const items = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Any1 seat', 'Lost1 seat (not a category of the plan)']);
  });

  it('draws 2,000 seats as 2,000 circles', () => {
    const rows = Array.from({ length: 40 }, (_, r) => ({
      row_number: String(r + 1),
      position: { x: 0, y: r * 22 },
      seats: Array.from({ length: 50 }, (_, s) => ({
        seat_guid: `${r}-${s}`,
        seat_number: String(s + 1),
        position: { x: s * 22, y: 0 },
        category: r < 10 ? 'Front' : 'Back',
      })),
    }));
    const layout: SeatingLayout = {
      name: 'Arena',
      size: { width: 1200, height: 1000 },
      categories: [
        { name: 'Front', color: '#e64980' },
        { name: 'Back', color: '#228be6' },
      ],
      zones: [{ name: 'Hall', position: { x: 20, y: 20 }, rows }],
    };
    renderWithProviders(<SeatingPlanView layout={layout} />);
    const svg = screen.getByRole('img', { name: 'Seating plan with 2,000 seats in 2 categories' });
    expect(svg.querySelectorAll('circle[data-seat]')).toHaveLength(2000);
    const items = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Front500 seats', 'Back1,500 seats']);
  });
});
