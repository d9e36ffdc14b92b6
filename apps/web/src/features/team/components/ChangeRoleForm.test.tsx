import type { TeamMemberDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { ChangeRoleForm } from './ChangeRoleForm';

const member = {
  id: 12,
  name: 'Dora Door',
  email: 'dora@example.com',
  role: 'DOOR_STAFF',
  event_ids: [7],
} as TeamMemberDto;
const events = [
  { id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin', date_count: 1 },
];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(who: TeamMemberDto) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url === `/api/users/${who.id}` && init?.method === 'PUT')
      return json(200, { data: { ...who, ...JSON.parse(String(init.body)) } });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<ChangeRoleForm member={who} onDone={onDone} />, { query: true });
  const sent = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));
  return { onDone, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangeRoleForm', () => {
  it('moves door staff to the box office with the same events', async () => {
    const { onDone, sent } = setup(member);
    fireEvent.click(screen.getByRole('radio', { name: /Box office/ }));
    expect(screen.getByText('The events this person sells tickets and checks guests in at.')).toBeTruthy();
    // The chosen event stays chosen (a pill, once the events have loaded).
    expect((await screen.findAllByText(/Summer concert/)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'BOX_OFFICE', event_ids: [7] }]);
  });

  it('sends only the role for one who sees every event', async () => {
    const { onDone, sent } = setup({ ...member, role: 'BOX_OFFICE' });
    expect((screen.getByRole('radio', { name: /Box office/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^Organizer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'ORGANIZER' }]);
  });
});
