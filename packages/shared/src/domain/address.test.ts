import { describe, expect, it } from 'vitest';

import { addressLines, countryName, isCountryCode } from './address.js';

const berlin = { line1: 'Musterstraße 1', line2: '', city: 'Berlin', region: '', postal_code: '10115', country: 'DE' };

describe('addressLines', () => {
  it('writes the envelope lines with the country in the reader’s language, leaving empty parts out', () => {
    expect(addressLines(berlin, 'de')).toEqual(['Musterstraße 1', '10115 Berlin', 'Deutschland']);
    expect(addressLines(berlin, 'en')).toEqual(['Musterstraße 1', '10115 Berlin', 'Germany']);
    expect(addressLines({ ...berlin, line2: 'Hinterhaus', region: 'BE', postal_code: '' }, 'fr')).toEqual([
      'Musterstraße 1',
      'Hinterhaus',
      'Berlin',
      'BE',
      'Allemagne',
    ]);
  });

  it('keeps a code it cannot name as it is', () => {
    expect(countryName('XX', 'en')).toBe('XX');
    expect(countryName('germany', 'en')).toBe('germany');
    expect(countryName('CN', 'zh-CN')).toBe('中国');
  });
});

describe('isCountryCode', () => {
  it('takes upper-case codes of real places only', () => {
    expect(['DE', 'CN', 'BR', 'PT', 'US'].every(isCountryCode)).toBe(true);
    expect(['de', 'DEU', 'XX', '', 'Germany'].some(isCountryCode)).toBe(false);
  });
});
