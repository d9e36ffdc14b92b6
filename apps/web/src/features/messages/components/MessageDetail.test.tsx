import type { MessageDetailDto, QuestionDto } from '@admitone/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { eventDate } from '../../../test-utils/event-dates';
import { renderWithProviders } from '../../../test-utils/render';
import { MessageDetail } from './MessageDetail';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (data: unknown[]) => ({
  data,
  meta: { current_page: 1, per_page: 100, total: data.length, last_page: 1, has_more: false },
  defaults: [],
});

const base: MessageDetailDto = {
  id: 5,
  status: 'SCHEDULED',
  send_at: '2030-06-01T16:30:00.000Z',
  not_sent_reason: null,
  event_date_ids: [41],
  check_in: 'NOT_CHECKED_IN',
  answer_filter: { question_id: 9, value: 'Vegan' },
  subject: 'Doors open at seven',
  recipient_type: 'ALL_BUYERS',
  ticket_ids: [],
  order_id: null,
  order_number: null,
  attendee_ids: [],
  recipient_count: 0,
  counts: { sent: 0, queued: 0, failed: 0 },
  paced_until: null,
  is_test: false,
  send_copy_to_sender: false,
  sent_by: { id: 1, name: 'Ada Admin' },
  created_at: '2030-05-01T10:00:00.000Z',
  body: '<p>Bring a warm jacket.</p>',
  recipients: [],
};

function setup(message: MessageDetailDto) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/events/7/messages/5') return json(200, { data: message });
      if (url === '/api/events/7/dates')
        return json(200, {
          data: [
            eventDate(40, '2030-06-01T17:00:00.000Z', 'Premiere'),
            eventDate(41, '2030-06-08T17:00:00.000Z', 'Closing night'),
          ],
        });
      if (url === '/api/events/7/questions')
        return json(200, page([{ id: 9, title: 'Diet', type: 'DROPDOWN', options: ['Vegan'] } as QuestionDto]));
      return json(404, { error: { code: 'NOT_FOUND', message: '' } });
    }),
  );
  const onEdit = vi.fn();
  const onCancelSending = vi.fn();
  renderWithProviders(
    <MessageDetail
      eventId={7}
      messageId={5}
      timeZone="Europe/Berlin"
      tickets={[]}
      onDeleted={() => {}}
      onEdit={onEdit}
      onCancelSending={onCancelSending}
    />,
    { query: true },
  );
  return { onEdit, onCancelSending };
}

describe('MessageDetail', () => {
  it('shows a scheduled message with its time and filters, to change or cancel', async () => {
    const { onEdit, onCancelSending } = setup(base);
    expect(await screen.findByText(/^Scheduled for Jun 1, 2030, 6:30\sPM/)).toBeTruthy();
    expect(
      await screen.findByText(
        /^Narrowed down to: Dates: Jun 8, 2030, 7:00\sPM · Closing night; Not checked in only; Answer to “Diet”: Vegan$/,
      ),
    ).toBeTruthy();
    // Nobody is written to yet.
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sending' }));
    expect(onCancelSending).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('says why a scheduled message did not go', async () => {
    setup({ ...base, status: 'NOT_SENT', not_sent_reason: 'NOT_ALLOWED' });
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(screen.getByText('The account or its sender could no longer send messages at its time.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lists the recipients of a sent message', async () => {
    setup({
      ...base,
      status: 'SENT',
      send_at: null,
      event_date_ids: [],
      check_in: 'ANY',
      answer_filter: null,
      recipient_count: 1,
      counts: { sent: 1, queued: 0, failed: 0 },
      recipients: [
        {
          id: 1,
          email: 'bea@example.test',
          name: 'Bea Buyer',
          attendee_id: null,
          order_id: 3,
          status: 'SENT',
          error: null,
          sent_at: '2030-05-01T10:00:01.000Z',
        },
      ],
    });
    expect(await screen.findByRole('table', { name: 'Recipients' })).toBeTruthy();
    expect(screen.getByText('bea@example.test')).toBeTruthy();
    expect(screen.queryByText(/^Narrowed down to/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel sending' })).toBeNull();
  });
});
