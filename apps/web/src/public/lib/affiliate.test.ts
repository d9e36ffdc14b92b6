import { afterEach, describe, expect, it } from 'vitest';

import { affiliateCodeOf, affiliateCodes, rememberAffiliate, withAffiliate } from './affiliate';

afterEach(() => sessionStorage.clear());

describe('affiliate links', () => {
  it('reads a possible code from the address and ignores anything else', () => {
    expect(affiliateCodeOf('?aff=RADIO-1')).toBe('RADIO-1');
    expect(affiliateCodeOf('?promo_code=X&aff=%20blog_2%20')).toBe('blog_2');
    expect(affiliateCodeOf('?aff=ab')).toBeNull();
    expect(affiliateCodeOf(`?aff=${'x'.repeat(51)}`)).toBeNull();
    expect(affiliateCodeOf('?aff=<script>')).toBeNull();
    expect(affiliateCodeOf('')).toBeNull();
  });

  it('remembers the code per event for the tab; a newer link replaces it', () => {
    expect(rememberAffiliate(4, '?aff=RADIO')).toBe('RADIO');
    expect(rememberAffiliate(4, '')).toBe('RADIO');
    expect(rememberAffiliate(4, '?promo_code=JAZZ')).toBe('RADIO');
    expect(affiliateCodes.get(5)).toBeNull();
    expect(rememberAffiliate(4, '?aff=BLOG')).toBe('BLOG');
    expect(affiliateCodes.get(4)).toBe('BLOG');
    sessionStorage.setItem('admitone.affiliate.6', 'not a code!');
    expect(affiliateCodes.get(6)).toBeNull();
  });

  it('keeps the code in an address with or without other parameters', () => {
    expect(withAffiliate('/event/4/jazz', 'RADIO')).toBe('/event/4/jazz?aff=RADIO');
    expect(withAffiliate('/event/4/jazz?promo_code=EARLY', 'RADIO')).toBe('/event/4/jazz?promo_code=EARLY&aff=RADIO');
    expect(withAffiliate('/event/4/jazz?promo_code=EARLY', null)).toBe('/event/4/jazz?promo_code=EARLY');
  });
});
