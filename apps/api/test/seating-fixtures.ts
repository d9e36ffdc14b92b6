import type { PublicSeatingDto, TicketDto } from '@admitone/shared';
import { expect } from 'vitest';

import type { App } from '../src/app.js';
import { firstDateOf, liveEvent } from './checkout-factory.js';
import { call } from './test-app.js';

/** A pretix seating-plan file as pretix's editor writes it: two zones, a stage, a label, a polygon. */
export const pretixPlan = {
  name: 'Town theatre',
  size: { width: 800, height: 600 },
  categories: [
    { name: 'Stalls', color: '#7048e8' },
    { name: 'Balcony', color: '#f59f00' },
  ],
  zones: [
    {
      name: 'Ground floor',
      zone_id: 'ground',
      uuid: 'a5c7d1f0-0001-4000-8000-000000000001',
      position: { x: 100, y: 200 },
      rows: ['A', 'B'].map((row, r) => ({
        row_number: row,
        row_label: `Row ${row}`,
        seat_label: null,
        uuid: `a5c7d1f0-001${r}-4000-8000-000000000001`,
        row_number_position: 'both' as const,
        position: { x: 0, y: r * 30 },
        seats: [1, 2, 3].map((n) => ({
          seat_guid: `ground-${row}-${n}`,
          seat_number: String(n),
          uuid: `a5c7d1f0-01${r}${n}-4000-8000-000000000001`,
          radius: 10,
          position: { x: n * 25, y: 0 },
          category: 'Stalls',
        })),
      })),
      areas: [
        {
          uuid: 'a5c7d1f0-0100-4000-8000-000000000001',
          shape: 'rectangle' as const,
          color: '#cccccc',
          border_color: '#000000',
          rotation: 0,
          position: { x: 0, y: -150 },
          rectangle: { width: 300, height: 60 },
          text: { text: 'Stage', color: '#333333', size: 16, position: { x: 150, y: 30 } },
        },
      ],
    },
    {
      name: 'Balcony',
      position: { x: 100, y: 400 },
      rows: [
        {
          row_number: '1',
          position: { x: 0, y: 0 },
          seats: [
            { seat_guid: 'balcony-1-1', seat_number: '1', position: { x: 25, y: 0 }, category: 'Balcony' },
            { seat_guid: 'balcony-1-2', seat_number: '2', position: { x: 50, y: 0 }, category: 'Balcony' },
          ],
        },
      ],
      areas: [
        {
          shape: 'polygon' as const,
          color: '#eeeeee',
          position: { x: 0, y: 0 },
          polygon: {
            points: [
              { x: 0, y: 0 },
              { x: 100, y: 0 },
              { x: 50.5, y: 40.25 },
            ],
          },
        },
      ],
    },
  ],
};

/**
 * The town theatre with a standing pit (3 places, "Floor") and a round table sold whole (4 seats, "Table") beside its
 * Stalls and Balcony seats.
 */
export const theatrePlan = {
  ...pretixPlan,
  categories: [...pretixPlan.categories, { name: 'Floor' }, { name: 'Table' }],
  zones: [
    {
      ...pretixPlan.zones[0]!,
      areas: [
        ...pretixPlan.zones[0]!.areas,
        {
          uuid: 'pit-0000-4000-8000-000000000001',
          shape: 'rectangle' as const,
          position: { x: 0, y: 80 },
          rectangle: { width: 100, height: 40 },
          standing: { name: 'Pit', capacity: 3, category: 'Floor' },
        },
      ],
    },
    pretixPlan.zones[1]!,
    {
      name: 'Tables',
      position: { x: 500, y: 400 },
      rows: [
        {
          row_number: 'T1',
          uuid: 'table-1',
          table: { shape: 'round' as const, whole: true },
          seats: [0, 1, 2, 3].map((n) => ({
            seat_guid: `table-1-${n + 1}`,
            seat_number: String(n + 1),
            position: {
              x: Math.round(30 * Math.cos((n * Math.PI) / 2)),
              y: Math.round(30 * Math.sin((n * Math.PI) / 2)),
            },
            category: 'Table',
          })),
        },
      ],
    },
  ],
};

/**
 * A live event seated by the theatre: Stalls sell as a paid ticket (40.00), Balcony and the pit as free ones, the table
 * as a free ticket too; a programme (a product) sells without a seat. Answers the organizer, the event, its tickets by
 * name, the plan's id, its date, and the public seating answer.
 */
export async function seatedEvent(app: App) {
  const { u, event, tickets } = await liveEvent(app, [
    { name: 'Stalls', type: 'PAID', price: 4000 },
    { name: 'Balcony', type: 'FREE' },
    { name: 'Floor', type: 'FREE' },
    { name: 'Table', type: 'FREE' },
    { name: 'Programme', type: 'FREE', product_type: 'GENERAL' },
  ]);
  const [stalls, balcony, floor, table, programme] = tickets as [TicketDto, TicketDto, TicketDto, TicketDto, TicketDto];
  const base = `/api/organizers/${event.organizer.id}/seating-plans`;
  const imported = await call(app, 'POST', `${base}/import`, { token: u.token, body: { pretix: theatrePlan } });
  expect(imported.statusCode, imported.body).toBe(201);
  const plan = imported.json().data;
  const published = await call(app, 'POST', `${base}/${plan.id}/publish`, { token: u.token });
  expect(published.statusCode, published.body).toBe(200);
  const seated = await call(app, 'PUT', `/api/events/${event.id}/seating`, {
    token: u.token,
    body: {
      plan_id: plan.id,
      categories: [
        { category: 'Stalls', ticket_id: stalls.id },
        { category: 'Balcony', ticket_id: balcony.id },
        { category: 'Floor', ticket_id: floor.id },
        { category: 'Table', ticket_id: table.id },
      ],
    },
  });
  expect(seated.statusCode, seated.body).toBe(200);
  const answer = await call(app, 'GET', `/api/public/events/${event.id}/seating`);
  expect(answer.statusCode, answer.body).toBe(200);
  const seating = answer.json<{ data: PublicSeatingDto }>().data;
  /** A place's id by its section, row label and seat number ("Ground floor", "Row A", "2"). */
  const place = (zone: string, row: string, seat: string) => {
    const z = seating.zones.find((x) => x.name === zone)!;
    const found = z.rows.find((r) => r.label === row)!.seats.find((s) => s[1] === seat);
    if (!found) throw new Error(`no seat ${zone} ${row} ${seat}`);
    return found[0];
  };
  return {
    u,
    event,
    stalls,
    balcony,
    floor,
    table,
    programme,
    planId: plan.id as number,
    base,
    dateId: await firstDateOf(app, event.id),
    seating,
    place,
    pit: seating.standing[0]!.id,
  };
}

/** A block of `rows` rows of `seats` seats, all of one category, in one section ("Stalls"), row A nearest the stage. */
export function blockPlan(rows: number, seats: number, category = 'Stalls') {
  return {
    name: 'Block',
    size: { width: seats * 30 + 60, height: rows * 30 + 100 },
    focal_point: { x: (seats * 30) / 2 + 30, y: 0 },
    categories: [{ name: category, color: '#7048e8' }],
    zones: [
      {
        name: 'Stalls',
        position: { x: 30, y: 60 },
        rows: Array.from({ length: rows }, (_, r) => ({
          row_number: String.fromCharCode(65 + r),
          position: { x: 0, y: r * 30 },
          seats: Array.from({ length: seats }, (_, s) => ({
            seat_guid: `${String.fromCharCode(65 + r)}-${s + 1}`,
            seat_number: String(s + 1),
            position: { x: s * 30, y: 0 },
            category,
          })),
        })),
      },
    ],
  };
}

/**
 * Seats an event by a new plan of `layout` (imported, published) with `categories` mapped; answers the place ids in
 * the plan's order.
 */
export async function seatBy(
  app: App,
  token: string,
  event: { id: number; organizer: { id: number } },
  layout: object,
  categories: Array<{ category: string; ticket_id: number }>,
): Promise<number[]> {
  const base = `/api/organizers/${event.organizer.id}/seating-plans`;
  const imported = await call(app, 'POST', `${base}/import`, { token, body: { pretix: layout } });
  expect(imported.statusCode, imported.body).toBe(201);
  const planId = imported.json().data.id;
  expect((await call(app, 'POST', `${base}/${planId}/publish`, { token })).statusCode).toBe(200);
  const seated = await call(app, 'PUT', `/api/events/${event.id}/seating`, {
    token,
    body: { plan_id: planId, categories },
  });
  expect(seated.statusCode, seated.body).toBe(200);
  const seating = (await call(app, 'GET', `/api/public/events/${event.id}/seating`)).json<{ data: PublicSeatingDto }>()
    .data;
  return seating.zones.flatMap((z) => z.rows.flatMap((r) => r.seats.map((s) => s[0])));
}
