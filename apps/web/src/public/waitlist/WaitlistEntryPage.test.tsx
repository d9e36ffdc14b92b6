import type { PublicWaitlistEntryDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import WaitlistEntryPage from './WaitlistEntryPage';

const entry = (e: Partial<PublicWaitlistEntryDto> = {}): PublicWaitlistEntryDto => ({
  event_id: 9,
  event_title: 'Gala night',
  event_start_date: '2026-03-12T18:30:00.000Z',
  event_timezone: 'Europe/Berlin',
  date_label: null,
  ticket_name: 'Standing',
  tier_label: null,
  quantity: 2,
  state: 'WAITING',
  position: 3,
  offer_expires_at: null,
  checkout_path: null,
  ...e,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(...answers: Response[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift() ?? json(500, {}));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<WaitlistEntryPage eventId={9} token="tok_1" />);
  return fetchMock;
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { name });

afterEach(() => vi.unstubAllGlobals());

describe('WaitlistEntryPage', () => {
  it('shows a skeleton, then the event, the tickets and the place in line', async () => {
    const fetchMock = setup(json(200, { data: entry({ tier_label: 'Early bird' }) }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await heading('You are number 3 in line')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Gala night' })).toBeTruthy();
    // The event's time zone: 18:30 UTC is 19:30 in Berlin.
    expect(screen.getByText(/7:30\sPM/)).toBeTruthy();
    expect(screen.getByText('2 tickets: Standing (Early bird)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/events/9/waitlist/tok_1');
  });

  it('offers the checkout of held tickets, until when they are held', async () => {
    const path = '/checkout/9/o1/details#token=tok_1&secret=s1';
    setup(
      json(200, {
        data: entry({
          state: 'OFFERED',
          position: null,
          offer_expires_at: '2026-03-01T17:00:00.000Z',
          checkout_path: path,
        }),
      }),
    );
    expect(await heading(/^Tickets are held for you until .*6:00\sPM/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy my tickets' }).getAttribute('href')).toBe(path);
  });

  it('sends an offer opened without its own link to the offer e-mail', async () => {
    setup(
      json(200, { data: entry({ state: 'OFFERED', position: null, offer_expires_at: '2026-03-01T17:00:00.000Z' }) }),
    );
    expect(await screen.findByText(/use the button in the e-mail with your offer/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy my tickets' })).toBeNull();
  });

  it.each([
    ['PURCHASED', 'You bought these tickets with your offer'],
    ['EXPIRED', 'This offer has run out'],
    ['LEFT', 'You are no longer on this waitlist'],
    ['REMOVED', 'You are no longer on this waitlist'],
  ] as const)('says how a %s entry ended, without leaving', async (state, title) => {
    setup(json(200, { data: entry({ state, position: null }) }));
    expect(await heading(title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
    if (state === 'EXPIRED')
      expect(screen.getByRole('link', { name: 'Go to the event page' }).getAttribute('href')).toBe('/event/9');
  });

  it('leaves after asking, and shows the new state', async () => {
    const fetchMock = setup(
      json(200, { data: entry({ state: 'OFFERED', position: null, offer_expires_at: '2026-03-01T17:00:00.000Z' }) }),
      json(200, { data: entry({ state: 'LEFT', position: null }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    expect(within(dialog).getByText('The tickets held for you go to the next person in line.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave the waitlist' }));
    const done = await heading('You are no longer on this waitlist');
    expect(screen.getByText('You have left the waitlist.')).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/public/events/9/waitlist/tok_1/leave');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the entry when the buyer stays', async () => {
    const fetchMock = setup(json(200, { data: entry() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    expect(screen.getByText(/You give up your place in line/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on the waitlist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('loads the entry again when it changed meanwhile', async () => {
    const message = 'This waitlist entry has changed in the meantime. Reload the page to see where it stands.';
    setup(
      json(200, { data: entry() }),
      json(409, { error: { code: 'WAITLIST_ENTRY_CHANGED', message } }),
      json(200, { data: entry({ state: 'PURCHASED', position: null }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, leave the waitlist' }));
    expect(await heading('You bought these tickets with your offer')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(message);
  });

  it('says when the link is unknown', async () => {
    setup(json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    expect(await heading('This link is not valid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again after another failure', async () => {
    setup(json(500, { error: { code: 'INTERNAL', message: '' } }), json(200, { data: entry() }));
    expect(await heading('Something went wrong')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('You are number 3 in line')).toBeTruthy();
  });
});
