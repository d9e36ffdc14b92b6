import type { PassPicksDto, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { PassPicksSection } from './PassPicksSection';

afterEach(() => vi.unstubAllGlobals());

const date = (id: number, start: string) => ({ id, start_date: start, end_date: null, label: null, location: null });
const pass = (patch: Partial<PassPicksDto> = {}): PassPicksDto => ({
  ticket_id: 30,
  ticket_name: 'Five-show pass',
  picks: 5,
  picked: 1,
  choosable: [date(3, '2026-12-19T18:30:00.000Z'), date(4, '2026-12-26T18:30:00.000Z')],
  ...patch,
});
const orderWith = (passes: PassPicksDto[]) =>
  ({ short_id: 'o1', event: { id: 7, timezone: 'Europe/Berlin' }, pass_picks: passes }) as unknown as PublicOrderDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('PassPicksSection', () => {
  it('says how many dates are picked, picks the one chosen and announces it', async () => {
    const after = orderWith([pass({ picked: 2, choosable: [date(3, '2026-12-19T18:30:00.000Z')] })]);
    const fetchMock = vi.fn(async () => json(200, { data: after }));
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    renderWithProviders(<PassPicksSection order={orderWith([pass()])} onChange={onChange} />);
    expect(screen.getByRole('heading', { name: 'Pick your dates' })).toBeTruthy();
    expect(screen.getByText('Five-show pass: 1 of 5 dates picked')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Date for Five-show pass' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Dec 19, 2026, 7:30 PM', 'Dec 26, 2026, 7:30 PM']);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this date' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(after));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/events/7/order/o1/pass-picks');
    expect(JSON.parse(String(init.body))).toEqual({ ticket_id: 30, event_date_id: 4 });
    expect(await screen.findByText('Added Dec 26, 2026, 7:30 PM: its ticket is with your tickets.')).toBeTruthy();
  });

  it('shows nothing without such a pass, and says so when every date is picked', () => {
    const { unmount } = renderWithProviders(<PassPicksSection order={orderWith([])} onChange={vi.fn()} />);
    expect(screen.queryByRole('heading', { name: 'Pick your dates' })).toBeNull();
    unmount();
    renderWithProviders(
      <PassPicksSection order={orderWith([pass({ picked: 5, choosable: [] })])} onChange={vi.fn()} />,
    );
    expect(screen.getByText('Every date of this pass is picked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add this date' })).toBeNull();
  });
});
