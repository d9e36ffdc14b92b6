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
  sells_at_box_office: false,
} as TeamMemberDto;
const events = [
  { id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin', date_count: 1 },
];
const organizers = [
  { id: 1, name: 'A Presents' },
  { id: 2, name: 'B Live' },
];
const limited = {
  ...member,
  name: 'Olga Organizer',
  role: 'ORGANIZER',
  event_ids: [],
  organizer_ids: [1],
} as TeamMemberDto;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(who: TeamMemberDto) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url.startsWith('/api/organizers?')) return json(200, { data: organizers, meta: { total: organizers.length } });
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

const organizersInput = () => screen.getAllByLabelText(/^Limit to organizers/).find((el) => el.tagName === 'INPUT')!;

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

  it('gives door staff the box office, a choice shown to door staff only', async () => {
    const { onDone, sent } = setup(member);
    const option = screen.getByRole('checkbox', { name: /May also sell at the box office/ }) as HTMLInputElement;
    expect(option.checked).toBe(false);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'DOOR_STAFF', event_ids: [7], sells_at_box_office: true }]);
  });

  it('takes the box office away, and sends no option for another role', async () => {
    const { onDone, sent } = setup({ ...member, sells_at_box_office: true });
    const option = screen.getByRole('checkbox', { name: /May also sell at the box office/ }) as HTMLInputElement;
    expect(option.checked).toBe(true);
    // Another role: the choice goes, and is not sent (the server refuses it for any role but door staff).
    fireEvent.click(screen.getByRole('radio', { name: /Box office/ }));
    expect(screen.queryByRole('checkbox', { name: /May also sell at the box office/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Door staff/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /May also sell at the box office/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'DOOR_STAFF', event_ids: [7], sells_at_box_office: false }]);
  });

  it('sends no events for an organizer, who sees every event, and no organizers when none is chosen', async () => {
    const { onDone, sent } = setup({ ...member, role: 'BOX_OFFICE' });
    expect((screen.getByRole('radio', { name: /Box office/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /May also sell at the box office/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Organizer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'ORGANIZER', organizer_ids: [] }]);
  });

  it('changes the organizers an organizer is limited to', async () => {
    const { onDone, sent } = setup(limited);
    // The chosen organizer stays chosen (a pill, once the organizers have loaded).
    expect((await screen.findAllByText('A Presents')).length).toBeGreaterThan(0);
    await waitFor(() => expect(organizersInput()).toHaveProperty('disabled', false));
    fireEvent.click(organizersInput());
    fireEvent.click(await screen.findByRole('option', { name: 'B Live' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'ORGANIZER', organizer_ids: [1, 2] }]);
  });

  it('lifts the limit with an emptied list', async () => {
    const { onDone, sent } = setup(limited);
    await waitFor(() => expect(organizersInput()).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByLabelText('Clear the organizers'));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'ORGANIZER', organizer_ids: [] }]);
  });

  it('sends no organizers for another role (the server lifts the limit)', async () => {
    const { onDone, sent } = setup(limited);
    fireEvent.click(screen.getByRole('radio', { name: /Admin/ }));
    expect(screen.queryAllByLabelText(/^Limit to organizers/)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ role: 'ADMIN' }]);
  });

  it('shows the server’s refusal on the organizers', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/organizers?')) return json(200, { data: organizers, meta: { total: 2 } });
      if (url === `/api/users/${limited.id}` && init?.method === 'PUT')
        return json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The given data was invalid.',
            field_errors: { organizer_ids: ['This choice does not exist.'] },
          },
        });
      return json(404, { error: { code: 'NOT_FOUND', message: '' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithProviders(<ChangeRoleForm member={limited} onDone={onDone} />, { query: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    const error = await screen.findByText('This choice does not exist.');
    expect(organizersInput().getAttribute('aria-invalid')).toBe('true');
    expect(organizersInput().getAttribute('aria-describedby')).toContain(error.id);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal on the box-office choice', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/check-in/events') return json(200, { data: events });
      if (url === `/api/users/${member.id}` && init?.method === 'PUT')
        return json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The given data was invalid.',
            field_errors: {
              sells_at_box_office: [
                'Only door staff can be given the box office as well: the other roles sell there already.',
              ],
            },
          },
        });
      return json(404, { error: { code: 'NOT_FOUND', message: '' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithProviders(<ChangeRoleForm member={member} onDone={onDone} />, { query: true });
    fireEvent.click(screen.getByRole('checkbox', { name: /May also sell at the box office/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(
      await screen.findByText(
        'Only door staff can be given the box office as well: the other roles sell there already.',
      ),
    ).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
