import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { planDto, theatre } from '../seating-fixtures';
import { SeatingPlanPage } from './SeatingPlanPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The draft with a problem or two, as the API refuses to publish it. */
const refused = {
  error: {
    code: 'VALIDATION_ERROR',
    message: 'Some fields are invalid.',
    field_errors: {
      'layout.zones.0.rows.1.seats.2.seat_number': ['Another seat in this row has this number.'],
      'layout.zones.1.rows.0.seats.0.category': ['Choose one of the plan’s categories.'],
      'layout.zones.1.areas.0.standing.category': ['Choose one of the plan’s categories.'],
      'layout.categories.1.name': ['Another category of the plan has this name.'],
      'layout.zones': ['Add at least one seat or standing area before publishing the plan.'],
    },
  },
};

function setup(answer?: (method: string, url: string, body: unknown) => Response | undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer?.(method, url, body);
    if (answered) return answered;
    if (url === '/api/organizers/3') return json(200, { data: { id: 3, name: 'Riverside Hall' } });
    if (url === '/api/organizers/3/seating-plans/5' && method === 'GET') return json(200, { data: planDto() });
    if (url === '/api/organizers/3/seating-plans') return json(200, { data: [] });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/manage/organizer/:organizerId/seating-plans', Component: () => <p>The list</p> },
      { path: '/manage/organizer/:organizerId/seating-plans/:planId', Component: SeatingPlanPage },
    ],
    { initialEntries: ['/manage/organizer/3/seating-plans/5'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
  return { calls, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('SeatingPlanPage', () => {
  it('shows the plan: name, counts, preview, the draft and versions with their downloads', async () => {
    setup((method, url) =>
      method === 'GET' && url === '/api/organizers/3/seating-plans/5'
        ? json(200, {
            data: planDto({
              versions: [
                {
                  version: 1,
                  counts: { seats: 6, standing: 0, categories: 1 },
                  published_at: '2026-11-03T10:00:00.000Z',
                },
              ],
            }),
          })
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Town theatre', level: 1 })).toBeTruthy();
    expect(screen.getByText('Published: version 1')).toBeTruthy();
    expect(screen.getAllByText('Unpublished changes').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: /^Seating plan with 8 seats/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Town theatre');
    const versions = screen.getByRole('table', { name: 'Versions' });
    const rows = within(versions).getAllByTestId('seating-version-row');
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['DraftUnpublished changes', 'Version 1']);
    expect(within(rows[1]!).getByRole('button', { name: 'Download version 1 as pretix JSON' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Download the seats of version 1 as CSV' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Download the draft as pretix JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish version 2' })).toBeTruthy();
  });

  it('saves a new name with the layout as it is', async () => {
    const { calls } = setup((method, url, body) =>
      method === 'PUT' && url === '/api/organizers/3/seating-plans/5'
        ? json(200, { data: planDto(body as object) })
        : undefined,
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Town theatre, main hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT')[0]![1]!.body))).toEqual({ name: 'Town theatre, main hall', layout: theatre });
    expect(await screen.findByRole('heading', { name: 'Town theatre, main hall', level: 1 })).toBeTruthy();
  });

  it("lists a refused publication's problems in words: zone by name, row and seat by number, with the message", async () => {
    const { calls } = setup((method, url) =>
      method === 'POST' && url === '/api/organizers/3/seating-plans/5/publish' ? json(422, refused) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const problems = await screen.findByTestId('plan-problems');
    expect(calls('POST')).toHaveLength(1);
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Zone “Ground floor”, row B, seat 3: Another seat in this row has this number.',
      'Zone “Balcony”, row 1, seat 1: Choose one of the plan’s categories.',
      'Zone “Balcony”, standing area “Pit”: Choose one of the plan’s categories.',
      'Category “Balcony” (number 2): Another category of the plan has this name.',
      'Add at least one seat or standing area before publishing the plan.',
    ]);
  });

  it('publishes, then deletes the plan after asking', async () => {
    const { calls, router } = setup((method, url) => {
      if (method === 'POST' && url === '/api/organizers/3/seating-plans/5/publish')
        return json(200, {
          data: planDto({
            unpublished_changes: false,
            versions: [{ version: 1, counts: planDto().counts, published_at: '2026-11-03T10:00:00.000Z' }],
          }),
        });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: version 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish version 2' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Same as version 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete seating plan' });
    expect(within(dialog).getByText(/^Delete Town theatre with its draft and all its versions\?/)).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/organizer/3/seating-plans'));
    expect(calls('DELETE').map(([url]) => url)).toEqual(['/api/organizers/3/seating-plans/5']);
  });
});
