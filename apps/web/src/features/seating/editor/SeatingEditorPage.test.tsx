import type { SeatingLayout } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { planDto } from '../seating-fixtures';
import { SeatingEditorPage } from './SeatingEditorPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/organizers/3') return json(200, { data: { id: 3, name: 'Riverside Hall' } });
    if (url === '/api/organizers/3/seating-plans/5' && method === 'GET') return json(200, { data: planDto() });
    if (url === '/api/organizers/3/seating-plans/5' && method === 'PUT') {
      const body = JSON.parse(String(init!.body)) as { name: string; layout: SeatingLayout };
      return json(200, { data: planDto({ ...body, updated_at: '2026-11-02T11:00:00.000Z' }) });
    }
    if (url === '/api/organizers/3/seating-plans') return json(200, { data: [] });
    if (url === '/api/organizers/3/images' && method === 'POST') return json(201, { data: BACKGROUND });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/manage/organizer/:organizerId/seating-plans/:planId/edit', Component: SeatingEditorPage }],
    { initialEntries: ['/manage/organizer/3/seating-plans/5/edit'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  const uploads = () =>
    fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url.endsWith('/images'));
  return { puts, uploads };
}

afterEach(() => vi.unstubAllGlobals());

const BACKGROUND = {
  id: 41,
  type: 'SEATING_BACKGROUND',
  url: '/uploads/accounts/1/organizers/3/seating_background-abc-1234.png',
  variants: { large: '/uploads/l.webp', small: '/uploads/s.webp' },
  width: 1600,
  height: 1200,
  size_bytes: 2048,
  content_type: 'image/png',
  created_at: '2026-12-05T10:00:00.000Z',
};

const canvas = () => screen.getByTestId('seating-editor-canvas');
const number = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

describe('SeatingEditorPage', () => {
  it('adds a block of rows, undoes and redoes it, and saves the layout', async () => {
    const { puts } = setup();
    expect(await screen.findByRole('heading', { name: 'Layout of Town theatre', level: 1 })).toBeTruthy();
    expect(canvas().getAttribute('aria-label')).toBe(
      'Seating plan with 8 seats and 40 standing places in 2 categories',
    );
    expect(screen.getByTestId('seating-editor-checks').textContent).toBe('No problems: the plan can be published.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rows of seats' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Section name' }), { target: { value: 'Gallery' } });
    number(dialog, 'Rows', '3');
    number(dialog, 'Seats per row', '8');
    number(dialog, 'Aisles after seats', '4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rows' }));
    await waitFor(() =>
      expect(canvas().getAttribute('aria-label')).toBe(
        'Seating plan with 32 seats and 40 standing places in 2 categories',
      ),
    );
    expect(screen.getByTestId('seating-editor-selection').textContent).toBe('24 seats selected');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(canvas().getAttribute('aria-label')).toMatch(/^Seating plan with 8 seats/);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(canvas().getAttribute('aria-label')).toMatch(/^Seating plan with 32 seats/);

    // The keyboard: the selection moves with the arrows, and Ctrl+Z takes the move back.
    fireEvent.keyDown(canvas(), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = JSON.parse(String(puts()[0]![1]!.body)) as { name: string; layout: SeatingLayout };
    expect(body.name).toBe('Town theatre');
    const gallery = body.layout.zones.at(-1)!;
    expect(gallery.name).toBe('Gallery');
    expect(gallery.rows.map((r) => r.row_number)).toEqual(['A', 'B', 'C']);
    expect(gallery.rows[0]!.seats.map((s) => s.seat_number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(gallery.rows[0]!.seats.every((s) => s.category === 'Stalls')).toBe(true);
    const xs = gallery.rows[0]!.seats.map((s) => s.position.x);
    expect(xs[4]! - xs[3]!).toBe(52);
    // Moved right by 50 with Shift+ArrowRight, taken back, then done again.
    expect(gallery.rows[0]!.position).toEqual({ x: 50, y: 0 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('sets the category and features of selected seats, adds a round table sold whole, and checks as it goes', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Layout of Town theatre', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Round tables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add round tables' });
    number(dialog, 'Seats per table', '6');
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Category/ }), { target: { value: 'Gala' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Sold as a whole table/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add table' }));
    await waitFor(() => expect(screen.getByTestId('seating-editor-selection').textContent).toBe('6 seats selected'));
    expect(canvas().getAttribute('aria-label')).toBe(
      'Seating plan with 14 seats and 40 standing places in 3 categories',
    );
    const selection = screen.getByRole('region', { name: 'Selection' });
    expect(within(selection).getByRole('checkbox', { name: /^Sold as a whole table/ })).toHaveProperty('checked', true);
    expect(within(selection).getByRole('textbox', { name: 'Table name' })).toHaveProperty('value', '1');

    fireEvent.click(within(selection).getByRole('checkbox', { name: 'Wheelchair space' }));
    expect(within(selection).getByRole('checkbox', { name: 'Wheelchair space' })).toHaveProperty('checked', true);

    // A category removed leaves its seats without one: the checks say so at once.
    fireEvent.click(screen.getByRole('button', { name: 'Remove category Gala' }));
    const problems = await screen.findByTestId('plan-problems');
    expect(within(problems).getAllByRole('listitem')[0]!.textContent).toBe(
      'Zone “Tables”, row 1, seat 1: Choose one of the plan’s categories.',
    );
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(screen.queryByTestId('plan-problems')).toBeNull());
  });

  it('uploads a floor plan as the traced background, over the whole plan, and keeps the address field', async () => {
    const { uploads, puts } = setup();
    await screen.findByRole('heading', { name: 'Layout of Town theatre', level: 1 });
    expect(canvas().querySelector('image')).toBeNull();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'floor.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload a background image'), { target: { files: [file] } });
    await waitFor(() => expect(canvas().querySelector('image')?.getAttribute('href')).toBe(BACKGROUND.url));
    expect(uploads()).toHaveLength(1);
    const form = uploads()[0]![1]!.body as FormData;
    expect(form.get('type')).toBe('SEATING_BACKGROUND');
    expect((form.get('image') as File).name).toBe('floor.png');
    // The plan is 800 by 600: the image fills it.
    const image = canvas().querySelector('image')!;
    expect([image.getAttribute('x'), image.getAttribute('y')]).toEqual(['0', '0']);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '600']);
    expect(screen.getByRole('textbox', { name: 'Background image address' })).toHaveProperty('value', BACKGROUND.url);
    // A file that is no picture is refused before it is sent.
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Upload a background image'), { target: { files: [text] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a JPEG, PNG or WebP image.');
    expect(uploads()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = JSON.parse(String(puts()[0]![1]!.body)) as { layout: SeatingLayout };
    expect(body.layout.background).toEqual({
      url: BACKGROUND.url,
      position: { x: 0, y: 0 },
      width: 800,
      height: 600,
      opacity: 0.5,
    });
  });

  it('duplicates the selection beside itself from the Inspector and with Ctrl+D, and undoes it', async () => {
    const { puts } = setup();
    await screen.findByRole('heading', { name: 'Layout of Town theatre', level: 1 });
    const seatsShown = () =>
      canvas()
        .getAttribute('aria-label')!
        .match(/with (\d+) seats/)![1];
    // N selects the first block: the ground floor's 6 seats.
    fireEvent.keyDown(canvas(), { key: 'n' });
    await waitFor(() => expect(screen.getByTestId('seating-editor-selection').textContent).toBe('6 seats selected'));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(seatsShown()).toBe('14'));
    expect(screen.getByTestId('seating-editor-selection').textContent).toBe('6 seats selected');
    fireEvent.keyDown(window, { key: 'd', ctrlKey: true });
    await waitFor(() => expect(seatsShown()).toBe('20'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(seatsShown()).toBe('14');
    expect(screen.getByTestId('seating-editor-checks').textContent).toBe('No problems: the plan can be published.');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const { layout } = JSON.parse(String(puts()[0]![1]!.body)) as { layout: SeatingLayout };
    const [ground, copy] = [layout.zones[0]!, layout.zones.at(-1)!];
    expect(layout.zones).toHaveLength(3);
    expect(copy.name).toBe('Ground floor');
    expect(copy.position).toEqual({ x: ground.position.x + 20, y: ground.position.y + 20 });
    expect(copy.rows.map((r) => r.row_number)).toEqual(['A', 'B']);
    const guids = (z: typeof ground) => z.rows.flatMap((r) => r.seats.map((s) => s.seat_guid));
    expect(guids(copy).some((g) => guids(ground).includes(g))).toBe(false);
    expect(copy.uuid).not.toBe(ground.uuid);
  });
});
