import { type APIRequestContext, expect } from '@playwright/test';

import { signUpByApi, uniqueEmail } from './support';

/** Seating plans the browser flows import (pretix's JSON), for the flows about reserved seating (#40). */

/** Rows A to D of six seats in section "Stalls" under a stage; rows A and B are "Front", C and D "Back". */
export const SMALL_HALL_PLAN = {
  name: 'Small Hall',
  size: { width: 360, height: 300 },
  categories: [
    { name: 'Front', color: '#7048e8' },
    { name: 'Back', color: '#1c7ed6' },
  ],
  zones: [
    {
      name: 'Stalls',
      position: { x: 20, y: 20 },
      areas: [
        {
          shape: 'rectangle',
          color: '#e9ecef',
          position: { x: 40, y: 0 },
          rectangle: { width: 240, height: 44 },
          text: { text: 'Stage', size: 18, position: { x: 120, y: 22 } },
        },
      ],
      rows: ['A', 'B', 'C', 'D'].map((row, r) => ({
        row_number: row,
        row_number_position: 'start',
        position: { x: 0, y: 90 + r * 44 },
        seats: Array.from({ length: 6 }, (_, i) => ({
          seat_guid: `stalls-${row}-${i + 1}`,
          seat_number: String(i + 1),
          position: { x: 60 + i * 40, y: 0 },
          radius: 14,
          category: r < 2 ? 'Front' : 'Back',
        })),
      })),
    },
  ],
};

/** A seat as buyers get it (`GET /api/public/events/{id}/seating`): place id, number, x, y, category. */
type PublicSeat = [number, string, number, number, number];

export interface SmallHallEvent {
  token: string;
  headers: { authorization: string };
  event: { id: number; slug: string };
  front: { id: number };
  back: { id: number };
  /** A seat's place id by row and number. */
  seatId: (row: string, number: string) => number;
  /** Where a seat is on the plan (its pixels). */
  seatAt: (row: string, number: string) => { x: number; y: number };
}

/**
 * A live event seated by the small hall, made through the API by an organizer who signs up for it: its Front rows
 * sold as the first ticket, its Back rows as the second (`tickets`: their bodies), with `settings` of its own.
 */
export async function seatSmallHall(
  request: APIRequestContext,
  options: {
    host: string;
    organizer: string;
    title: string;
    start: string;
    tickets: [Record<string, unknown>, Record<string, unknown>];
    settings?: Record<string, unknown>;
  },
): Promise<SmallHallEvent> {
  const { token } = await signUpByApi(request, {
    name: options.host,
    email: uniqueEmail(options.host.split(' ')[0]!.toLowerCase()),
    password: 'correct horse battery staple',
    timezone: 'Europe/Vienna',
  });
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(method: 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await send<{ id: number }>('post', '/organizers', {
    name: options.organizer,
    email: 'hi@hall.test',
  });
  const event = await send<{ id: number; slug: string }>('post', '/events', {
    title: options.title,
    organizer_id: organizer.id,
    start_date: options.start,
    timezone: 'Europe/Vienna',
    currency: 'EUR',
  });
  // One after the other: the selector lists them in this order.
  const front = await send<{ id: number }>('post', `/events/${event.id}/tickets`, options.tickets[0]);
  const back = await send<{ id: number }>('post', `/events/${event.id}/tickets`, options.tickets[1]);
  if (options.settings) await send('put', `/events/${event.id}/settings`, options.settings);
  const plan = await send<{ id: number }>('post', `/organizers/${organizer.id}/seating-plans/import`, {
    pretix: { ...SMALL_HALL_PLAN, name: `${options.title} Hall` },
  });
  await send('post', `/organizers/${organizer.id}/seating-plans/${plan.id}/publish`);
  await send('put', `/events/${event.id}/seating`, {
    plan_id: plan.id,
    version: 1,
    categories: [
      { category: 'Front', ticket_id: front.id },
      { category: 'Back', ticket_id: back.id },
    ],
  });
  await send('put', `/events/${event.id}/status`, { status: 'LIVE' });
  const seating = (
    (await (await request.get(`/api/public/events/${event.id}/seating`)).json()) as {
      data: { zones: Array<{ rows: Array<{ label: string; seats: PublicSeat[] }> }> };
    }
  ).data;
  const seat = (row: string, number: string) =>
    seating.zones[0]!.rows.find((r) => r.label === row)!.seats.find((s) => s[1] === number)!;
  return {
    token,
    headers,
    event,
    front,
    back,
    seatId: (row, number) => seat(row, number)[0],
    seatAt: (row, number) => ({ x: seat(row, number)[2], y: seat(row, number)[3] }),
  };
}
