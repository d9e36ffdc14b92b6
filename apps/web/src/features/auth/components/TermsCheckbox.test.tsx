import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TermsCheckbox } from './TermsCheckbox';

afterEach(() => vi.unstubAllGlobals());

function renderWith(legal: { terms_url: string | null; privacy_url: string | null }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: legal }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  renderWithProviders(<TermsCheckbox />, { query: true });
}

describe('the terms checkbox at sign-up (#38)', () => {
  it("links to the operator's terms and privacy policy in a new tab", async () => {
    renderWith({ terms_url: 'https://example.com/terms', privacy_url: 'https://example.com/privacy' });
    const terms = await screen.findByRole('link', { name: 'terms and conditions' });
    expect(terms.getAttribute('href')).toBe('https://example.com/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions and the privacy policy' }),
    ).toBeTruthy();
  });

  it('is plain text where the operator set none', async () => {
    renderWith({ terms_url: null, privacy_url: null });
    expect(await screen.findByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
