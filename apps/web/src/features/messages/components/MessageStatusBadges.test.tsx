import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { MessageStatusBadges } from './MessageStatusBadges';

function renderBadges(paced: boolean) {
  renderWithProviders(<MessageStatusBadges counts={{ sent: 4, queued: 8, failed: 0 }} paced={paced} />);
}

describe('MessageStatusBadges', () => {
  it('says a message is sent gradually while some of it waits for the hourly mail limit', () => {
    renderBadges(true);
    expect(screen.getByText('4 sent')).toBeTruthy();
    expect(screen.getByText('8 queued')).toBeTruthy();
    expect(screen.getByText('Sending gradually')).toBeTruthy();
  });

  it('says nothing of it otherwise', () => {
    renderBadges(false);
    expect(screen.queryByText('Sending gradually')).toBeNull();
  });
});
