import type { EventSeatingDto } from '@admitone/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { planDto, theatre } from '../seating-fixtures';
import { EventSeatingPage } from './EventSeatingPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const { layout: _layout, ...listed } = planDto();
const version = (n: number) => ({ version: n, counts: listed.counts, published_at: '2026-11-03T10:00:00.000Z' });
const published = { ...listed, versions: [version(1), version(2)] };
const draftOnly = { ...listed, id: 6, name: 'Annex', versions: [] };

const ticket = (over: object) => ({
  event_id: 7,
  category_id: 1,
  type: 'PAID',
  product_type: 'TICKET',
  is_pass: false,
  tiers: [],
  ...over,
});
const tickets = [
  ticket({ id: 11, name: 'Stalls seat' }),
  ticket({
    id: 12,
    name: 'Box',
    type: 'TIERED',
    tiers: [
      { id: 21, label: 'Front' },
      { id: 22, label: 'Back' },
    ],
  }),
  ticket({ id: 13, name: 'Programme', product_type: 'GENERAL' }),
  ticket({ id: 14, name: 'Season', is_pass: true }),
];

const unmapped = (planVersion: number, latest = planVersion): EventSeatingDto => ({
  plan: { id: 5, name: 'Town theatre', version: planVersion, latest_version: latest },
  categories: [
    { category: 'Stalls', color: '#7048e8', seats: 6, standing: 0, ticket_id: null, tier_id: null },
    { category: 'Balcony', color: '#f59f00', seats: 2, standing: 40, ticket_id: null, tier_id: null },
  ],
});

function setup(
  seating: EventSeatingDto,
  plans: unknown[] = [published, draftOnly],
  answer?: (method: string, url: string, body: unknown) => Response | undefined,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer?.(method, url, body);
    if (answered) return answered;
    if (url === '/api/events/7')
      return json(200, {
        data: { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', organizer: { id: 3, name: 'Riverside Hall' } },
      });
    if (url === '/api/events/7/seating' && method === 'GET') return json(200, { data: seating });
    if (url === '/api/organizers/3/seating-plans') return json(200, { data: plans });
    const v = /^\/api\/organizers\/3\/seating-plans\/5\/versions\/(\d)$/.exec(url);
    if (v) return json(200, { data: { ...version(Number(v[1])), layout: theatre } });
    if (url === '/api/events/7/tickets') return json(200, { data: tickets, meta: {} });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const shown = vi.spyOn(notifications, 'show');
  const router = createMemoryRouter(
    [
      { path: '/manage/event/:eventId/seating', Component: EventSeatingPage },
      { path: '/manage/organizer/:organizerId/seating-plans', Component: () => <p>Plans page</p> },
    ],
    { initialEntries: ['/manage/event/7/seating'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => [url, JSON.parse(String(init!.body))] as const);
  return { puts, shown, router };
}

async function pick(name: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const row = (category: string) =>
  screen.getAllByTestId('seating-category-row').find((r) => r.textContent?.startsWith(category))!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EventSeatingPage', () => {
  it('explains reserved seating without a plan, offers the published plans and seats the event by one', async () => {
    const { puts } = setup({ plan: null, categories: [] }, [published, draftOnly], (method, url) =>
      method === 'PUT' && url === '/api/events/7/seating' ? json(200, { data: unmapped(2) }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Seating', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No seating plan for this event')).toBeTruthy();
    expect(screen.getByText(/buyers choose their own seats on a plan of the venue/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Use this plan' }));
    expect(await screen.findByText('Choose a seating plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Seating plan' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Town theatre (version 2)']);
    fireEvent.click(screen.getByRole('option', { name: 'Town theatre (version 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use this plan' }));
    expect(await screen.findByText('Version 2 of 2')).toBeTruthy();
    expect(puts()).toEqual([['/api/events/7/seating', { plan_id: 5, version: null, categories: [] }]]);
    const drawing = 'Seating plan with 8 seats and 40 standing places in 2 categories';
    expect(await screen.findByRole('img', { name: drawing })).toBeTruthy();
    expect(
      (await screen.findAllByTestId('seating-category-row')).map((r) => r.querySelectorAll('td')[0]!.textContent),
    ).toEqual(['Stalls', 'Balcony']);
  });

  it('links to the seating plans when none is published', async () => {
    setup({ plan: null, categories: [] }, [draftOnly]);
    expect(await screen.findByText(/None of the organizer’s seating plans is published yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open seating plans' }).getAttribute('href')).toBe(
      '/manage/organizer/3/seating-plans',
    );
    expect(screen.queryByRole('combobox', { name: 'Seating plan' })).toBeNull();
  });

  it('maps categories to tickets that admit one person; a tiered ticket needs a tier; Save sends every mapping', async () => {
    const { puts, shown } = setup(unmapped(2), [published], (method, url, body) => {
      if (method !== 'PUT' || url !== '/api/events/7/seating') return undefined;
      const sent = (body as { categories: { category: string; ticket_id: number; tier_id: number | null }[] })
        .categories;
      const seating = unmapped(2);
      for (const c of seating.categories) Object.assign(c, sent.find((s) => s.category === c.category) ?? {});
      return json(200, { data: seating });
    });
    expect(await screen.findByText('Town theatre')).toBeTruthy();
    expect(screen.getByText('Version 2 of 2')).toBeTruthy();
    await screen.findAllByTestId('seating-category-row');
    expect(screen.queryByRole('button', { name: /Move to version/ })).toBeNull();
    expect([...row('Balcony').querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)).toEqual([
      'Balcony',
      '2',
      '40',
    ]);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(row('Stalls')).getByRole('combobox', { name: 'Ticket for Stalls' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Not sold',
      'Stalls seat',
      'Box',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Stalls seat' }));
    await pick('Ticket for Balcony', 'Box');
    expect(await screen.findByRole('combobox', { name: 'Tier for Balcony' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Tier for Stalls' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(row('Balcony')).findByText('Choose a tier of this ticket.')).toBeTruthy();
    expect(puts()).toEqual([]);

    await pick('Tier for Balcony', 'Back');
    expect(within(row('Balcony')).queryByText('Choose a tier of this ticket.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Seating saved.' })));
    expect(puts()).toEqual([
      [
        '/api/events/7/seating',
        {
          plan_id: 5,
          version: 2,
          categories: [
            { category: 'Stalls', ticket_id: 11, tier_id: null },
            { category: 'Balcony', ticket_id: 12, tier_id: 22 },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
  });

  it("shows the API's refusal on the row of the category it names", async () => {
    setup(unmapped(2), [published], (method) =>
      method === 'PUT'
        ? json(422, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are invalid.',
              field_errors: {
                'categories.0.ticket_id': [
                  'Seats are sold as tickets that admit one person: not as a product or a pass.',
                ],
              },
            },
          })
        : undefined,
    );
    await pick('Ticket for Balcony', 'Stalls seat');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Seats are sold as tickets that admit one person: not as a product or a pass.';
    expect(await within(row('Balcony')).findByText(message)).toBeTruthy();
    expect(within(row('Stalls')).queryByText(message)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves to the latest version keeping the mappings its categories still have', async () => {
    const pinned = unmapped(1, 2);
    pinned.categories[0] = { ...pinned.categories[0]!, ticket_id: 11 };
    const { puts } = setup(pinned, [published], (method) =>
      method === 'PUT' ? json(200, { data: { ...pinned, plan: { ...pinned.plan!, version: 2 } } }) : undefined,
    );
    expect(await screen.findByText('Version 1 of 2')).toBeTruthy();
    expect(screen.getByText(/A newer version of this plan is published/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move to version 2' }));
    expect(await screen.findByText('Version 2 of 2')).toBeTruthy();
    expect(puts()).toEqual([
      [
        '/api/events/7/seating',
        { plan_id: 5, version: null, categories: [{ category: 'Stalls', ticket_id: 11, tier_id: null }] },
      ],
    ]);
  });

  it('removes the plan from the event after a confirmation', async () => {
    const { puts } = setup(unmapped(2), [published], (method) =>
      method === 'PUT' ? json(200, { data: { plan: null, categories: [] } }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the plan from this event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the seating plan' });
    expect(within(dialog).getByText(/Remove Town theatre from this event\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the plan from this event' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove the seating plan' })).getByRole('button', {
        name: 'Remove plan',
      }),
    );
    expect(await screen.findByText('No seating plan for this event')).toBeTruthy();
    expect(puts()).toEqual([['/api/events/7/seating', { plan_id: null, version: null, categories: [] }]]);
  });

  it('says why the seating could not be loaded', async () => {
    setup(unmapped(2), [], (method, url) =>
      url === '/api/events/7/seating'
        ? json(500, { error: { code: 'INTERNAL', message: 'The server could not answer.' } })
        : undefined,
    );
    expect(await screen.findByText('The server could not answer.')).toBeTruthy();
  });
});
