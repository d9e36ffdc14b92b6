import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { planDto, theatre } from '../seating-fixtures';
import { SeatingPlansPage } from './SeatingPlansPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const { layout: _layout, ...listed } = planDto();
const published = {
  ...listed,
  id: 6,
  name: 'Annex',
  counts: { seats: 120, standing: 0, categories: 3 },
  unpublished_changes: true,
  versions: [{ version: 2, counts: listed.counts, published_at: '2026-11-03T10:00:00.000Z' }],
};

function setup(
  plans: unknown[] | Promise<never>,
  answer?: (method: string, url: string, body: unknown) => Response | undefined,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer?.(method, url, body);
    if (answered) return answered;
    if (url === '/api/organizers/3') return json(200, { data: { id: 3, name: 'Riverside Hall' } });
    if (url === '/api/organizers/3/seating-plans' && method === 'GET') {
      if (plans instanceof Promise) return plans;
      return json(200, { data: plans });
    }
    if (url === '/api/organizers/3/seating-plans/5') return json(200, { data: planDto() });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/manage/organizer/:organizerId/seating-plans', Component: SeatingPlansPage },
      { path: '/manage/organizer/:organizerId/seating-plans/:planId', Component: () => <p>Plan page</p> },
    ],
    { initialEntries: ['/manage/organizer/3/seating-plans'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
  return { calls, router };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

afterEach(() => vi.unstubAllGlobals());

describe('SeatingPlansPage', () => {
  it('shows a loader while the plans load', async () => {
    setup(new Promise<never>(() => {}));
    expect(await screen.findByRole('heading', { name: 'Seating plans', level: 1 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No seating plans yet')).toBeNull();
  });

  it('explains seating plans when there are none, and offers a new plan or an import', async () => {
    setup([]);
    expect(await screen.findByText('No seating plans yet')).toBeTruthy();
    expect(screen.getByText(/A seating plan is a drawing of a venue/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import a pretix file' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Riverside Hall' }).getAttribute('href')).toBe('/manage/organizer/3');
  });

  it('lists each plan with its counts, latest version or "Not published", and unpublished changes', async () => {
    setup([published, listed]);
    const table = await screen.findByRole('table', { name: 'Seating plans' });
    const rows = within(table).getAllByTestId('seating-plan-row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Annex', '120', '0', '3', 'Version 2Unpublished changes'],
      ['Town theatre', '8', '40', '2', 'Not published'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Town theatre' }).getAttribute('href')).toBe(
      '/manage/organizer/3/seating-plans/5',
    );
  });

  it('makes a new plan by its name and opens it', async () => {
    const { calls, router } = setup([], (method, url) =>
      method === 'POST' && url === '/api/organizers/3/seating-plans' ? json(201, { data: planDto() }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New seating plan' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Town theatre' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/organizer/3/seating-plans/5'));
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({ name: 'Town theatre' });
  });

  it('refuses a file that is not JSON before sending anything, and imports a pretix file as { pretix }', async () => {
    const { calls, router } = setup([], (method, url) =>
      method === 'POST' && url === '/api/organizers/3/seating-plans/import'
        ? json(201, { data: planDto() })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import a pretix file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a pretix file' });
    pick(new File(['<svg>not a plan</svg>'], 'plan.svg', { type: 'image/svg+xml' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This file is not JSON. Choose a seating plan file (.json) exported from pretix.',
    );
    expect(within(dialog).getByLabelText('Pretix seating plan file').getAttribute('aria-invalid')).toBe('true');
    pick(new File([JSON.stringify({ rows: [] })], 'other.json', { type: 'application/json' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^This JSON file is not a seating plan/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import plan' }));
    expect(calls('POST')).toHaveLength(0);

    pick(new File([JSON.stringify(theatre)], 'theatre.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('theatre.json')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }).getAttribute('placeholder')).toBe('Town theatre');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/organizer/3/seating-plans/5'));
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({ pretix: theatre });
  });

  it("lists the API's problems with a file in words", async () => {
    setup([], (method, url) =>
      method === 'POST' && url === '/api/organizers/3/seating-plans/import'
        ? json(422, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Some fields are invalid.',
              field_errors: { 'pretix.zones.1.rows.0.seats.1.position.x': ['Enter a number.'] },
            },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import a pretix file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a pretix file' });
    pick(new File([JSON.stringify(theatre)], 'theatre.json', { type: 'application/json' }));
    await within(dialog).findByText('theatre.json');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import plan' }));
    const problems = await within(dialog).findByTestId('plan-problems');
    expect(within(problems).getByText('The file could not be imported')).toBeTruthy();
    expect(within(problems).getByRole('listitem').textContent).toBe('Zone “Balcony”, row 1, seat 2: Enter a number.');
  });
});
