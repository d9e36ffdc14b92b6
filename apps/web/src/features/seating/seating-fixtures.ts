import type { SeatingLayout, SeatingPlanDetailDto } from '@admitone/shared';

/** A small theatre: two zones, a stage, a standing area; 8 seats in two categories (test data). */
export const theatre: SeatingLayout = {
  name: 'Town theatre',
  size: { width: 800, height: 600 },
  categories: [
    { name: 'Stalls', color: '#7048e8' },
    { name: 'Balcony', color: '#f59f00' },
  ],
  zones: [
    {
      name: 'Ground floor',
      position: { x: 100, y: 200 },
      rows: ['A', 'B'].map((row, r) => ({
        row_number: row,
        row_number_position: 'both' as const,
        position: { x: 0, y: r * 30 },
        seats: [1, 2, 3].map((n) => ({
          seat_guid: `ground-${row}-${n}`,
          seat_number: String(n),
          position: { x: n * 25, y: 0 },
          category: 'Stalls',
        })),
      })),
      areas: [
        {
          shape: 'rectangle',
          color: '#cccccc',
          rotation: 5,
          position: { x: 0, y: -150 },
          rectangle: { width: 300, height: 60 },
          text: { text: 'Stage', size: 16, position: { x: 150, y: 30 } },
        },
      ],
    },
    {
      name: 'Balcony',
      position: { x: 100, y: 400 },
      rows: [
        {
          row_number: '1',
          seats: [
            { seat_guid: 'balcony-1-1', seat_number: '1', position: { x: 25, y: 0 }, category: 'Balcony' },
            { seat_guid: 'balcony-1-2', seat_number: '2', position: { x: 50, y: 0 }, category: 'Balcony', radius: 8 },
          ],
        },
      ],
      areas: [
        {
          shape: 'ellipse',
          position: { x: 400, y: 50 },
          ellipse: { radius: { x: 80, y: 40 } },
          standing: { name: 'Pit', capacity: 40, category: 'Balcony' },
        },
      ],
    },
  ],
};

export const planDto = (over: Partial<SeatingPlanDetailDto> = {}): SeatingPlanDetailDto => ({
  id: 5,
  organizer_id: 3,
  name: 'Town theatre',
  counts: { seats: 8, standing: 40, categories: 2 },
  unpublished_changes: true,
  versions: [],
  created_at: '2026-11-02T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  layout: theatre,
  ...over,
});
