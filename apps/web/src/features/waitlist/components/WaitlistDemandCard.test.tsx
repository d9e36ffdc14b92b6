import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { WaitlistDemandCard } from './WaitlistDemandCard';

const demand = [
  { ticket_id: 11, ticket_name: 'Standard', waiting_people: 3, waiting_units: 5, offered_units: 2 },
  { ticket_id: 12, ticket_name: 'VIP', waiting_people: 1, waiting_units: 1, offered_units: 0 },
];

const show = (items: typeof demand) =>
  renderWithProviders(<WaitlistDemandCard eventId={7} demand={items} />, { router: true });

describe('WaitlistDemandCard', () => {
  it('shows nothing while no one waits', () => {
    show([]);
    expect(screen.queryByTestId('waitlist-demand-card')).toBeNull();
  });

  it('lists people waiting, tickets wanted and on offer per ticket, with links to the waitlist', () => {
    show(demand);
    const card = screen.getByTestId('waitlist-demand-card');
    expect(within(card).getByRole('heading', { level: 3, name: 'Waitlist demand' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the waitlist' }).getAttribute('href')).toBe(
      '/manage/event/7/waitlist',
    );
    const standard = within(card).getByRole('link', { name: 'Standard' });
    expect(standard.getAttribute('href')).toBe('/manage/event/7/waitlist?ticket=11');
    const row = standard.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '3', '5', '2']);
    expect(within(card).getAllByRole('row')).toHaveLength(3);
  });
});
