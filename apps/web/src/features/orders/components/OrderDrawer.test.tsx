import type { AttendeeDto, EventDto, OrderDateDto, OrderDetailDto } from '@admitone/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { OrderDrawer } from './OrderDrawer';

afterEach(() => vi.unstubAllGlobals());

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' } as EventDto;
/** 8 June 2027, 19:00–22:00 in Berlin. */
const closing: OrderDateDto = {
  id: 12,
  start_date: '2027-06-08T17:00:00.000Z',
  end_date: '2027-06-08T20:00:00.000Z',
  label: 'Closing night',
  location: null,
};

const attendee = (id: number, first_name: string): AttendeeDto => ({
  id,
  short_id: `a${id}`,
  order_id: 5,
  order_number: 'O-7KQ2M9XD',
  order_status: 'COMPLETED',
  ticket_id: 3,
  tier_id: null,
  ticket_name: 'Seat',
  tier_label: null,
  first_name,
  last_name: 'Lima',
  email: null,
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2027-05-20T12:00:00.000Z',
  date: closing,
  seat: null,
});

const order: OrderDetailDto = {
  id: 5,
  short_id: 'o5',
  order_number: 'O-7KQ2M9XD',
  status: 'COMPLETED',
  payment_status: 'NO_PAYMENT_REQUIRED',
  payment_provider: null,
  payment_method: null,
  charged_back_total: 0,
  first_name: 'Ana',
  last_name: 'Lima',
  email: null,
  currency: 'EUR',
  total: 0,
  refunded_total: 0,
  ticket_count: 2,
  is_manually_created: false,
  affiliate: null,
  promo_code: null,
  created_at: '2027-05-20T12:00:00.000Z',
  completed_at: '2027-05-20T12:00:00.000Z',
  payment_due_at: null,
  date: closing,
  locale: 'en',
  totals: { subtotal: 0, discount: 0, fees: 0, taxes: 0, total: 0 },
  refundable: 0,
  refund_pending_amount: null,
  payment_intent_id: null,
  items: [
    {
      ticket_id: 3,
      tier_id: null,
      ticket_name: 'Seat',
      tier_label: null,
      quantity: 2,
      unit: { base: 0, discount: 0, price: 0, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 0 },
      total: 0,
    },
  ],
  attendees: [attendee(1, 'Ana'), attendee(2, 'Leo')],
  answers: [],
  history: [],
  actions: {
    cancel: false,
    mark_as_paid: false,
    refund: false,
    resend_confirmation: false,
    edit_buyer: false,
    message_buyer: false,
    send_link: false,
    change_date: false,
  },
  cancelled_at: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The drawer open on order 5; the order and its mails come from the stubbed API. */
async function open(showDates: boolean, shown: OrderDetailDto = order) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/events/7/orders/5') return json({ data: shown });
    if (url === '/api/events/7/orders/5/mails') return json({ data: [] });
    return new Response('{}', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const { queryClient } = renderWithProviders(
    <OrderDrawer event={event} orderId={5} onClose={() => undefined} showDates={showDates} />,
    { query: true, router: true },
  );
  const section = (await screen.findByRole('heading', { name: 'Tickets and totals' })).closest('section')!;
  // Every request the drawer made has been answered.
  await waitFor(() => expect(queryClient!.isFetching()).toBe(0));
  expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
    '/api/events/7/orders/5',
    '/api/events/7/orders/5/mails',
  ]);
  return section as HTMLElement;
}

describe('OrderDrawer: the date of the order', () => {
  it("names the date its tickets are for, in the event's time zone with its label, when the event has several", async () => {
    const section = await open(true);
    expect(within(section).getByText('Date')).toBeTruthy();
    expect(within(section).getByText('Jun 8, 2027, 7:00 – 10:00 PM · Closing night')).toBeTruthy();
  });

  it('names no date for an event with one', async () => {
    const section = await open(false);
    expect(within(section).queryByText('Date')).toBeNull();
    expect(screen.queryByText(/Closing night/)).toBeNull();
  });
});

describe('OrderDrawer: the seats of its attendees (issue #40)', () => {
  it('names the seat under each seated attendee', async () => {
    const seated = { ...order.attendees[0]!, seat: { section: 'Stalls', row: 'B', seat: '12' } };
    await open(false, { ...order, attendees: [seated, order.attendees[1]!] });
    expect(screen.getAllByTestId('order-attendee-seat').map((e) => e.textContent)).toEqual(['Stalls, row B, seat 12']);
  });
});
