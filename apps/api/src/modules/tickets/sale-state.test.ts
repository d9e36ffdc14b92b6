import { describe, expect, it } from 'vitest';

import { saleState, tieredState } from './sale-state.js';

const now = new Date('2027-01-10T12:00:00Z');
const before = new Date('2027-01-01T00:00:00Z');
const after = new Date('2027-02-01T00:00:00Z');
const w = (o: Partial<Parameters<typeof saleState>[0]>) => ({
  is_hidden: false,
  sale_start: null,
  sale_end: null,
  available: null,
  ...o,
});

describe('saleState', () => {
  it.each([
    ['open and unlimited', w({}), 'ON_SALE'],
    ['inside its window', w({ sale_start: before, sale_end: after, available: 3 }), 'ON_SALE'],
    ['hidden wins', w({ is_hidden: true, available: 0 }), 'HIDDEN'],
    ['not started', w({ sale_start: after }), 'SALE_STARTS'],
    ['ended', w({ sale_end: before }), 'SALE_ENDED'],
    ['sold out', w({ available: 0 }), 'SOLD_OUT'],
    ['ended beats sold out', w({ sale_end: before, available: 0 }), 'SALE_ENDED'],
  ] as const)('%s', (_l, window, expected) => expect(saleState(window, now)).toBe(expected));

  it('is not on sale once the event is over', () => expect(saleState(w({}), now, true)).toBe('NOT_ON_SALE'));

  it('summarises tiers', () => {
    expect(tieredState(['SOLD_OUT', 'ON_SALE'], false)).toBe('ON_SALE');
    expect(tieredState(['SOLD_OUT', 'SALE_STARTS'], false)).toBe('SALE_STARTS');
    expect(tieredState(['HIDDEN'], false)).toBe('HIDDEN');
    expect(tieredState(['ON_SALE'], true)).toBe('HIDDEN');
  });
});
