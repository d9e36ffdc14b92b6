import { describe, expect, it } from 'vitest';

import { changesOf, type LimitingCapacity, normalise, type UnitCount, unitsOfRows } from './changes.js';

const unit = (ticketId: number, tierId: number | null, quantity: number, dateId = 40): UnitCount => ({
  ticketId,
  tierId,
  dateId,
  seatId: null,
  admits: true,
  quantity,
});

const caps: LimitingCapacity[] = [
  { id: 7, applies_to: [1, 2] },
  { id: 3, applies_to: 'ALL' },
];

describe('changesOf', () => {
  it('counts units on the ticket, its tier, the ticket on the date, the date, every capacity covering it and the promo code once', () => {
    expect(changesOf({ capacities: caps }, [unit(1, 11, 2)], 5, 1)).toEqual([
      { kind: 'ticket', id: 1, delta: 2 },
      { kind: 'tier', id: 11, dateId: 40, ticketId: 1, delta: 2 },
      { kind: 'ticket_date', id: 1, dateId: 40, delta: 2 },
      { kind: 'date', id: 40, delta: 2 },
      { kind: 'capacity', id: 7, dateId: 40, delta: 2 },
      { kind: 'capacity', id: 3, dateId: 40, delta: 2 },
      { kind: 'promo', id: 5, delta: 1 },
    ]);
  });

  it('gives back with the opposite sign; capacities that do not cover the ticket stay out', () => {
    expect(changesOf({ capacities: caps }, [unit(9, null, 3)], null, -1)).toEqual([
      { kind: 'ticket', id: 9, delta: -3 },
      { kind: 'ticket_date', id: 9, dateId: 40, delta: -3 },
      { kind: 'date', id: 40, delta: -3 },
      { kind: 'capacity', id: 3, dateId: 40, delta: -3 },
    ]);
  });

  it("a general product's unit takes nothing on its date but still locks it when taken; given back, it leaves the date out", () => {
    const general = { ...unit(9, null, 1), admits: false };
    expect(changesOf({ capacities: [] }, [general], null, 1)).toContainEqual({ kind: 'date', id: 40, delta: 0 });
    expect(changesOf({ capacities: [] }, [general], null, -1).map((c) => c.kind)).toEqual(['ticket', 'ticket_date']);
  });
});

describe('normalise', () => {
  it('sorts into the one lock order: kind (ticket, tier, ticket on a date, date, capacity, promo), then id', () => {
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
      ...changesOf({ capacities: caps }, [unit(1, null, 2)], null, 1),
      ...changesOf({ capacities: caps }, [unit(1, null, 2)], null, -1),
    ];
    // The date stays at zero: it is locked (and, for a buyer, must still be on sale).
    expect(normalise(again)).toEqual([{ kind: 'date', id: 40, delta: 0 }]);
    const move = [
      ...changesOf({ capacities: caps }, [unit(1, null, 1)], null, -1),
      ...changesOf({ capacities: caps }, [unit(2, null, 1)], null, 1),
    ];
    expect(normalise(move)).toEqual([
      { kind: 'ticket', id: 1, delta: -1 },
      { kind: 'ticket', id: 2, delta: 1 },
      { kind: 'ticket_date', id: 1, dateId: 40, delta: -1 },
      { kind: 'ticket_date', id: 2, dateId: 40, delta: 1 },
      { kind: 'date', id: 40, delta: 0 },
    ]);
  });

  it('a unit moving to another date keeps its ticket in the chain at zero (its lock and version)', () => {
    const exchange = [
      ...changesOf({ capacities: caps }, [unit(1, null, 1, 40)], null, -1),
      ...changesOf({ capacities: caps }, [unit(1, null, 1, 41)], null, 1),
    ];
    // Capacities count per date: the unit leaves the first date's and takes on the second's.
    expect(normalise(exchange)).toEqual([
      { kind: 'ticket', id: 1, delta: 0 },
      { kind: 'ticket_date', id: 1, dateId: 40, delta: -1 },
      { kind: 'ticket_date', id: 1, dateId: 41, delta: 1 },
      { kind: 'date', id: 40, delta: -1 },
      { kind: 'date', id: 41, delta: 1 },
      { kind: 'capacity', id: 3, dateId: 40, delta: -1 },
      { kind: 'capacity', id: 3, dateId: 41, delta: 1 },
      { kind: 'capacity', id: 7, dateId: 40, delta: -1 },
      { kind: 'capacity', id: 7, dateId: 41, delta: 1 },
    ]);
  });

  it('a unit moving between tiers of one ticket on one date keeps the ticket in the chain at zero (its tiers limit)', () => {
    const retier = [
      ...changesOf({ capacities: [] }, [unit(1, 11, 1)], null, -1),
      ...changesOf({ capacities: [] }, [unit(1, 12, 1)], null, 1),
    ];
    expect(normalise(retier)).toEqual([
      { kind: 'ticket', id: 1, delta: 0 },
      { kind: 'tier', id: 11, dateId: 40, ticketId: 1, delta: -1 },
      { kind: 'tier', id: 12, dateId: 40, ticketId: 1, delta: 1 },
      { kind: 'date', id: 40, delta: 0 },
    ]);
  });
});

describe('unitsOfRows', () => {
  it('groups one row per unit into counts per ticket and tier', () => {
    expect(
      unitsOfRows([
        { ticket_id: 1, tier_id: null, event_date_id: 40, is_admission: true, seat_id: null },
        { ticket_id: 1, tier_id: null, event_date_id: 40, is_admission: true, seat_id: null },
        { ticket_id: 1, tier_id: null, event_date_id: 41, is_admission: true, seat_id: null },
        { ticket_id: 2, tier_id: 5, event_date_id: 40, is_admission: false, seat_id: null },
      ]),
    ).toEqual([
      { ticketId: 1, tierId: null, dateId: 40, admits: true, seatId: null, quantity: 2 },
      { ticketId: 1, tierId: null, dateId: 41, admits: true, seatId: null, quantity: 1 },
      { ticketId: 2, tierId: 5, dateId: 40, admits: false, seatId: null, quantity: 1 },
    ]);
  });
});
