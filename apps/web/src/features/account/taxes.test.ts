import { describe, expect, it } from 'vitest';

import { formatRate, rateFromApi, rateToApi } from './taxes';

describe('tax and fee rates', () => {
  it.each([
    ['PERCENTAGE', 7.5, 'EUR', 7.5],
    ['FIXED', 1.5, 'EUR', 150],
    ['FIXED', 1.005, 'USD', 101],
    ['FIXED', 300, 'JPY', 300],
  ] as const)('%s %s %s is sent as %s', (calculation, typed, currency, sent) => {
    expect(rateToApi(calculation, typed, currency)).toBe(sent);
  });

  it('reads fixed amounts back in major units', () => {
    expect(rateFromApi('FIXED', 150, 'EUR')).toBe(1.5);
    expect(rateFromApi('FIXED', 300, 'JPY')).toBe(300);
    expect(rateFromApi('PERCENTAGE', 19, 'EUR')).toBe(19);
  });

  it('formats percentages and money', () => {
    expect(formatRate({ calculation_type: 'PERCENTAGE', rate: 7.5, currency: 'EUR' }, 'en')).toBe('7.5%');
    expect(formatRate({ calculation_type: 'PERCENTAGE', rate: 7.5, currency: 'EUR' }, 'de')).toBe('7,5\u00a0%');
    expect(formatRate({ calculation_type: 'FIXED', rate: 150, currency: 'EUR' }, 'en')).toBe('€1.50');
  });
});
