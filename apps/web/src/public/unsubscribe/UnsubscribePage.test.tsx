import type { UnsubscribeDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import UnsubscribePage from './UnsubscribePage';

const info = (over: Partial<UnsubscribeDto> = {}): UnsubscribeDto => ({
  organizer_name: 'Riverside Jazz',
  email: 'ada@example.com',
  unsubscribed: false,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(...answers: Response[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift() ?? json(500, {}));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<UnsubscribePage token="tok_1234567890abcdef" />);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('asks whether to stop those mails, then unsubscribes and says what still arrives', async () => {
    const fetchMock = setup(json(200, { data: info() }), json(200, { data: info({ unsubscribed: true }) }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeTruthy();
    expect(
      screen.getByText(
        'Stop mails like reminders of abandoned orders and follow-ups from Riverside Jazz to ada@example.com?',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/unsubscribe/tok_1234567890abcdef');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' });
    expect(
      screen.getByText(
        "You won't receive such mails from Riverside Jazz any more. Order and ticket mails still reach you.",
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/public/unsubscribe/tok_1234567890abcdef');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it('says so when the address is already off the list', async () => {
    const fetchMock = setup(json(200, { data: info({ unsubscribed: true }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are already unsubscribed' })).toBeTruthy();
    expect(screen.getByText(/You won't receive such mails from Riverside Jazz any more\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the question and shows why when unsubscribing fails', async () => {
    setup(
      json(200, { data: info() }),
      json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Please try again in a moment.' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Please try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it('says an unknown link is not valid', async () => {
    setup(json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByText(/Please use the link from your latest e-mail\./)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers another try when the link could not be looked up', async () => {
    const fetchMock = setup(
      json(500, { error: { code: 'INTERNAL', message: 'The server had a problem.' } }),
      json(200, { data: info() }),
    );
    expect(await screen.findByText('The server had a problem.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
