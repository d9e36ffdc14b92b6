import type { PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { recoveredBuyers } from '../lib/recovered-buyer';
import { DetailsForm } from './DetailsForm';

const order = (over: Partial<PublicOrderDto> = {}) =>
  ({
    short_id: 'o1',
    status: 'RESERVED',
    event: { id: 9 },
    buyer: null,
    attendees: [],
    questions: [],
    answers: [],
    totals: { total: 1000 },
    ...over,
  }) as unknown as PublicOrderDto;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(o: PublicOrderDto) {
  const fetchMock = vi.fn(async () => json({ data: { short_id: 'o1', status: 'RESERVED' } }));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<DetailsForm order={o} onState={vi.fn()} onStale={vi.fn()} />);
  const sentBody = () => {
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return JSON.parse(init.body as string) as Record<string, unknown>;
  };
  return { fetchMock, sentBody };
}

const consent = () => screen.queryByRole('checkbox', { name: /Send me one reminder/ });

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('DetailsForm: the reminder for a checkout left unfinished', () => {
  it('asks, unticked, where the event sends it, and sends what the buyer chose', async () => {
    recoveredBuyers.set(9, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' });
    const { fetchMock, sentBody } = setup(order({ checkout_recovery: true, recovery_consent: false }));
    // The buyer a recovery link brought back is filled in.
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ada@example.test');
    const box = consent() as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('Only once, only for this event. Nothing is held for you meanwhile.')).toBeTruthy();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({ first_name: 'Ada', email: 'ada@example.test', recovery_consent: true });
    // Saved: forgotten.
    await waitFor(() => expect(recoveredBuyers.get(9)).toBeNull());
  });

  it('starts ticked when the buyer agreed before', () => {
    setup(order({ checkout_recovery: true, recovery_consent: true }));
    expect((consent() as HTMLInputElement).checked).toBe(true);
  });

  it('does not ask where the event sends no such mail, and sends no consent', async () => {
    const { fetchMock, sentBody } = setup(
      order({ buyer: { first_name: 'Bo', last_name: 'B', email: 'bo@example.test' } as PublicOrderDto['buyer'] }),
    );
    expect(consent()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({ email: 'bo@example.test', recovery_consent: false });
  });
});
