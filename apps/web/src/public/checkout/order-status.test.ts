import { describe, expect, it } from 'vitest';

import { buyerStatusColor } from './order-status';

describe('buyerStatusColor', () => {
  it('follows SPEC §4 in shades that keep badge text readable', () => {
    expect(buyerStatusColor('COMPLETED')).toBe('teal.9');
    expect(buyerStatusColor('AWAITING_PAYMENT')).toBe('orange.4');
    expect(buyerStatusColor('CANCELLED')).toBe('red.9');
    expect(buyerStatusColor('RESERVED')).toBe('orange.4');
    expect(buyerStatusColor('ABANDONED')).toBe('gray.7');
  });
});
