import { describe, expect, it } from 'vitest';

import { mergeOrder } from './order';

describe('mergeOrder', () => {
  it('reorders the shown questions and keeps the others in place', () => {
    expect(mergeOrder([1, 2, 3, 4, 5], [1, 3, 5], [5, 1, 3])).toEqual([5, 2, 1, 4, 3]);
    expect(mergeOrder([1, 2], [1, 2], [2, 1])).toEqual([2, 1]);
  });
});
