import { describe, expect, it } from 'vitest';

import { availability, type CapacityStock, type TicketStock } from './availability.js';

const t = (id: number, quantity: number | null, sold = 0, held = 0, tiers?: TicketStock['tiers']): TicketStock => ({
  id,
  quantity,
  taken: sold + held,
  tiers,
});
const cap = (
  id: number,
  capacity: number | null,
  applies_to: CapacityStock['applies_to'],
  enabled = true,
): CapacityStock => ({ id, capacity, applies_to, enabled });
const avail = (tickets: TicketStock[], caps: CapacityStock[] = []) =>
  availability(tickets, caps).map((a) => a.available);

describe('availability', () => {
  it.each([
    ['quantity minus sold minus holds', [t(1, 100, 30, 5)], [], [65]],
    ['never below zero (oversold data stays at 0)', [t(1, 10, 12, 0)], [], [0]],
    ['unlimited stays unlimited', [t(1, null, 500, 20)], [], [null]],
    [
      'a capacity shared by two tickets bounds both',
      [t(1, 100, 40, 0), t(2, 100, 50, 5)],
      [cap(1, 100, [1, 2])],
      [5, 5],
    ],
    [
      'a capacity over one ticket leaves the other alone',
      [t(1, 100, 10, 0), t(2, 100, 10, 0)],
      [cap(1, 15, [1])],
      [5, 90],
    ],
    ['an event-wide capacity bounds every ticket', [t(1, null, 10, 0), t(2, 50, 0, 0)], [cap(1, 30, 'ALL')], [20, 20]],
    ['a disabled capacity does not count', [t(1, 100, 10, 0)], [cap(1, 5, [1], false)], [90]],
    ['an unlimited capacity does not bound', [t(1, 100, 10, 0)], [cap(1, null, [1])], [90]],
    [
      'the tightest of several capacities wins',
      [t(1, 100, 0, 0), t(2, 100, 8, 0)],
      [cap(1, 50, 'ALL'), cap(2, 10, [2])],
      [42, 2],
    ],
    ['holds of other tickets use shared capacity', [t(1, 10, 0, 0), t(2, 10, 0, 9)], [cap(1, 10, [1, 2])], [1, 1]],
  ] as const)('%s', (_label, tickets, caps, expected) => {
    expect(avail(tickets as unknown as TicketStock[], caps as unknown as CapacityStock[])).toEqual(expected);
  });

  it('counts tiers one by one and the ticket as their sum, all bounded by capacities', () => {
    const tiered = t(1, null, 0, 0, [
      { id: 11, quantity: 50, taken: 50 },
      { id: 12, quantity: 100, taken: 30 },
      { id: 13, quantity: null, taken: 0 },
    ]);
    const [free] = availability([tiered], []);
    expect(free).toMatchObject({
      available: null,
      tiers: [
        { id: 11, available: 0 },
        { id: 12, available: 70 },
        { id: 13, available: null },
      ],
    });
    const [bounded] = availability([tiered], [cap(1, 100, [1])]);
    expect(bounded).toMatchObject({
      available: 20,
      tiers: [
        { id: 11, available: 0 },
        { id: 12, available: 20 },
        { id: 13, available: 20 },
      ],
      exhausted_capacities: [],
    });
    const [full] = availability([tiered], [cap(1, 80, 'ALL')]);
    expect(full).toMatchObject({ available: 0, exhausted_capacities: [1] });
  });
});
