import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { WalletButtons } from './WalletButtons';

describe('the wallet buttons of a ticket', () => {
  it('links each wallet the installation offers to the ticket’s pass, and shows nothing without any', () => {
    const { unmount } = renderWithProviders(
      <WalletButtons wallet={{ apple: true, google: true }} eventId={7} shortId="A-B1" />,
    );
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe(
      '/api/public/events/7/attendees/A-B1/wallet.pkpass',
    );
    expect(screen.getByRole('link', { name: 'Save to Google Wallet' }).getAttribute('href')).toBe(
      '/api/public/events/7/attendees/A-B1/google-wallet',
    );
    unmount();
    renderWithProviders(<WalletButtons wallet={{ apple: false, google: true }} eventId={7} shortId="A" />);
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Save to Google Wallet' })).toBeTruthy();
  });

  it('shows nothing where no wallet is offered', () => {
    renderWithProviders(<WalletButtons wallet={undefined} eventId={7} shortId="A" />);
    expect(screen.queryByTestId('wallet-buttons')).toBeNull();
  });
});
