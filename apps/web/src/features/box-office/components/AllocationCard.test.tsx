import type { AllocationDto } from '@admitone/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { AllocationCard } from './AllocationCard';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const allocation: AllocationDto = {
  date_id: 11,
  items: [
    { ticket_id: 3, tier_id: null, name: 'Standard', kept: 20, claimed: 10, sold: 4 },
    { ticket_id: 5, tier_id: 8, name: 'Festival – Early', kept: 0, claimed: 0, sold: 0 },
    { ticket_id: 5, tier_id: 9, name: 'Festival – Late', kept: 6, claimed: 2, sold: 1 },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const URL = '/api/events/7/box-office/allocations/11';

function setup({
  data = allocation,
  permissions = ['events.manage', 'boxoffice.sell'],
  canEdit,
  put = (body: unknown) => json(200, { data: { ...data, ...(body as object) } }),
}: {
  data?: AllocationDto;
  permissions?: string[];
  canEdit?: boolean;
  put?: (body: unknown) => Response;
} = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/me') return json(200, { data: { user: { id: 1, name: 'Ada' }, permissions } });
    if (url === URL && (init?.method ?? 'GET') === 'GET') return json(200, { data });
    if (url === URL && init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const shown = vi.spyOn(notifications, 'show');
  renderWithProviders(<AllocationCard eventId={7} dateId={11} canEdit={canEdit} />, { query: true });
  const puts = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));
  return { shown, puts };
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('AllocationCard', () => {
  it('shows per line what is kept for the door, on staff devices and sold, with an input for each', async () => {
    setup();
    const card = await screen.findByRole('region', { name: 'Kept for the door' });
    expect(within(card).getByText(/taken from the event’s stock now/)).toBeTruthy();
    await within(card).findByRole('cell', { name: 'Standard' });
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Ticket', 'Kept', 'On staff devices', 'Sold at the box office']);
    expect(cells('Standard').slice(2)).toEqual(['10', '4']);
    expect(cells('Festival – Late').slice(2)).toEqual(['2', '1']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Kept for the door: Standard' }).value).toBe('20');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Kept for the door: Festival – Early' }).value).toBe(
      '0',
    );
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends only the lines changed, with their ticket and tier, and says it saved', async () => {
    const { puts, shown } = setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Kept for the door: Festival – Early' }), {
      target: { value: '12' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Kept for the door: Standard' }), {
      target: { value: '15' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown).toHaveBeenCalled());
    expect(puts()).toEqual([
      {
        items: [
          { ticket_id: 3, tier_id: null, quantity: 15 },
          { ticket_id: 5, tier_id: 8, quantity: 12 },
        ],
      },
    ]);
    expect(shown.mock.calls[0]![0].message).toBe('The units kept for the door have been saved.');
  });

  it('puts a refusal on the input of the line it is about', async () => {
    const { puts, shown } = setup({
      put: () =>
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            field_errors: { 'items.1.quantity': ['Only 3 are left.'] },
          },
        }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Kept for the door: Standard' }), {
      target: { value: '21' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Kept for the door: Festival – Late' }), {
      target: { value: '9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const late = screen.getByRole('textbox', { name: 'Kept for the door: Festival – Late' });
    await waitFor(() => expect(late.getAttribute('aria-invalid')).toBe('true'));
    const described = late.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Only 3 are left.');
    expect(screen.getByRole('textbox', { name: 'Kept for the door: Standard' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(puts()[0].items).toEqual([
      { ticket_id: 3, tier_id: null, quantity: 21 },
      { ticket_id: 5, tier_id: 9, quantity: 9 },
    ]);
    expect(shown).not.toHaveBeenCalled();
  });

  it('shows a refusal of the whole allocation above the button', async () => {
    setup({
      put: () =>
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            field_errors: { items: ['This date is cancelled.'] },
          },
        }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Kept for the door: Standard' }), {
      target: { value: '25' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This date is cancelled.');
  });

  it('only shows the figures to those who do not manage the event', async () => {
    const { puts } = setup({ permissions: ['boxoffice.sell'] });
    await screen.findByRole('cell', { name: 'Standard' });
    expect(cells('Standard')).toEqual(['Standard', '20', '10', '4']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText(/Keep fewer/)).toBeNull();
    expect(puts()).toEqual([]);
  });

  it('is read-only when told so, whatever the permissions', async () => {
    setup({ canEdit: false });
    await screen.findByRole('cell', { name: 'Standard' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when nothing can be kept for the door', async () => {
    setup({ data: { date_id: 11, items: [] } });
    expect(
      await screen.findByText(
        'Nothing here can be kept for the door: only tickets sold at the box office without a seat can.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
