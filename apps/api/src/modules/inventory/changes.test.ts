import { describe, expect, it } from 'vitest';

import { changesOf, type LimitingCapacity, normalise, unitsOfRows } from './changes.js';

const caps: LimitingCapacity[] = [
  { id: 7, applies_to: [1, 2] },
  { id: 3, applies_to: 'ALL' },
];

describe('changesOf', () => {
  it('counts units on the ticket, its tier, every capacity covering it and the promo code once', () => {
    expect(changesOf({ capacities: caps }, [{ ticketId: 1, tierId: 11, quantity: 2 }], 5, 1)).toEqual([
      { kind: 'ticket', id: 1, delta: 2 },
      { kind: 'tier', id: 11, delta: 2 },
      { kind: 'capacity', id: 7, delta: 2 },
      { kind: 'capacity', id: 3, delta: 2 },
      { kind: 'promo', id: 5, delta: 1 },
    ]);
  });

  it('gives back with the opposite sign; capacities that do not cover the ticket stay out', () => {
    expect(changesOf({ capacities: caps }, [{ ticketId: 9, tierId: null, quantity: 3 }], null, -1)).toEqual([
      { kind: 'ticket', id: 9, delta: -3 },
      { kind: 'capacity', id: 3, delta: -3 },
    ]);
  });
});

describe('normalise', () => {
  it('sorts into the one lock order: kind (ticket, tier, capacity, promo), then id', () => {
    const out = normalise([
      { kind: 'promo', id: 1, delta: 1 },
      { kind: 'capacity', id: 2, delta: 1 },
      { kind: 'ticket', id: 9, delta: 1 },
      { kind: 'tier', id: 4, delta: 1 },
      { kind: 'ticket', id: 3, delta: 1 },
      { kind: 'capacity', id: 1, delta: 1 },
    ]);
    expect(out.map((c) => `${c.kind}:${c.id}`)).toEqual([
      'ticket:3',
      'ticket:9',
      'tier:4',
      'capacity:1',
      'capacity:2',
      'promo:1',
    ]);
  });

  it('sums each counter and drops what cancels out (the same choice again, a move under one capacity)', () => {
    const again = [
      ...changesOf({ capacities: caps }, [{ ticketId: 1, tierId: null, quantity: 2 }], null, 1),
      ...changesOf({ capacities: caps }, [{ ticketId: 1, tierId: null, quantity: 2 }], null, -1),
    ];
    expect(normalise(again)).toEqual([]);
    const move = [
      ...changesOf({ capacities: caps }, [{ ticketId: 1, tierId: null, quantity: 1 }], null, -1),
      ...changesOf({ capacities: caps }, [{ ticketId: 2, tierId: null, quantity: 1 }], null, 1),
    ];
    expect(normalise(move)).toEqual([
      { kind: 'ticket', id: 1, delta: -1 },
      { kind: 'ticket', id: 2, delta: 1 },
    ]);
  });
});

describe('unitsOfRows', () => {
  it('groups one row per unit into counts per ticket and tier', () => {
    expect(
      unitsOfRows([
        { ticket_id: 1, tier_id: null },
        { ticket_id: 1, tier_id: null },
        { ticket_id: 2, tier_id: 5 },
      ]),
    ).toEqual([
      { ticketId: 1, tierId: null, quantity: 2 },
      { ticketId: 2, tierId: 5, quantity: 1 },
    ]);
  });
});
