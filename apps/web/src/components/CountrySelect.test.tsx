import { describe, expect, it } from 'vitest';

import { countryOptions } from '../lib/countries';
import { countryFilter } from './CountrySelect';

const search = (q: string) =>
  countryFilter({ options: countryOptions('en'), search: q, limit: 80 }).map((o) => ('value' in o ? o.value : ''));

describe('country search', () => {
  it('finds a country by its name in any of the app languages, its code, accents ignored', () => {
    expect(search('deutschland')).toEqual(['DE']);
    expect(search('Allemagne')).toEqual(['DE']);
    expect(search('osterreich')).toEqual(['AT']);
    expect(search('德国')).toEqual(['DE']);
    expect(search('ch')).toContain('CH');
    expect(search('germ')).toEqual(['DE']);
  });
});
