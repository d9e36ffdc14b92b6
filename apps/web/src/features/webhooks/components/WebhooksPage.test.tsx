import type { WebhookDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { WebhooksPage } from './WebhooksPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const me = (permissions: string[]) => ({
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
    permissions,
  },
});
const crm: WebhookDto = {
  id: 5,
  url: 'https://crm.example.com/hooks/admitone',
  description: 'CRM sync',
  event_types: ['order.created', 'order.completed', 'attendee.created'],
  event_id: null,
  event_title: null,
  enabled: true,
  disabled_reason: null,
  failure_streak: 0,
  last_delivery: { state: 'SUCCEEDED', status_code: 200, at: '2026-11-20T09:30:00.000Z' },
  created_at: '2026-11-01T08:00:00.000Z',
};
const door: WebhookDto = {
  ...crm,
  id: 4,
  url: 'https://door.example.org/in',
  description: '',
  event_types: ['checkin.created'],
  event_id: 7,
  event_title: 'Summer concert',
  enabled: false,
  disabled_reason: 'FAILURES',
  failure_streak: 0,
  last_delivery: null,
};
const events = [{ id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin' }];
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(webhooks: WebhookDto[], permissions = ['webhooks.manage']) {
  let list = webhooks;
  let secrets = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/me') return json(200, me(permissions));
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url === '/api/webhooks' && method === 'GET') return json(200, { data: list });
    if (url === '/api/webhooks' && method === 'POST') {
      if (body.url.includes('localhost')) {
        return json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields',
            field_errors: { url: ['This address is on a private network: use a public one.'] },
          },
        });
      }
      const made = {
        ...crm,
        id: 9,
        ...body,
        event_title: body.event_id ? 'Summer concert' : null,
        last_delivery: null,
        secret: 'whsec_FIRST0123456789',
      };
      list = [made, ...list];
      return json(201, { data: made });
    }
    const one = /^\/api\/webhooks\/(\d+)(\/secret)?$/.exec(url);
    if (one) {
      const id = Number(one[1]);
      const found = list.find((w) => w.id === id)!;
      if (one[2] && method === 'POST') return json(200, { data: { ...found, secret: `whsec_ROTATED${++secrets}` } });
      if (method === 'DELETE') {
        list = list.filter((w) => w.id !== id);
        return json(204, null);
      }
      if (method === 'PUT') {
        const saved = { ...found, ...body, disabled_reason: body.enabled ? null : found.disabled_reason };
        list = list.map((w) => (w.id === id ? saved : w));
        return json(200, { data: saved });
      }
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<WebhooksPage />, { query: true, router: true });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
  return { fetchMock, calls };
}

afterEach(() => vi.unstubAllGlobals());

async function openMenu(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

// Dialogs and several round trips each: slower than the default 5 s on a busy machine.
describe('WebhooksPage', { timeout: 15_000 }, () => {
  it('lists webhooks with URL, description, events, status and last delivery', async () => {
    setup([crm, door]);
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'CRM sync' }).getAttribute('href')).toBe('/account/webhooks/5');
    expect(within(rows[0]!).getByText('https://crm.example.com/hooks/admitone')).toBeTruthy();
    expect(within(rows[0]!).getByText('All events')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 kinds of events')).toBeTruthy();
    expect(within(rows[0]!).getByText('On')).toBeTruthy();
    expect(within(rows[0]!).getByText('Delivered')).toBeTruthy();
    // In the reader's time zone (09:30 UTC is 10:30 in Berlin in November).
    expect(within(rows[0]!).getByText(/^Nov 20, 2026, 10:30.* · HTTP 200$/)).toBeTruthy();
    // Without a description the URL names it.
    expect(within(rows[1]!).getByRole('link', { name: 'https://door.example.org/in' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Summer concert')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 kind of event')).toBeTruthy();
    expect(within(rows[1]!).getByText('Off')).toBeTruthy();
    expect(within(rows[1]!).getByText('Turned off after repeated failures')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nothing sent yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
  });

  it('says what webhooks are for when there are none', async () => {
    setup([]);
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add webhook' })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('adds a webhook after checking the form and the server, then shows its secret once', async () => {
    const { calls } = setup([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add webhook' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    submit();
    expect(await within(dialog).findByText('Choose at least one kind of event to send.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid web address starting with http:// or https://.')).toBeTruthy();
    expect(calls('POST', '/api/webhooks')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: 'http://localhost:9000/hook' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Door system' },
    });
    // A whole group, and one kind from another.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Check-ins' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Order completed/ }));
    const orders = within(dialog).getByRole('checkbox', { name: 'Orders' }) as HTMLInputElement;
    expect(orders.indeterminate).toBe(true);
    const only = within(dialog)
      .getAllByLabelText(/^Only one event/)
      .find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(only);
    fireEvent.click(await screen.findByRole('option', { name: /Summer concert/ }));
    submit();

    // The server refuses a private address: said on the field.
    expect(await within(dialog).findByText('This address is on a private network: use a public one.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /URL/ }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: 'https://door.example.org/in' },
    });
    submit();

    const shown = await screen.findByRole('dialog', { name: "Your webhook's signing secret" });
    expect((within(shown).getByTestId('webhook-secret') as HTMLInputElement).value).toBe('whsec_FIRST0123456789');
    expect(
      within(shown).getByText(
        'This is the only time the secret is shown. If it gets lost, rotate it to get a new one.',
      ),
    ).toBeTruthy();
    const example = within(shown).getByTestId('webhook-verify-example').textContent!;
    // The Standard Webhooks way: the library checks id, timestamp and signature.
    expect(example).toContain("import { Webhook } from 'standardwebhooks';");
    expect(example).toContain('new Webhook(secret).verify(rawBody, headers)');
    expect(within(shown).getByText('webhook-signature')).toBeTruthy();
    // The older header is named, with the day it stops.
    expect(within(shown).getByText('AdmitOne-Signature')).toBeTruthy();
    expect(within(shown).getByText(/still sent until 2027-12-31/)).toBeTruthy();

    const posted = calls('POST', '/api/webhooks');
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual({
      url: 'https://door.example.org/in',
      description: 'Door system',
      event_types: ['order.completed', 'checkin.created', 'checkin.deleted'],
      event_id: 7,
      enabled: true,
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Your webhook's signing secret" })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Door system' })).toBeTruthy();
    // Shown once: nowhere on the screen any more.
    expect(screen.queryByDisplayValue('whsec_FIRST0123456789')).toBeNull();
  });

  it('selects every kind of event at once', async () => {
    const { calls } = setup([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add webhook' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: 'https://crm.example.com/all' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await screen.findByRole('dialog', { name: "Your webhook's signing secret" });
    expect(calls('POST', '/api/webhooks')[0].event_types).toHaveLength(15);
  });

  it('edits a webhook', async () => {
    const { calls } = setup([crm]);
    fireEvent.click(within(await openMenu('CRM sync')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect((within(dialog).getByRole('textbox', { name: /URL/ }) as HTMLInputElement).value).toBe(crm.url);
    expect((within(dialog).getByRole('checkbox', { name: /Order placed/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Order refunded/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(calls('PUT', '/api/webhooks/5')).toHaveLength(1));
    expect(calls('PUT', '/api/webhooks/5')[0]).toEqual({
      url: crm.url,
      description: 'CRM sync',
      event_types: ['order.created', 'order.completed', 'order.refunded', 'attendee.created'],
      event_id: null,
      enabled: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit webhook' })).toBeNull());
  });

  it('turns a webhook off and on again', async () => {
    const { calls } = setup([door]);
    fireEvent.click(within(await openMenu('https://door.example.org/in')).getByRole('menuitem', { name: 'Turn on' }));
    await waitFor(() => expect(calls('PUT', '/api/webhooks/4')).toHaveLength(1));
    expect(calls('PUT', '/api/webhooks/4')[0]).toMatchObject({
      url: door.url,
      event_types: ['checkin.created'],
      event_id: 7,
      enabled: true,
    });
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.queryByText('Turned off after repeated failures')).toBeNull();
    fireEvent.click(within(await openMenu('https://door.example.org/in')).getByRole('menuitem', { name: 'Turn off' }));
    await waitFor(() => expect(calls('PUT', '/api/webhooks/4')).toHaveLength(2));
    expect(calls('PUT', '/api/webhooks/4')[1]).toMatchObject({ enabled: false });
  });

  it('rotates the secret after asking, and shows the new one once', async () => {
    const { calls } = setup([crm]);
    fireEvent.click(within(await openMenu('CRM sync')).getByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate signing secret?' });
    expect(calls('POST', '/api/webhooks/5/secret')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: "Your webhook's signing secret" });
    expect((within(shown).getByTestId('webhook-secret') as HTMLInputElement).value).toBe('whsec_ROTATED1');
    expect(within(shown).getByText(/The old secret no longer signs deliveries/)).toBeTruthy();
    expect(calls('POST', '/api/webhooks/5/secret')).toHaveLength(1);
  });

  it('deletes a webhook after asking', async () => {
    const { calls } = setup([crm, door]);
    fireEvent.click(within(await openMenu('CRM sync')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook?' });
    expect(within(dialog).getByText(/Nothing more is sent to “CRM sync”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(calls('DELETE', '/api/webhooks/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'CRM sync' })).toBeNull());
    expect(screen.getByRole('link', { name: 'https://door.example.org/in' })).toBeTruthy();
  });

  it('is closed to people who may not manage webhooks', async () => {
    const { fetchMock } = setup([crm], ['events.manage']);
    expect(await screen.findByText(/permission/i)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/webhooks')).toBe(false);
  });
});
