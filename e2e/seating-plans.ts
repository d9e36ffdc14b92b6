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
