import { isValidCountry } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { countryCodes, countryOptions } from './countries';

describe('countries', () => {
  it('lists real countries that the API accepts, without groupings', () => {
    const codes = countryCodes();
    expect(codes).toEqual(expect.arrayContaining(['DE', 'BR', 'CN', 'US', 'PT', 'FR']));
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('ZZ');
    expect(codes.length).toBeGreaterThan(240);
    expect(codes.every(isValidCountry)).toBe(true);
  });

  it('names them in the active language', () => {
    expect(countryOptions('de').find((o) => o.value === 'DE')?.label).toBe('Deutschland');
  });
});
