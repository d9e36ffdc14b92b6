import type { PublicEventDto, PublicSeat, PublicSeatingDto, SeatFeature } from '@admitone/shared';

import { oneDate } from '../selector/date-fixtures';
import { publicTicket, unitPrice } from '../selector/ticket-fixtures';

/**
 * A small plan for the picker's tests: "Stalls" with rows A and B of six seats 30 px apart (row A "Front", ticket 1 at
 * 45.00; row B "Back", ticket 2 at 30.00; A1 a wheelchair space with companion seats A2 and A3), a round table "T1"
 * of four seats sold whole (Back), a standing area "Floor" of 50 places (Back), and "Box" seats sold by no ticket.
 */
export function smallPlan(): PublicSeatingDto {
  const row = (first: number, y: number, category: number, over: Record<number, SeatFeature[]> = {}) =>
    Array.from({ length: 6 }, (_, i): PublicSeat => {
      const features = over[i];
      const at = [first + i, String(i + 1), 100 + i * 30, y, category] as const;
      return features ? [...at, features] : [...at];
    });
  return {
    version_id: 1,
    size: { width: 600, height: 400 },
    focal_point: { x: 175, y: 20 },
    categories: [
      { name: 'Front', color: '#7048e8', ticket_id: 1, tier_id: null },
      { name: 'Back', color: null, ticket_id: 2, tier_id: null },
      { name: 'Box', color: '#f08c00', ticket_id: null, tier_id: null },
    ],
    zones: [
      {
        name: 'Stalls',
        position: { x: 0, y: 0 },
        rows: [
          {
            label: 'A',
            table: null,
            seats: row(101, 100, 0, { 0: ['WHEELCHAIR'], 1: ['COMPANION'], 2: ['COMPANION'] }),
          },
          { label: 'B', table: null, seats: row(111, 130, 1) },
          {
            label: 'T1',
            table: { shape: 'round', whole: true },
            seats: [
              [121, '1', 400, 100, 1],
              [122, '2', 430, 100, 1],
              [123, '3', 400, 130, 1],
              [124, '4', 430, 130, 1],
            ],
          },
        ],
        areas: [
          {
            shape: 'rectangle',
            position: { x: 100, y: 10 },
            rectangle: { width: 150, height: 30 },
            text: { text: 'Stage' },
          },
        ],
      },
      {
        name: 'Box',
        position: { x: 0, y: 0 },
        rows: [
          {
            label: 'C',
            table: null,
            seats: [
              [131, '1', 100, 250, 2],
              [132, '2', 130, 250, 2],
            ],
          },
        ],
        areas: [],
      },
    ],
    standing: [{ id: 201, area_uuid: 'floor', name: 'Floor', category: 1, capacity: 50 }],
  };
}

/** A seated event selling the small plan's Front as ticket 1 (45.00) and Back as ticket 2 (30.00), one date. */
export const seatedEvent = (over: Partial<PublicEventDto> = {}): PublicEventDto =>
  ({
    id: 9,
    currency: 'EUR',
    dates: oneDate(),
    timezone: 'Europe/Berlin',
    promo: null,
    settings: { price_display_mode: 'EXCLUSIVE' },
    tickets: [
      publicTicket({ id: 1, name: 'Front seat', unit: unitPrice(4500), max_selectable: 20 }),
      publicTicket({ id: 2, name: 'Back seat', unit: unitPrice(3000), max_selectable: 60 }),
      publicTicket({ id: 3, name: 'Programme', unit: unitPrice(500) }),
    ],
    seated_ticket_ids: [1, 2],
    ...over,
  }) as unknown as PublicEventDto;

/**
 * A generated plan of about `seats` seats: sections of 20 rows of 25 seats in a grid, seats 24 px apart, the
 * categories alternating by section (for the bench and the big-plan tests).
 */
export function generatedPlan(seats: number, categories = 2): PublicSeatingDto {
  const perZone = 500;
  const zoneCount = Math.ceil(seats / perZone);
  const across = Math.ceil(Math.sqrt(zoneCount * 1.5));
  const zoneWidth = 25 * 24 + 60;
  const zoneHeight = 20 * 24 + 60;
  let id = 1;
  const zones: PublicSeatingDto['zones'] = [];
  for (let z = 0; z < zoneCount; z++) {
    const ox = 40 + (z % across) * zoneWidth;
    const oy = 140 + Math.floor(z / across) * zoneHeight;
    const rows = [];
    for (let r = 0; r < 20 && id <= seats; r++) {
      const rowSeats: PublicSeat[] = [];
      for (let s = 0; s < 25 && id <= seats; s++)
        rowSeats.push([id++, String(s + 1), ox + s * 24, oy + r * 24, z % categories]);
      rows.push({ label: String.fromCharCode(65 + r), table: null, seats: rowSeats });
    }
    zones.push({ name: `Block ${z + 1}`, position: { x: ox, y: oy }, rows, areas: [] });
  }
  return {
    version_id: 1,
    size: { width: 80 + across * zoneWidth, height: 180 + Math.ceil(zoneCount / across) * zoneHeight },
    focal_point: null,
    categories: Array.from({ length: categories }, (_, i) => ({
      name: `Category ${i + 1}`,
      color: null,
      ticket_id: i + 1,
      tier_id: null,
    })),
    zones,
    standing: [],
  };
}
