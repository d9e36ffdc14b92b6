import type { MessageSummaryDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { CancelSendingDialog } from './CancelSendingDialog';
import { MessagesTable } from './MessagesTable';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const message = (id: number, patch: Partial<MessageSummaryDto>): MessageSummaryDto => ({
  id,
  status: 'SENT',
  send_at: null,
  not_sent_reason: null,
  event_date_ids: [],
  check_in: 'ANY',
  answer_filter: null,
  subject: `Message ${id}`,
  recipient_type: 'ALL_ATTENDEES',
  ticket_ids: [],
  order_id: null,
  order_number: null,
  attendee_ids: [],
  recipient_count: 3,
  counts: { sent: 3, queued: 0, failed: 0 },
  paced_until: null,
  is_test: false,
  send_copy_to_sender: false,
  sent_by: { id: 1, name: 'Ada Admin' },
  created_at: '2030-05-01T10:00:00.000Z',
  ...patch,
});
const none = { sent: 0, queued: 0, failed: 0 };
const items = [
  message(1, {
    subject: 'Doors open at seven',
    status: 'SCHEDULED',
    send_at: '2030-06-01T16:30:00.000Z',
    recipient_count: 0,
    counts: none,
    check_in: 'NOT_CHECKED_IN',
  }),
  message(2, {}),
  message(3, { status: 'CANCELLED', send_at: '2030-05-20T08:00:00.000Z', recipient_count: 0, counts: none }),
  message(4, {
    status: 'NOT_SENT',
    not_sent_reason: 'NO_RECIPIENTS',
    send_at: '2030-05-21T08:00:00.000Z',
    recipient_count: 0,
    counts: none,
  }),
];

function renderTable() {
  const onEdit = vi.fn();
  const onCancelSending = vi.fn();
  renderWithProviders(
    <MessagesTable
      page={{
        data: items,
        meta: {
          current_page: 1,
          per_page: 25,
          total: 4,
          last_page: 1,
          allowed_sorts: ['created_at'],
          allowed_filter_fields: [],
          has_more: false,
          next_cursor: null,
        },
      }}
      onPage={() => {}}
      tickets={[]}
      filters={(m) => (m.check_in === 'NOT_CHECKED_IN' ? ['Not checked in only'] : [])}
      timeZone="Europe/Berlin"
      onOpen={() => {}}
      onEdit={onEdit}
      onCancelSending={onCancelSending}
    />,
  );
  const row = (subject: string) => screen.getByRole('button', { name: subject }).closest('tr')!;
  return { onEdit, onCancelSending, row };
}

describe('MessagesTable', () => {
  it('shows where each message stands, a scheduled one with its time in the event zone', () => {
    const { row } = renderTable();
    // 16:30 UTC is 18:30 in Berlin (the zone is named when the reader's clock differs).
    expect(within(row('Doors open at seven')).getByText(/^Scheduled for Jun 1, 2030, 6:30\sPM/)).toBeTruthy();
    expect(within(row('Doors open at seven')).getByText('Not checked in only')).toBeTruthy();
    // Nothing is written yet: no e-mail count.
    expect(within(row('Doors open at seven')).queryByText(/e-mails?$/)).toBeNull();
    expect(within(row('Message 2')).getByText('Sent')).toBeTruthy();
    expect(within(row('Message 2')).getByText('3 sent')).toBeTruthy();
    expect(within(row('Message 2')).getByText('3 e-mails')).toBeTruthy();
    expect(within(row('Message 3')).getByText('Cancelled')).toBeTruthy();
    expect(within(row('Message 4')).getByText('Not sent')).toBeTruthy();
    expect(within(row('Message 4')).getByText('Nobody matched the recipients at its time.')).toBeTruthy();
  });

  it('lets only a scheduled message be changed or cancelled, its buttons naming it', () => {
    const { onEdit, onCancelSending, row } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Doors open at seven”' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sending “Doors open at seven”' }));
    expect(onCancelSending).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    for (const subject of ['Message 2', 'Message 3', 'Message 4'])
      expect(within(row(subject)).queryByRole('button', { name: /^(Edit|Cancel sending)/ })).toBeNull();
  });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('CancelSendingDialog', () => {
  function setup(answer: () => Response) {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(
      <CancelSendingDialog eventId={7} message={{ id: 1, subject: 'Doors open at seven' }} onClose={onClose} />,
      { query: true },
    );
    return { fetchMock, onClose };
  }

  it('cancels the scheduled message once confirmed; keeping it is the first choice', async () => {
    const { fetchMock, onClose } = setup(() => json(200, { data: message(1, { status: 'CANCELLED' }) }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel sending' });
    expect(within(dialog).getByText('“Doors open at seven” will not be sent. It stays in the history as cancelled.'));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it scheduled' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/events/7/messages/1/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says so when the message is no longer scheduled', async () => {
    const { onClose } = setup(() =>
      json(409, { error: { code: 'MESSAGE_NOT_SCHEDULED', message: 'This message was already sent.' } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel sending' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel sending' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This message was already sent.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
