import type { AutomationDto, AutomationSendDto } from '@admitone/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { AutomationList } from './AutomationList';
import { AutomationsPage } from './AutomationsPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  // happy-dom has no FontFaceSet; the autosizing text fields listen to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});

const stats = (over: Partial<AutomationDto['stats']> = {}): AutomationDto['stats'] => ({
  sent: 0,
  queued: 0,
  failed: 0,
  last_sent_at: null,
  ...over,
});
const reminder48: AutomationDto = {
  id: 1,
  kind: 'REMINDER',
  enabled: true,
  offset_minutes: 48 * 60,
  audience: 'ALL',
  message: 'Doors open at 7.',
  link_url: null,
  // 16:00 UTC is 18:00 in Berlin in summer.
  next_run_at: '2026-07-30T16:00:00.000Z',
  next_date: { id: 5, start_date: '2026-08-01T16:00:00.000Z', label: 'Premiere' },
  stats: stats({ sent: 12, failed: 1, last_sent_at: '2026-07-01T08:00:00.000Z' }),
};
const reminder2: AutomationDto = {
  ...reminder48,
  id: 2,
  offset_minutes: 120,
  message: null,
  next_run_at: null,
  next_date: null,
  stats: stats(),
};
const abandoned: AutomationDto = {
  ...reminder2,
  id: 3,
  kind: 'ABANDONED_CHECKOUT',
  enabled: false,
  offset_minutes: 60,
};
const followUp: AutomationDto = {
  ...reminder2,
  id: 4,
  kind: 'FOLLOW_UP',
  enabled: false,
  offset_minutes: 24 * 60,
};
const all = [reminder48, reminder2, abandoned, followUp];

const event = { id: 7, title: 'Summer concert', timezone: 'Europe/Berlin', settings: {} };

const send = (id: number, over: Partial<AutomationSendDto> = {}): AutomationSendDto => ({
  id,
  email: `buyer${id}@example.com`,
  event_date_id: 5,
  order_id: 40 + id,
  status: 'SENT',
  error: null,
  created_at: '2026-07-01T08:00:00.000Z',
  ...over,
});
const pageOf = (data: AutomationSendDto[], page = 1, total = data.length) => ({
  data,
  meta: {
    current_page: page,
    per_page: 20,
    total,
    last_page: Math.max(1, Math.ceil(total / 20)),
    allowed_sorts: ['created_at'],
    allowed_filter_fields: [],
    has_more: page * 20 < total,
    next_cursor: null,
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = (field_errors: Record<string, string[]>) =>
  json(422, { error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors } });

function setup(
  list: AutomationDto[] | (() => Response) = all,
  answer: (method: string, url: string, body: unknown) => Response | undefined = () => undefined,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer(method, url, body);
    if (answered) return answered;
    if (url === '/api/events/7') return json(200, { data: event });
    if (url === '/api/events/7/automations' && method === 'GET')
      return typeof list === 'function' ? list() : json(200, { data: list });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/manage/event/:eventId/automations', Component: AutomationsPage }], {
    initialEntries: ['/manage/event/7/automations'],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { calls, fetchMock };
}

const region = (name: string | RegExp) => screen.findByRole('region', { name });
const type = (input: HTMLElement, value: string) => {
  act(() => input.focus());
  fireEvent.change(input, { target: { value } });
};
/** The texts an input is described by (its description and error). */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(() => vi.unstubAllGlobals());

describe('AutomationsPage', () => {
  it('shows a loader, then each reminder with its next mail in the event zone and what it sent', async () => {
    setup();
    expect(await screen.findByRole('status', { name: 'Loading automatic mail' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Automatic mail' })).toBeTruthy();
    expect(screen.getByText(/Times are in the event's time zone \(Europe\/Berlin\)/)).toBeTruthy();

    const reminders = await region('Reminders before each date');
    const cards = within(reminders).getAllByTestId('automation');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Reminder 48 hours before',
      'Reminder 2 hours before',
    ]);

    const first = await region('Reminder 48 hours before');
    expect(within(first).getByText('On')).toBeTruthy();
    expect(within(first).getByTestId('automation-next-run').textContent).toMatch(
      /^Next mail: Jul 30, 2026, 6:00\sPM.*, for the date Aug 1, 2026, 6:00\sPM · Premiere$/,
    );
    const firstStats = within(first).getByTestId('automation-stats');
    expect(within(firstStats).getByText('12 sent')).toBeTruthy();
    expect(within(firstStats).getByText('0 queued')).toBeTruthy();
    expect(within(firstStats).getByText('1 failed')).toBeTruthy();
    expect(within(firstStats).getByText(/^Last sent Jul 1, 2026, 10:00\sAM$/)).toBeTruthy();
    expect(within(first).getByRole('switch', { name: 'Send this reminder' })).toHaveProperty('checked', true);
    expect(within(first).getByRole('textbox', { name: /^Hours before each date/ })).toHaveProperty('value', '48');
    expect(within(first).getByRole('textbox', { name: 'Your text' })).toHaveProperty('value', 'Doors open at 7.');

    const second = await region('Reminder 2 hours before');
    expect(within(second).getByTestId('automation-next-run').textContent).toBe('Next mail: No upcoming date');
    expect(within(second).getByText('Nothing sent yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a reminder' })).toHaveProperty('disabled', false);
  });

  it('explains the abandoned-checkout mail and the follow-up, both off', async () => {
    setup();
    const cart = await region('Abandoned checkouts');
    expect(within(cart).getByText('Off', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(cart).getByTestId('automation-next-run').textContent).toBe('Next mail: Off');
    expect(within(cart).getByRole('switch', { name: 'Send the abandoned-checkout mail' })).toHaveProperty(
      'checked',
      false,
    );
    expect(within(cart).getByRole('textbox', { name: /^Hours after the buyer leaves the checkout/ })).toHaveProperty(
      'value',
      '1',
    );
    expect(within(cart).getByText(/buyers see a checkbox at checkout asking whether they want this mail/)).toBeTruthy();
    expect(
      within(cart).getByText(/get it once at most, with a link back to a checkout with the same choices/),
    ).toBeTruthy();
    expect(within(cart).getByText(/Nothing is held for them meanwhile/)).toBeTruthy();
    expect(within(cart).queryByRole('button', { name: /Delete/ })).toBeNull();

    const after = await region('Follow-up after the event');
    expect(within(after).getByRole('textbox', { name: /^Hours after each date ends/ })).toHaveProperty('value', '24');
    expect(within(after).getByRole('radio', { name: 'Everyone with a ticket' })).toHaveProperty('checked', true);
    expect(within(after).getByRole('textbox', { name: 'Link' })).toBeTruthy();
    expect(within(after).getByText(/Each follow-up has a link to unsubscribe/)).toBeTruthy();
    expect(within(after).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('saves a reminder: hours as whole minutes, the text trimmed, the kind kept', async () => {
    const { calls } = setup(all, (method, url, body) =>
      method === 'PUT' && url === '/api/events/7/automations/2'
        ? json(200, { data: { ...reminder2, ...(body as object) } })
        : undefined,
    );
    const card = await region('Reminder 2 hours before');
    type(within(card).getByRole('textbox', { name: /^Hours before each date/ }), '1.5');
    type(within(card).getByRole('textbox', { name: 'Your text' }), '  Bring your ticket.  ');
    expect(await within(card).findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toEqual({
      url: '/api/events/7/automations/2',
      body: {
        kind: 'REMINDER',
        enabled: true,
        offset_minutes: 90,
        audience: 'ALL',
        message: 'Bring your ticket.',
        link_url: null,
      },
    });
    await waitFor(() => expect(within(card).queryByText('Unsaved changes')).toBeNull());
  });

  it('refuses hours outside the range, in hours, before sending anything', async () => {
    const { calls } = setup();
    const card = await region('Reminder 2 hours before');
    const hours = within(card).getByRole('textbox', { name: /^Hours before each date/ });
    expect(describedBy(hours)).toMatch(/From 0\.25 to 720 hours/);
    type(hours, '0.1');
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(hours.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(hours)).toMatch(/Choose between 0\.25 and 720 hours\./);
    type(hours, '');
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(describedBy(hours)).toMatch(/Enter a number of hours\./));
    expect(calls('PUT')).toEqual([]);
  });

  it("puts the API's refusal of the offset on the hours, and any other on the alert", async () => {
    let answer = refused({ offset_minutes: ['Choose between 15 and 43200 minutes.'] });
    setup(all, (method) => (method === 'PUT' ? answer : undefined));
    const card = await region('Reminder 48 hours before');
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    const hours = within(card).getByRole('textbox', { name: /^Hours before each date/ });
    await waitFor(() => expect(describedBy(hours)).toMatch(/Choose between 15 and 43200 minutes\./));

    answer = refused({ kind: ['An event has only one of these; change the one it has.'] });
    fireEvent.click(within(card).getByRole('button', { name: 'Save reminder' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(
      'An event has only one of these; change the one it has.',
    );
  });

  it('saves the follow-up with its audience and link', async () => {
    const { calls } = setup(all, (method, _url, body) =>
      method === 'PUT' ? json(200, { data: { ...followUp, ...(body as object) } }) : undefined,
    );
    const card = await region('Follow-up after the event');
    fireEvent.click(within(card).getByRole('switch', { name: 'Send the follow-up' }));
    fireEvent.click(within(card).getByRole('radio', { name: 'Only those checked in' }));
    type(within(card).getByRole('textbox', { name: /^Hours after each date ends/ }), '0');
    type(within(card).getByRole('textbox', { name: 'Link' }), 'https://example.com/survey');
    fireEvent.click(within(card).getByRole('button', { name: 'Save follow-up' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toEqual({
      url: '/api/events/7/automations/4',
      body: {
        kind: 'FOLLOW_UP',
        enabled: true,
        offset_minutes: 0,
        audience: 'CHECKED_IN',
        message: null,
        link_url: 'https://example.com/survey',
      },
    });
  });

  it('refuses a link that is not a web address', async () => {
    const { calls } = setup();
    const card = await region('Follow-up after the event');
    const link = within(card).getByRole('textbox', { name: 'Link' });
    type(link, 'not a link');
    fireEvent.click(within(card).getByRole('button', { name: 'Save follow-up' }));
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(calls('PUT')).toEqual([]);
  });

  it('adds a reminder a day before, on, from a dialog', async () => {
    const { calls } = setup(all, (method, _url, body) =>
      method === 'POST' ? json(201, { data: { ...reminder2, id: 9, ...(body as object) } }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reminder' });
    expect(within(dialog).getByRole('switch', { name: 'Send this reminder' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('textbox', { name: /^Hours before each date/ })).toHaveProperty('value', '24');
    type(within(dialog).getByRole('textbox', { name: 'Your text' }), 'See you tomorrow!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reminder' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]).toEqual({
      url: '/api/events/7/automations',
      body: {
        kind: 'REMINDER',
        enabled: true,
        offset_minutes: 1440,
        audience: 'ALL',
        message: 'See you tomorrow!',
        link_url: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds no more reminders than the limit', async () => {
    const five = [1, 2, 3, 4, 5].map((id) => ({ ...reminder2, id, offset_minutes: id * 60 }));
    setup([...five, { ...abandoned, id: 6 }, { ...followUp, id: 7 }]);
    expect(await screen.findByRole('button', { name: 'Add a reminder' })).toHaveProperty('disabled', true);
    expect(screen.getByText('An event has at most 5 reminders.')).toBeTruthy();
  });

  it('deletes a reminder after asking', async () => {
    let list = all;
    const { calls } = setup(
      () => json(200, { data: list }),
      (method) => {
        if (method !== 'DELETE') return undefined;
        list = all.filter((a) => a.id !== 2);
        return new Response(null, { status: 204 });
      },
    );
    const card = await region('Reminder 2 hours before');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reminder?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE').map((c) => c.url)).toEqual(['/api/events/7/automations/2']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Reminder 2 hours before' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Reminder 48 hours before' })).toBeTruthy();
  });

  it('lists what went out, a page at a time, with the reason of a failure', async () => {
    const { calls } = setup(all, (method, url) => {
      if (!url.startsWith('/api/events/7/automations/1/sends')) return undefined;
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return page === 1
        ? json(
            200,
            pageOf(
              [send(1, { status: 'FAILED', error: 'Mailbox unavailable' }), send(2), send(3, { status: 'QUEUED' })],
              1,
              23,
            ),
          )
        : json(200, pageOf([send(21)], 2, 23));
    });
    const card = await region('Reminder 48 hours before');
    fireEvent.click(within(card).getByRole('button', { name: 'What went out' }));
    const dialog = await screen.findByRole('dialog', { name: 'What went out: Reminder 48 hours before' });
    const rows = await within(dialog).findAllByTestId('automation-send-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('buyer1@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Mailbox unavailable')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Jul 1, 2026, 10:00\sAM$/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Sent')).toBeTruthy();
    expect(within(rows[2]!).getByText('Queued')).toBeTruthy();
    expect(calls('GET').map((c) => c.url)).toContain(
      '/api/events/7/automations/1/sends?page=1&per_page=20&sort_by=created_at&sort_direction=desc',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    expect(await within(dialog).findByText('buyer21@example.com')).toBeTruthy();
  });

  it('says when nothing went out yet', async () => {
    setup(all, (_method, url) =>
      url.startsWith('/api/events/7/automations/3/sends') ? json(200, pageOf([])) : undefined,
    );
    const card = await region('Abandoned checkouts');
    fireEvent.click(within(card).getByRole('button', { name: 'What went out' }));
    const dialog = await screen.findByRole('dialog', { name: 'What went out: Abandoned checkouts' });
    expect(await within(dialog).findByText('Nothing sent yet')).toBeTruthy();
  });

  it('shows why the list could not be loaded', async () => {
    setup(() => json(500, { error: { code: 'INTERNAL', message: 'The server had a problem.' } }));
    expect(await screen.findByText('The server had a problem.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reminders before each date' })).toBeNull();
  });
});

describe("AutomationList: the account's defaults", () => {
  it('shows the same settings without a next mail or sends, and saves and adds at the account', async () => {
    const defaults = all.map((a) => ({ ...a, next_run_at: null, next_date: null, stats: stats() }));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (url === '/api/accounts/3/automations' && method === 'GET') return json(200, { data: defaults });
      if (url === '/api/accounts/3/automations/1' && method === 'PUT')
        return json(200, { data: { ...defaults[0], ...body } });
      if (url === '/api/accounts/3/automations' && method === 'POST')
        return json(201, { data: { ...defaults[1], id: 9, ...body } });
      return json(404, { error: { code: 'NOT_FOUND', message: '' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AutomationList scope={{ accountId: 3 }} headingOrder={3} />, { query: true });
    const reminders = await region('Reminders before each date');
    expect(within(reminders).getByRole('heading', { level: 3, name: 'Reminders before each date' })).toBeTruthy();
    const first = await region('Reminder 48 hours before');
    expect(within(first).getByRole('heading', { level: 4 })).toBeTruthy();
    expect(screen.queryByTestId('automation-next-run')).toBeNull();
    expect(screen.queryByTestId('automation-stats')).toBeNull();
    expect(screen.queryByRole('button', { name: 'What went out' })).toBeNull();
    expect((await region('Abandoned checkouts')).querySelector('h3')).toBeTruthy();

    type(within(first).getByRole('textbox', { name: /^Hours before each date/ }), '72');
    fireEvent.click(within(first).getByRole('button', { name: 'Save reminder' }));
    const sent = (method: string) =>
      fetchMock.mock.calls
        .filter(([, init]) => (init?.method ?? 'GET') === method)
        .map(([url, init]) => ({ url, body: JSON.parse(String(init!.body)) }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toMatchObject({ url: '/api/accounts/3/automations/1', body: { offset_minutes: 4320 } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reminder' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reminder' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toMatchObject({ url: '/api/accounts/3/automations', body: { kind: 'REMINDER' } });
  });
});
