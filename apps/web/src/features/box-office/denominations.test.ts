import { describe, expect, it } from 'vitest';

import { denominationsOf, quickAmounts } from './denominations';

describe('denominations', () => {
  it('lists the euro notes and coins largest first, and a 1-2-5 series for others', () => {
    expect(denominationsOf('EUR').slice(0, 3)).toEqual([50000, 20000, 10000]);
    expect(denominationsOf('EUR').at(-1)).toBe(1);
    expect(denominationsOf('JPY')).toEqual([50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]);
  });

  it('offers the exact total and the next round amounts a buyer hands over', () => {
    expect(quickAmounts(5000, 'EUR')).toEqual([5000, 6000, 10000]);
    expect(quickAmounts(4350, 'EUR')).toEqual([4350, 4500, 5000, 6000]);
    expect(quickAmounts(0, 'EUR')).toEqual([0]);
  });
});
