import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test-utils/render';
import { FullPageLoader, SectionLoader } from './FullPageLoader';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const wrap = (ui: React.ReactNode) => renderWithProviders(ui);

/**
 * A spinner is a named progress bar inside a polite status region. A plain span with a label is an ARIA
 * error (axe: aria-prohibited-attr, serious), caught when a flow's check ran while the organizer app loaded.
 */
describe('loaders', () => {
  it('name the spinner as a progress bar in a status region', () => {
    for (const Loader of [FullPageLoader, SectionLoader]) {
      const { unmount } = wrap(<Loader />);
      const bar = screen.getByRole('progressbar', { name: 'Loading…' });
      expect(bar.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
      unmount();
    }
  });
});
