import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { SaleStateBadge } from './TicketBadges';

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
