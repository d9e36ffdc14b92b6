import type { EventStatsDto } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../../test-utils/render';
import { mockViewportWidth } from '../../../../test-utils/viewport';
import { SalesByChannel } from './SalesByChannel';

afterEach(() => vi.restoreAllMocks());

/** 2 tickets sold online (€40), 3 paid at the box office (€80, a programme among them), 3 given free there. */
const split = {
  online_tickets: 2,
  online_gross: 4000,
  box_office_tickets: 3,
  box_office_gross: 8000,
  complimentary_tickets: 3,
};
const stats = (by_channel: EventStatsDto['by_channel']) => ({ currency: 'EUR', by_channel }) as EventStatsDto;
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('SalesByChannel', () => {
  it('shows tickets, their share and the gross per channel, complimentary tickets apart with no money, and the total', () => {
    renderWithProviders(<SalesByChannel stats={stats(split)} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Sales by channel' })).toBeTruthy();
    const table = screen.getByRole('table', { name: /^Tickets sold and gross sales by where they were sold/ });
    expect(within(table).getAllByRole('row').map(cells)).toEqual([
      ['Channel', 'Tickets', 'Share of tickets', 'Gross sales'],
      ['Online', '2', '25%', '€40.00'],
      ['Box office', '3', '37.5%', '€80.00'],
      ['Complimentary', '3', '37.5%', '€0.00'],
      ['Total', '8', '', '€120.00'],
    ]);
    // The bar draws the same shares; the table is what is read out.
    const bar = screen.getByTestId('sales-by-channel-bar');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect([...bar.children].map((s) => (s as HTMLElement).style.getPropertyValue('--progress-section-size'))).toEqual([
      '25%',
      '37.5%',
      '37.5%',
    ]);
  });

  it('on a phone keeps the figures without the share column', () => {
    mockViewportWidth(390);
    renderWithProviders(<SalesByChannel stats={stats(split)} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').map(cells);
    expect(rows[0]).toEqual(['Channel', 'Tickets', 'Gross sales']);
    expect(rows[3]).toEqual(['Complimentary', '3', '€0.00']);
  });

  it('is not shown while everything was sold online', () => {
    renderWithProviders(
      <SalesByChannel
        stats={stats({ ...split, box_office_tickets: 0, box_office_gross: 0, complimentary_tickets: 0 })}
      />,
    );
    expect(screen.queryByTestId('sales-by-channel')).toBeNull();
  });

  it('shows box-office sales of products alone (no tickets) without a bar', () => {
    renderWithProviders(
      <SalesByChannel
        stats={stats({
          online_tickets: 0,
          online_gross: 0,
          box_office_tickets: 0,
          box_office_gross: 500,
          complimentary_tickets: 0,
        })}
      />,
    );
    expect(screen.getByTestId('channel-box-office').textContent).toContain('€5.00');
    expect(screen.queryByTestId('sales-by-channel-bar')).toBeNull();
  });
});
