import type { EventDto, MessageDetailDto, QuestionDto } from '@admitone/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { eventDate } from '../../../test-utils/event-dates';
import { renderWithProviders } from '../../../test-utils/render';
import { MessageComposer } from './MessageComposer';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const event = { id: 7, title: 'Harbour Nights', currency: 'EUR', timezone: 'Europe/Berlin' } as EventDto;
const me = {
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['events.manage'],
  },
};
const question = (id: number, title: string, type: QuestionDto['type'], options: string[] = []) =>
  ({ id, event_id: 7, title, type, options, required: false, is_hidden: false }) as QuestionDto;
const questions = [
  question(9, 'Diet', 'DROPDOWN', ['Vegan', 'Vegetarian']),
  question(10, 'Company', 'SINGLE_LINE_TEXT'),
  question(11, 'Photo', 'FILE'),
];
const dates = [
  eventDate(40, '2030-06-01T17:00:00.000Z', 'Premiere'),
  eventDate(41, '2030-06-08T17:00:00.000Z', 'Closing night'),
];
const page = (data: unknown[]) => ({
  data,
  meta: { current_page: 1, per_page: 100, total: data.length, last_page: 1, has_more: false },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const scheduled: MessageDetailDto = {
  id: 5,
  status: 'SCHEDULED',
  send_at: '2030-06-01T16:30:00.000Z',
  not_sent_reason: null,
  event_date_ids: [41],
  check_in: 'NOT_CHECKED_IN',
  answer_filter: { question_id: 9, value: 'Vegan' },
  subject: 'Doors open at seven',
  recipient_type: 'ALL_ATTENDEES',
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

function setup({
  editing,
  save = (body) => json(201, { data: { ...scheduled, ...(body as object), id: 6 } }),
}: { editing?: MessageDetailDto; save?: (body: unknown, method: string) => Response } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me') return json(200, me);
    if (url === '/api/events/7') return json(200, { data: event });
    if (url === '/api/events/7/tickets') return json(200, page([]));
    if (url === '/api/events/7/dates') return json(200, { data: dates });
    if (url === '/api/events/7/questions') return json(200, { ...page(questions), defaults: [] });
    if (url.startsWith('/api/events/7/messages/recipient-count')) return json(200, { data: { count: 12 } });
    if (url.startsWith('/api/events/7/messages') && method !== 'GET')
      return save(JSON.parse(String(init!.body)), method);
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<MessageComposer eventId={7} editing={editing} onDone={onDone} onCancel={() => {}} />, {
    query: true,
  });
  const counted = () =>
    fetchMock.mock.calls
      .map(([u]) => String(u))
      .filter((u) => u.startsWith('/api/events/7/messages/recipient-count'))
      .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));
  const saved = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => String(u).startsWith('/api/events/7/messages') && init?.method && init.method !== 'GET')
      .map(([u, init]) => ({ url: String(u), method: init!.method, body: JSON.parse(String(init!.body)) }));
  return { onDone, counted, saved };
}

const type = (input: HTMLElement, value: string) => {
  act(() => input.focus());
  fireEvent.change(input, { target: { value } });
};
const choose = async (combobox: string, option: string | RegExp) => {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
/** Types into the rich-text body (its editor hangs on its element). */
function writeBody(html: string) {
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLElement & {
    editor: { commands: { setContent: (c: string, o: { emitUpdate: boolean }) => void } };
  };
  act(() => box.editor.commands.setContent(html, { emitUpdate: true }));
}
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('MessageComposer filters', () => {
  it('narrows the audience by dates, check-in and an answer, and the live count follows', async () => {
    const { counted } = setup();
    await screen.findByRole('combobox', { name: 'Dates' });
    await waitFor(() => expect(screen.getByText('This will be sent to 12 people.')).toBeTruthy());

    await choose('Dates', /Closing night/);
    await choose('Check-in', 'Not checked in only');
    // Only questions answered by a choice or text are offered (not a file).
    fireEvent.click(screen.getByRole('combobox', { name: 'Question' }));
    expect(screen.queryByRole('option', { name: 'Photo' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Diet' }));
    expect(screen.getByText('Choose the answer to narrow down by.')).toBeTruthy();
    await choose('Answer', 'Vegan');

    await waitFor(() =>
      expect(counted().at(-1)).toEqual({
        recipient_type: 'ALL_ATTENDEES',
        event_date_ids: '41',
        check_in: 'NOT_CHECKED_IN',
        answer_question_id: '9',
        answer_value: 'Vegan',
      }),
    );
  });

  it('asks for the text of a question answered in text', async () => {
    const { counted } = setup();
    await screen.findByRole('combobox', { name: 'Question' });
    await choose('Question', 'Company');
    type(await screen.findByRole('textbox', { name: /^Answer/ }), 'Acme');
    await waitFor(() => expect(counted().at(-1)).toMatchObject({ answer_question_id: '10', answer_value: 'Acme' }));
  });

  it('has no filters for one order or chosen attendees', async () => {
    setup();
    await screen.findByRole('combobox', { name: 'Check-in' });
    await choose('Recipients', 'Chosen attendees');
    expect(screen.queryByRole('combobox', { name: 'Check-in' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Dates' })).toBeNull();
  });
});

describe('MessageComposer scheduling', () => {
  it("schedules a message for a wall-clock time in the event's time zone", async () => {
    const { saved, onDone } = setup();
    await screen.findByRole('combobox', { name: 'Check-in' });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('button', { name: 'Schedule message' })).toBeTruthy();
    expect(screen.getByText(/In the event's time zone: Europe\/Berlin \(/)).toBeTruthy();

    // No time yet: asked for, nothing sent.
    type(screen.getByRole('textbox', { name: /^Subject/ }), 'Doors open at seven');
    writeBody('<p>Bring a warm jacket.</p>');
    fireEvent.click(screen.getByRole('checkbox', { name: /This message is not promotional/ }));
    submit('Schedule message');
    await screen.findByText('This field is required.');
    expect(saved()).toEqual([]);

    // The 15th of next month, at 19:30.
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const month = next.toLocaleString('en-US', { month: 'long' });
    fireEvent.click(screen.getByRole('button', { name: /^Send at/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^15 ${month} ${next.getFullYear()}`) }));
    const time = screen.getByRole('textbox', { name: 'Time' });
    fireEvent.change(time, { target: { value: '1930' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm date and time' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Time' })).toBeNull());

    submit('Schedule message');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const mm = String(next.getMonth() + 1).padStart(2, '0');
    expect(saved()).toEqual([
      {
        url: '/api/events/7/messages',
        method: 'POST',
        body: expect.objectContaining({
          subject: 'Doors open at seven',
          body: '<p>Bring a warm jacket.</p>',
          send_at: `${next.getFullYear()}-${mm}-15T19:30`,
          is_test: false,
        }),
      },
    ]);
  });

  it('cannot schedule a test: it goes at once', async () => {
    setup();
    await screen.findByRole('combobox', { name: 'Check-in' });
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('button', { name: /^Send at/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send as a test (only to me)' }));
    expect((screen.getByRole('radio', { name: 'Schedule' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Send now' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: /^Send at/ })).toBeNull();
    expect(screen.getByText('A test is sent at once; it cannot be scheduled.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeTruthy();
  });
});

describe('MessageComposer editing a scheduled message', () => {
  it('opens it with its filters and time, and saves it with PUT', async () => {
    const { saved, onDone } = setup({
      editing: scheduled,
      save: (body) => json(200, { data: { ...scheduled, ...(body as object) } }),
    });
    await screen.findByRole('combobox', { name: 'Dates' });
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe('Doors open at seven');
    expect((screen.getByRole('radio', { name: 'Schedule' }) as HTMLInputElement).checked).toBe(true);
    // 16:30 UTC is 18:30 in Berlin.
    expect(screen.getByRole('button', { name: /^Send at/ }).textContent).toMatch(/6:30\sPM/);
    expect((screen.getByRole('combobox', { name: 'Check-in' }) as HTMLInputElement).value).toBe('Not checked in only');
    // A scheduled message is no test.
    expect(screen.queryByRole('checkbox', { name: 'Send as a test (only to me)' })).toBeNull();

    type(screen.getByRole('textbox', { name: /^Subject/ }), 'Doors open at half past seven');
    fireEvent.click(screen.getByRole('checkbox', { name: /This message is not promotional/ }));
    submit('Schedule message');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved()).toEqual([
      {
        url: '/api/events/7/messages/5',
        method: 'PUT',
        body: expect.objectContaining({
          subject: 'Doors open at half past seven',
          body: '<p>Bring a warm jacket.</p>',
          event_date_ids: [41],
          check_in: 'NOT_CHECKED_IN',
          answer_filter: { question_id: 9, value: 'Vegan' },
          send_at: '2030-06-01T18:30',
        }),
      },
    ]);
  });

  it('says so when the message went or was cancelled meanwhile', async () => {
    const { onDone } = setup({
      editing: scheduled,
      save: () =>
        json(409, { error: { code: 'MESSAGE_NOT_SCHEDULED', message: 'This message is no longer scheduled.' } }),
    });
    await screen.findByRole('combobox', { name: 'Dates' });
    fireEvent.click(screen.getByRole('checkbox', { name: /This message is not promotional/ }));
    submit('Schedule message');
    expect((await screen.findByRole('alert')).textContent).toContain('This message is no longer scheduled.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('puts a time the server refuses on the time field', async () => {
    setup({
      editing: scheduled,
      save: () =>
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields',
            field_errors: { send_at: ['Choose a time in the future.'] },
          },
        }),
    });
    await screen.findByRole('combobox', { name: 'Dates' });
    fireEvent.click(screen.getByRole('checkbox', { name: /This message is not promotional/ }));
    submit('Schedule message');
    expect(await screen.findByText('Choose a time in the future.')).toBeTruthy();
  });
});
