import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { SalesChannelBadge, SaleStateBadge } from './TicketBadges';

const badge = (props: Parameters<typeof SaleStateBadge>[0]) => renderWithProviders(<SaleStateBadge {...props} />);

describe('SaleStateBadge', () => {
  it("says a draft's ticket goes on sale once the event is live, not that it is on sale", () => {
    badge({ state: 'ON_SALE', saleStart: null, timeZone: 'Europe/Berlin', eventLive: false });
    expect(screen.getByText('On sale once the event is live')).toBeTruthy();
    expect(screen.queryByText('On sale')).toBeNull();
  });

  it('says on sale for a live event, and keeps the other states as they are in a draft', () => {
    badge({ state: 'ON_SALE', saleStart: null, timeZone: 'Europe/Berlin', eventLive: true });
    expect(screen.getByText('On sale')).toBeTruthy();
    badge({ state: 'SOLD_OUT', saleStart: null, timeZone: 'Europe/Berlin', eventLive: false });
    expect(screen.getByText('Sold out')).toBeTruthy();
  });
});

describe('SalesChannelBadge', () => {
  it('says when a ticket is sold on one channel only, and nothing when sold on both', () => {
    renderWithProviders(<SalesChannelBadge ticket={{ sold_online: true, sold_at_box_office: true }} />);
    expect(screen.queryByTestId('sales-channel')).toBeNull();
    renderWithProviders(<SalesChannelBadge ticket={{ sold_online: false, sold_at_box_office: true }} />);
    expect(screen.getByText('Box office only')).toBeTruthy();
    renderWithProviders(<SalesChannelBadge ticket={{ sold_online: true, sold_at_box_office: false }} />);
    expect(screen.getByText('Online only')).toBeTruthy();
  });
});
