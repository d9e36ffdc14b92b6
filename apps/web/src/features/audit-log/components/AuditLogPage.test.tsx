import type { AuditEntryDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import { AuditLogPage } from './AuditLogPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const me = (permissions: string[]) => ({
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: null, locale: 'en', email_verified: true },
    account: { id: 3, name: 'Ada events', currency: 'EUR', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions,
    two_factor_setup_required: false,
  },
});
const account = { id: 3, name: 'Ada events', currency: 'EUR', timezone: 'Europe/Berlin', audit_retention_days: 365 };
const events = [{ id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin' }];

const ticketChange: AuditEntryDto = {
  id: 4,
  action: 'ticket.updated',
  actor: { user_id: 1, name: 'Ada Admin', api_key: 'Zapier (a1k_AbCd…)' },
  ip: '203.0.113.5',
  event: { id: 7, title: 'Summer concert' },
  target: { type: 'ticket', id: '12', label: 'VIP' },
  data: { price: { from: 2500, to: 3000 }, is_hidden: { from: false, to: true } },
  created_at: '2026-11-20T09:30:00.000Z',
};
const signIn: AuditEntryDto = {
  id: 3,
  action: 'auth.signed_in',
  actor: { user_id: 5, name: 'Bob Organizer', api_key: null },
  ip: '198.51.100.7',
  event: null,
  target: null,
  data: { country: 'DE' },
  created_at: '2026-11-20T08:00:00.000Z',
};
const exported: AuditEntryDto = {
  id: 2,
  action: 'export.personal_data',
  actor: { user_id: 1, name: 'Ada Admin', api_key: null },
  ip: '203.0.113.5',
  event: { id: 7, title: 'Summer concert' },
  target: { type: 'export', id: 'attendees', label: 'Summer concert' },
  data: { kind: 'attendees', format: 'csv' },
  created_at: '2026-11-19T16:00:00.000Z',
};
const published: AuditEntryDto = {
  id: 1,
  action: 'event.status_changed',
  actor: { user_id: null, name: null, api_key: null },
  ip: null,
  event: { id: 7, title: 'Summer concert' },
  target: { type: 'event', id: '7', label: 'Summer concert' },
  data: { status: { from: 'DRAFT', to: 'LIVE' } },
  created_at: '2026-11-18T07:00:00.000Z',
};
const ALL = [ticketChange, signIn, exported, published];
const scoped: AuditEntryDto = {
  id: 5,
  action: 'member.updated',
  actor: { user_id: 1, name: 'Ada Admin', api_key: null },
  ip: '203.0.113.5',
  event: null,
  target: { type: 'member', id: '5', label: 'Bob Organizer' },
  data: { organizer_ids: { from: [], to: [2] } },
  created_at: '2026-11-21T09:30:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pageOf = (data: AuditEntryDto[]) => ({
  data,
  meta: {
    current_page: 1,
    per_page: 20,
    total: data.length,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
});

interface SetupOptions {
  entries?: AuditEntryDto[];
  permissions?: string[];
  /** The address the screen opens at (its query: the filters). */
  search?: string;
  /** The answers to `PUT /api/accounts/3`, in turn (then 200). */
  saves?: Response[];
}

function setup({ entries = ALL, permissions = ['account.manage'], search = '', saves = [] }: SetupOptions = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me') return json(200, me(permissions));
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url.startsWith('/api/organizers?')) return json(200, { ...pageOf([]), data: [{ id: 2, name: 'B Live' }] });
    // The member filter's choices: the team list (a pending invitation is not offered).
    if (url.startsWith('/api/users?'))
      return json(200, {
        ...pageOf([]),
        data: [
          { id: 5, name: 'Bob Organizer', invited: false },
          { id: 1, name: 'Ada Admin', invited: false },
          { id: 9, name: '', invited: true },
        ],
      });
    if (url === '/api/accounts/3' && method === 'GET') return json(200, { data: account });
    if (url === '/api/accounts/3' && method === 'PUT')
      return saves.shift() ?? json(200, { data: { ...account, ...JSON.parse(String(init!.body)) } });
    if (url.startsWith('/api/accounts/3/audit-log/export'))
      return new Response('When,Action\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="audit-log-2026-11-20.csv"',
        },
      });
    if (url.startsWith('/api/accounts/3/audit-log')) return json(200, pageOf(entries));
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The screen keeps its filters in the address bar, as in the app (a browser router).
  window.history.replaceState(null, '', `/account/audit-log${search}`);
  const router = createBrowserRouter([
    { path: '/account/audit-log', Component: AuditLogPage },
    { path: '/manage/event/:eventId', Component: () => <p>Event screen</p> },
  ]);
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method = 'GET') =>
    fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([u]) => u);
  // The pages of the log.
  const listCalls = () => calls().filter((u) => u.startsWith('/api/accounts/3/audit-log?page='));
  return { fetchMock, calls, listCalls, router };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('AuditLogPage', () => {
  it('lists the lines newest first: when, who (through which key, from where), what, about what, the changes', async () => {
    setup();
    const rows = await screen.findAllByTestId('audit-row');
    expect(screen.getByRole('table', { name: 'Audit log' })).toBeTruthy();
    expect(rows).toHaveLength(4);
    const [ticket, login, exportRow, system] = rows.map(cells);
    // 09:30 UTC is 10:30 in Berlin (the account's zone) in November.
    expect(ticket![0]).toMatch(/^Nov 20, 2026, 10:30\sAM$/);
    expect(ticket![1]).toBe('Ada AdminAPI keyZapier (a1k_AbCd…)203.0.113.5');
    expect(ticket![2]).toBe('Changed a ticket');
    expect(ticket![3]).toBe('VIPSummer concert');
    expect(ticket![4]).toBe('Price: €25.00 → €30.00Hidden: No → Yes');
    expect(within(rows[0]!).getByRole('link', { name: 'Summer concert' }).getAttribute('href')).toBe('/manage/event/7');
    expect(login).toEqual([
      expect.stringMatching(/^Nov 20, 2026/),
      'Bob Organizer198.51.100.7',
      'Signed in',
      '—',
      'Country: Germany',
    ]);
    expect(exportRow![2]).toBe('Exported attendees');
    expect(exportRow![3]).toBe('Summer concert');
    expect(exportRow![4]).toBe('Format: CSV');
    expect(system![1]).toBe('System');
    expect(system![2]).toBe("Changed an event's status");
    expect(system![4]).toBe('Status: Draft → Live');
  });

  it('names the organizers a member was limited to', async () => {
    setup({ entries: [scoped] });
    const [row] = await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(cells(row!)[4]).toBe('Organizers: All organizers → B Live'));
  });

  it('is a list of cards on a phone', async () => {
    mockViewportWidth(390);
    setup();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    await waitFor(() => expect(within(list).getAllByTestId('audit-row')).toHaveLength(4));
    const first = within(list).getAllByTestId('audit-row')[0]!;
    expect(within(first).getByText('Changed a ticket')).toBeTruthy();
    expect(within(first).getByText('Price: €25.00 → €30.00')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by action, member, event and days through the API, keeping them in the address', async () => {
    const { listCalls } = setup();
    await screen.findAllByTestId('audit-row');
    expect(listCalls()).toEqual(['/api/accounts/3/audit-log?page=1&per_page=20']);

    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Changed a ticket' }));
    await waitFor(() =>
      expect(listCalls()).toContain('/api/accounts/3/audit-log?page=1&per_page=20&action=ticket.updated'),
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Member' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bob Organizer' }));
    await waitFor(() =>
      expect(listCalls()).toContain('/api/accounts/3/audit-log?page=1&per_page=20&action=ticket.updated&member_id=5'),
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Event' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Summer concert' }));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-11-30' } });
    const all = '/api/accounts/3/audit-log?page=1&per_page=20&action=ticket.updated&member_id=5&event_id=7';
    await waitFor(() => expect(listCalls()).toContain(`${all}&from=2026-11-01&to=2026-11-30`));
    expect(window.location.search).toBe('?action=ticket.updated&user=5&event=7&from=2026-11-01&to=2026-11-30');

    // A last day before the first is not asked for.
    const before = listCalls().length;
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The last day must not be before the first.')).toBeTruthy();
    expect(listCalls()).toHaveLength(before);

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(listCalls().at(-1)).toBe('/api/accounts/3/audit-log?page=1&per_page=20');
  });

  it('says when nothing is recorded yet', async () => {
    setup({ entries: [] });
    expect(await screen.findByText('Nothing recorded yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing matches the filters, with a way to clear them', async () => {
    const { listCalls } = setup({ entries: [], search: '?action=webhook.deleted' });
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
    expect(listCalls()).toEqual(['/api/accounts/3/audit-log?page=1&per_page=20&action=webhook.deleted']);
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await screen.findByText('Nothing recorded yet')).toBeTruthy();
  });

  it('downloads the lines matching the filters, with the sign-in token', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit-log');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    // The browser's save: the file's name, without leaving the page.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    localStorage.setItem(TOKEN_KEY, 'token-123');
    const { fetchMock, calls } = setup({ search: '?action=ticket.updated&from=2026-11-01' });
    await screen.findAllByTestId('audit-row');
    fireEvent.click(screen.getByRole('button', { name: 'Download the audit log' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel file (.xlsx)' }));
    const url = '/api/accounts/3/audit-log/export?action=ticket.updated&from=2026-11-01&format=xlsx';
    await waitFor(() => expect(calls()).toContain(url));
    const init = fetchMock.mock.calls.find(([u]) => u === url)![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-11-20.csv']));
    // The download is a line of the log itself: the log is read again.
    await waitFor(() =>
      expect(
        calls().filter(
          (u) => u === '/api/accounts/3/audit-log?page=1&per_page=20&action=ticket.updated&from=2026-11-01',
        ),
      ).toHaveLength(2),
    );
  });

  it('saves how long the log is kept, with the field errors on the field', async () => {
    const refused = json(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        field_errors: { audit_retention_days: ['Choose from 30 to 3650 days.'] },
      },
    });
    const { fetchMock, calls } = setup({ saves: [refused] });
    const input = await screen.findByRole('textbox', { name: /Keep the log for \(days\)/ });
    expect((input as HTMLInputElement).value).toBe('365');
    const save = screen.getByRole('button', { name: 'Save retention' });

    // Under the minimum: said on the field, nothing sent.
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(save);
    expect(await screen.findByText('Must be at least 30.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls('PUT')).toEqual([]);

    // The server's field error lands on the field too.
    fireEvent.change(input, { target: { value: '90' } });
    fireEvent.click(save);
    expect(await screen.findByText('Choose from 30 to 3650 days.')).toBeTruthy();

    fireEvent.click(save);
    await waitFor(() => expect(calls('PUT')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Choose from 30 to 3650 days.')).toBeNull());
    const bodies = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)));
    expect(bodies).toEqual([{ audit_retention_days: 90 }, { audit_retention_days: 90 }]);
  });

  it('is closed to people who are not admins, and asks for no line', async () => {
    const { calls } = setup({ permissions: ['events.manage', 'users.manage'] });
    expect(await screen.findByText('You do not have permission to access this page.')).toBeTruthy();
    expect(calls().some((u) => u.includes('audit-log'))).toBe(false);
  });
});
