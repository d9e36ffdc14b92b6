import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { InviteUserForm } from './InviteUserForm';

const me = {
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['users.manage'],
  },
};
const events = [
  { id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin', date_count: 1 },
];
const organizers = [
  { id: 1, name: 'A Presents' },
  { id: 2, name: 'B Live' },
];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/me') return json(200, me);
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url.startsWith('/api/organizers?')) return json(200, { data: organizers, meta: { total: organizers.length } });
    if (url === '/api/users' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      return json(201, { data: { id: 9, email: body.email, role: body.role, event_ids: body.event_ids ?? [] } });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<InviteUserForm onDone={onDone} />, { query: true });
  const posted = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === '/api/users' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)));
  return { onDone, posted };
}

const eventsInput = () => screen.getAllByLabelText(/^Events/).find((el) => el.tagName === 'INPUT')!;
const organizersInput = () => screen.getAllByLabelText(/^Limit to organizers/).find((el) => el.tagName === 'INPUT')!;

afterEach(() => vi.unstubAllGlobals());

describe('InviteUserForm', () => {
  it('invites box-office staff with the events they sell at, after asking for at least one', async () => {
    const { onDone, posted } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'bo@example.com' } });
    expect(screen.queryAllByLabelText(/^Events/)).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /Box office/ }));
    expect(
      screen.getByText(
        'Sells tickets at the door and checks guests in at the events you choose. Sees attendee names and tickets, nothing else.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The events this person sells tickets and checks guests in at.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    expect(posted()).toEqual([]);

    await waitFor(() => expect(eventsInput()).toHaveProperty('disabled', false));
    fireEvent.click(eventsInput());
    fireEvent.click(await screen.findByRole('option', { name: /Summer concert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([{ email: 'bo@example.com', role: 'BOX_OFFICE', event_ids: [7] }]);
  });

  it('invites door staff who may also sell at the box office', async () => {
    const { onDone, posted } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'door@example.com' } });
    // The choice is for door staff only.
    expect(screen.queryByRole('checkbox', { name: /May also sell at the box office/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Box office/ }));
    expect(screen.queryByRole('checkbox', { name: /May also sell at the box office/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Door staff/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /May also sell at the box office/ }));
    await waitFor(() => expect(eventsInput()).toHaveProperty('disabled', false));
    fireEvent.click(eventsInput());
    fireEvent.click(await screen.findByRole('option', { name: /Summer concert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([
      { email: 'door@example.com', role: 'DOOR_STAFF', event_ids: [7], sells_at_box_office: true },
    ]);
  });

  it('sends no events for an organizer, who sees every event, and no organizers when none is chosen', async () => {
    const { onDone, posted } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'org@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([{ email: 'org@example.com', role: 'ORGANIZER', organizer_ids: [] }]);
  });

  it('invites an organizer limited to some organizers, a choice shown to organizers only', async () => {
    const { onDone, posted } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'org@example.com' } });
    expect(
      screen.getByText(
        "Leave empty to give access to every organizer and their events. A limited organizer sees only these organizers' events, reports and exports.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(organizersInput()).toHaveProperty('disabled', false));
    fireEvent.click(organizersInput());
    fireEvent.click(await screen.findByRole('option', { name: 'B Live' }));
    fireEvent.click(screen.getByRole('radio', { name: /Admin/ }));
    expect(screen.queryAllByLabelText(/^Limit to organizers/)).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /^Organizer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([{ email: 'org@example.com', role: 'ORGANIZER', organizer_ids: [2] }]);
  });

  it('sends no organizers for another role', async () => {
    const { onDone, posted } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'admin@example.com' } });
    await waitFor(() => expect(organizersInput()).toHaveProperty('disabled', false));
    fireEvent.click(organizersInput());
    fireEvent.click(await screen.findByRole('option', { name: 'A Presents' }));
    fireEvent.click(screen.getByRole('radio', { name: /Admin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([{ email: 'admin@example.com', role: 'ADMIN' }]);
  });
});
