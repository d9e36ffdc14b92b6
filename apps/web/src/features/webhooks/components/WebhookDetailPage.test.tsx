import type { PageMeta, WebhookDeliveryDetailDto, WebhookDeliveryDto, WebhookDto } from '@admitone/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { DELIVERY_POLL_MS } from '../api/webhooks';
import { WebhookDetailPage } from './WebhookDetailPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const me = {
  data: {
    user: {
      id: 1,
      name: 'Ada Admin',
      email: 'ada@example.com',
      timezone: 'Europe/Berlin',
      locale: 'en',
      email_verified: true,
    },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['webhooks.manage'],
  },
};
const webhook: WebhookDto = {
  id: 5,
  url: 'https://crm.example.com/hooks/admitone',
  description: 'CRM sync',
  event_types: ['order.completed', 'checkin.created'],
  event_id: 7,
  event_title: 'Summer concert',
  enabled: true,
  disabled_reason: null,
  failure_streak: 2,
  last_delivery: { state: 'FAILED', status_code: 500, at: '2026-11-20T09:30:00.000Z' },
  created_at: '2026-11-01T08:00:00.000Z',
};
const failedAttempt = {
  at: '2026-11-20T09:30:00.000Z',
  status_code: 500,
  duration_ms: 312,
  error: null,
  response_excerpt: '{"error":"database down"}',
};
const timeoutAttempt = {
  at: '2026-11-20T09:20:00.000Z',
  status_code: null,
  duration_ms: 10000,
  error: 'Timed out after 10 s',
  response_excerpt: null,
};
const failed: WebhookDeliveryDto = {
  id: 31,
  event_id: 'evt_0b7c9a52',
  type: 'order.completed',
  state: 'FAILED',
  attempts: 2,
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-20T09:19:00.000Z',
  last_attempt: failedAttempt,
};
const delivered: WebhookDeliveryDto = {
  ...failed,
  id: 30,
  event_id: 'evt_55aa0011',
  type: 'checkin.created',
  state: 'SUCCEEDED',
  attempts: 1,
  delivered_at: '2026-11-19T10:00:01.000Z',
  created_at: '2026-11-19T10:00:00.000Z',
  last_attempt: {
    at: '2026-11-19T10:00:01.000Z',
    status_code: 204,
    duration_ms: 80,
    error: null,
    response_excerpt: null,
  },
};
const detail: WebhookDeliveryDetailDto = {
  ...failed,
  payload: { id: 'evt_0b7c9a52', type: 'order.completed', data: { order_number: 'A-1001' } },
  attempt_log: [failedAttempt, timeoutAttempt],
};
const meta = (total: number, page = 1): PageMeta =>
  ({ total, per_page: 20, current_page: page, last_page: Math.max(1, Math.ceil(total / 20)) }) as PageMeta;
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(log: WebhookDeliveryDto[], { total = log.length }: { total?: number } = {}) {
  let deliveries = log;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/users/me') return json(200, me);
    if (pathname === '/api/check-in/events') return json(200, { data: [] });
    if (pathname === '/api/webhooks/5' && method === 'GET') return json(200, { data: webhook });
    if (pathname === '/api/webhooks/5' && method === 'DELETE') return json(204, null);
    if (pathname === '/api/webhooks' && method === 'GET') return json(200, { data: [] });
    if (pathname === '/api/webhooks/5/deliveries' && method === 'GET') {
      const state = searchParams.get('filter_fields[state]');
      const rows = state ? deliveries.filter((d) => d.state === state) : deliveries;
      return json(200, {
        data: rows,
        meta: meta(state ? rows.length : Math.max(total, rows.length), Number(searchParams.get('page') ?? 1)),
      });
    }
    if (pathname === '/api/webhooks/5/deliveries/31' && method === 'GET') return json(200, { data: detail });
    if (pathname === '/api/webhooks/5/test' && method === 'POST') {
      const queued: WebhookDeliveryDto = {
        ...delivered,
        id: 40,
        event_id: 'evt_test0001',
        type: 'webhook.test',
        state: 'PENDING',
        attempts: 0,
        delivered_at: null,
        created_at: new Date().toISOString(),
        last_attempt: null,
      };
      deliveries = [queued, ...deliveries];
      return json(201, { data: queued });
    }
    if (pathname === '/api/webhooks/5/deliveries/31/resend' && method === 'POST') {
      const again: WebhookDeliveryDto = {
        ...failed,
        id: 41,
        state: 'PENDING',
        attempts: 0,
        last_attempt: null,
        created_at: new Date().toISOString(),
      };
      deliveries = [again, ...deliveries];
      return json(201, { data: again });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <Routes>
      <Route path="/account/webhooks/:webhookId" element={<WebhookDetailPage />} />
      <Route path="/account/webhooks" element={<p>The list</p>} />
    </Routes>,
    { query: true, route: '/account/webhooks/5' },
  );
  const urls = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([u]) => u);
  /** The worker's side: changes the deliveries the server lists. */
  const work = (change: (d: WebhookDeliveryDto) => WebhookDeliveryDto) => {
    deliveries = deliveries.map(change);
  };
  return { fetchMock, urls, work };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Dialogs and several round trips each: slower than the default 5 s on a busy machine.
describe('WebhookDetailPage', { timeout: 15_000 }, () => {
  it('shows the settings and the delivery log', async () => {
    setup([failed, delivered]);
    expect(await screen.findByRole('heading', { name: 'CRM sync' })).toBeTruthy();
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByText('https://crm.example.com/hooks/admitone')).toBeTruthy();
    expect(within(settings).getByText('Summer concert')).toBeTruthy();
    expect(within(settings).getByText('Order completed')).toBeTruthy();
    expect(within(settings).getByText('Guest checked in')).toBeTruthy();
    expect(within(settings).getByText('2 failed attempts in a row')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Order completed')).toBeTruthy();
    expect(within(rows[0]!).getByText('evt_0b7c9a52')).toBeTruthy();
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('2')).toBeTruthy();
    expect(within(rows[0]!).getByText('500')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Nov 20, 2026, 10:19/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Delivered')).toBeTruthy();
    expect(within(rows[1]!).getByText('204')).toBeTruthy();
  });

  it('shows a delivery with every attempt and its payload, and sends it again', async () => {
    const { urls } = setup([failed, delivered]);
    fireEvent.click(
      await screen.findByRole('button', { name: /^Attempts and payload of Order completed, Nov 20, 2026/ }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Order completed' });
    const attempts = await within(drawer).findAllByTestId('webhook-attempt');
    expect(attempts).toHaveLength(2);
    // Oldest first: the timeout at 10:20 Berlin time, then the 500 at 10:30.
    expect(within(attempts[0]!).getByText(/^Attempt 1 · Nov 20, 2026, 10:20/)).toBeTruthy();
    expect(within(attempts[0]!).getByText('No answer')).toBeTruthy();
    expect(within(attempts[0]!).getByText('10000 ms')).toBeTruthy();
    expect(within(attempts[0]!).getByText('Timed out after 10 s')).toBeTruthy();
    expect(within(attempts[1]!).getByText(/^Attempt 2 · Nov 20, 2026, 10:30/)).toBeTruthy();
    expect(within(attempts[1]!).getByText('HTTP 500')).toBeTruthy();
    expect(within(attempts[1]!).getByText('312 ms')).toBeTruthy();
    expect(within(attempts[1]!).getByText('{"error":"database down"}')).toBeTruthy();
    expect(within(drawer).getByTestId('webhook-payload').textContent).toBe(JSON.stringify(detail.payload, null, 2));

    fireEvent.click(within(drawer).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(urls('POST')).toEqual(['/api/webhooks/5/deliveries/31/resend']));
    // The log is read again and shows the new delivery on top.
    const table = screen.getByRole('table', { name: 'Delivery log' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  });

  it('sends a test event and follows it until it is delivered', async () => {
    // The clock runs, and the test moves it on to the next reads instead of waiting for them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { urls, work } = setup([delivered]);
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(urls('POST')).toEqual(['/api/webhooks/5/test']));
    const row = (await within(table).findByText('Test event')).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    // The worker sends it; the log, read again every 2 s while something is pending, shows it.
    work((d) =>
      d.id === 40
        ? {
            ...d,
            state: 'SUCCEEDED',
            attempts: 1,
            last_attempt: { at: d.created_at, status_code: 200, duration_ms: 45, error: null, response_excerpt: 'ok' },
          }
        : d,
    );
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
    await waitFor(() =>
      expect(within(within(table).getByText('Test event').closest('tr')!).getByText('Delivered')).toBeTruthy(),
    );
    // Nothing under way any more: no more reading, however long the page stays open.
    const reads = urls('GET').filter((u) => u.startsWith('/api/webhooks/5/deliveries')).length;
    await act(() => vi.advanceTimersByTimeAsync(5 * DELIVERY_POLL_MS));
    expect(urls('GET').filter((u) => u.startsWith('/api/webhooks/5/deliveries')).length).toBe(reads);
    vi.useRealTimers();
  });

  it('filters the log by state and pages through it', async () => {
    const { urls } = setup([failed, delivered], { total: 45 });
    await screen.findByRole('table', { name: 'Delivery log' });
    expect(urls('GET')).toContain('/api/webhooks/5/deliveries?page=1&per_page=20');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(urls('GET')).toContain('/api/webhooks/5/deliveries?page=2&per_page=20'));

    const status = screen.getAllByLabelText(/^Status/).find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(urls('GET')).toContain('/api/webhooks/5/deliveries?page=1&per_page=20&filter_fields%5Bstate%5D=FAILED'),
    );
    const table = screen.getByRole('table', { name: 'Delivery log' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('goes back to the list once the webhook is deleted', async () => {
    const { urls } = setup([delivered]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for CRM sync' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete webhook?' })).getByRole('button', {
        name: 'Delete webhook',
      }),
    );
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(urls('DELETE')).toEqual(['/api/webhooks/5']);
  });

  it('says so when nothing was sent yet', async () => {
    setup([]);
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
  });
});
