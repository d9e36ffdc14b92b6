import type { EventDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../../test-utils/render';
import { ShareEventModal, shareLinks } from './ShareEventModal';

const event = { id: 7, slug: 'jazz-night', title: 'Jazz Night & Friends' } as EventDto;
const url = 'https://tickets.example.com/event/7/jazz-night';

describe('sharing the event (#38)', () => {
  it("shows the page's QR code and shares its link by mail and on the social networks", async () => {
    renderWithProviders(<ShareEventModal event={event} url={url} opened onClose={() => undefined} />);
    const qr = await screen.findByRole('img', { name: 'QR code of the event page' });
    expect(qr.getAttribute('data-value')).toBe(url);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Download QR code (PNG)' })).toBeTruthy();
    const hrefs = Object.fromEntries(
      ['E-mail', 'WhatsApp', 'X', 'Facebook', 'LinkedIn'].map((n) => [
        n,
        screen.getByRole('link', { name: n }).getAttribute('href'),
      ]),
    );
    expect(hrefs['E-mail']).toBe(shareLinks(url, event.title)[0]!.href);
    expect(hrefs['E-mail']).toContain('subject=Jazz%20Night%20%26%20Friends');
    expect(hrefs.Facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(hrefs.X).toContain(`url=${encodeURIComponent(url)}`);
    expect(screen.getByRole('link', { name: 'LinkedIn' }).getAttribute('target')).toBe('_blank');
  });
});
