import type { PublicTicketDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import type { WaitlistDate } from './join-form';
import JoinWaitlistDialog from './JoinWaitlistDialog';

const ticket = (t: Partial<PublicTicketDto> = {}): PublicTicketDto =>
  ({
    id: 4,
    name: 'Standing',
    description: null,
    type: 'PAID',
    sale_state: 'SOLD_OUT',
    sale_start: null,
    sale_end: null,
    min_per_order: 1,
    max_per_order: 4,
    max_selectable: 0,
    remaining: null,
    unit: null,
    min_price: null,
    tiers: [],
    charges: [],
    is_discounted: false,
    unlocked_by_promo: false,
    category_id: 1,
    product_type: 'TICKET',
    addon_max_per_ticket: null,
    waitlist: true,
    ...t,
  }) as PublicTicketDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: () => Response, t: PublicTicketDto = ticket(), date: WaitlistDate | null = null) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const onReload = vi.fn();
  renderWithProviders(<JoinWaitlistDialog eventId={9} ticket={t} date={date} onClose={onClose} onReload={onReload} />);
  return { fetchMock, onClose, onReload };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const fillPerson = () => {
  fill('First name', 'Ada');
  fill('Last name', 'Lovelace');
  fill('E-mail', 'ada@example.com');
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(
    input
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!,
  )?.textContent;
};

afterEach(() => vi.unstubAllGlobals());

describe('JoinWaitlistDialog', () => {
  it('checks the fields before sending', async () => {
    const { fetchMock } = setup(() => json(201, { data: { joined: true } }));
    expect(screen.getByRole('dialog', { name: 'Join the waitlist for Standing' })).toBeTruthy();
    expect(
      screen.getByText('When tickets become available, we will e-mail you and hold them for you for a limited time.'),
    ).toBeTruthy();
    fill('E-mail', 'not-an-address');
    submit();
    await waitFor(() => expect(errorOf('First name')).toBe('This field is required.'));
    expect(errorOf('E-mail')).toBe('Enter a valid e-mail address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers 1 up to the max per order, and joins with the chosen quantity', async () => {
    const { fetchMock } = setup(() => json(201, { data: { joined: true } }));
    const quantity = screen.getByLabelText('How many tickets?', { exact: false }) as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    fillPerson();
    fireEvent.change(quantity, { target: { value: '3' } });
    submit();
    const status = await screen.findByText(/We've sent a confirmation to ada@example.com/);
    expect(status.closest('[aria-live="polite"]')).toBeTruthy();
    expect(screen.getByText("You're on the waitlist")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/events/9/waitlist');
    expect(JSON.parse(init.body as string)).toEqual({
      ticket_id: 4,
      event_date_id: null,
      tier_id: null,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      quantity: 3,
      locale: 'en',
    });
    // The form is gone: Close has the focus.
    const close = screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!;
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('names the date waited for when the event has several, and sends it', async () => {
    const matinee = {
      id: 40,
      start_date: '2027-01-10T13:00:00.000Z',
      end_date: null,
      label: 'Matinee',
      timezone: 'Europe/Berlin',
      named: true,
    };
    const { fetchMock } = setup(() => json(201, { data: { joined: true } }), ticket(), matinee);
    expect(screen.getByTestId('waitlist-date').textContent).toMatch(/January 10, 2027.*2:00.*Matinee/);
    fillPerson();
    submit();
    await screen.findByText(/We've sent a confirmation/);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toMatchObject({
      event_date_id: 40,
    });
  });

  it('offers no more than the ticket could ever sell', () => {
    setup(() => json(201, { data: { joined: true } }), ticket({ max_per_order: 4, waitlist_max: 2 }));
    const quantity = screen.getByLabelText('How many tickets?', { exact: false }) as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.value)).toEqual(['1', '2']);
  });

  it('asks a tiered ticket for its tier', async () => {
    const tiers = [
      { id: 11, label: 'Early bird' },
      { id: 12, label: 'Regular' },
    ] as PublicTicketDto['tiers'];
    const { fetchMock } = setup(
      () => json(201, { data: { joined: true } }),
      ticket({ type: 'TIERED', tiers, min_per_order: 2, max_per_order: null }),
    );
    const quantity = screen.getByLabelText('How many tickets?', { exact: false }) as HTMLSelectElement;
    expect(quantity.options[0]!.value).toBe('2');
    expect(quantity.options.length).toBe(99);
    fillPerson();
    submit();
    await waitFor(() => expect(errorOf('Price tier')).toBe('Choose a price tier.'));
    fireEvent.change(screen.getByLabelText('Price tier', { exact: false }), { target: { value: '12' } });
    submit();
    await screen.findByText(/We've sent a confirmation/);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toMatchObject({
      tier_id: 12,
      quantity: 2,
    });
  });

  it("puts the server's field errors on their fields, others in the alert", async () => {
    setup(() =>
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the form.',
          field_errors: { quantity: ['At most 2.'], email: ['This address cannot receive mail.'] },
        },
      }),
    );
    fillPerson();
    submit();
    await waitFor(() => expect(errorOf('How many tickets?')).toBe('At most 2.'));
    expect(errorOf('E-mail')).toBe('This address cannot receive mail.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the waitlist closed and offers to show the tickets again', async () => {
    const { onReload, onClose } = setup(() =>
      json(409, {
        error: {
          code: 'WAITLIST_CLOSED',
          message: 'This ticket has no waitlist open right now: it may be available to buy.',
        },
      }),
    );
    fillPerson();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('it may be available to buy');
    fireEvent.click(screen.getByRole('button', { name: 'Show the tickets again' }));
    expect(onReload).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a rate limit in the alert', async () => {
    setup(() => json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment.' } }));
    fillPerson();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
  });
});
