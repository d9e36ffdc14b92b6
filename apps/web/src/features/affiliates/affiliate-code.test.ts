import { affiliateCode } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { suggestAffiliateCode } from './affiliate-code';

describe('suggestAffiliateCode', () => {
  it('builds a valid code from the name, with a random suffix', () => {
    const code = suggestAffiliateCode('Radio Blüe FM & friends of jazz');
    expect(code).toMatch(/^RADIOBLUEFMF-[A-Z2-9]{4}$/);
    expect(affiliateCode.safeParse(code).success).toBe(true);
  });

  it('falls back to AFF when the name has no letters or digits', () => {
    expect(suggestAffiliateCode('  ★ ')).toMatch(/^AFF-[A-Z2-9]{4}$/);
    expect(affiliateCode.safeParse(suggestAffiliateCode('')).success).toBe(true);
  });

  it('rarely repeats itself', () => {
    const codes = new Set(Array.from({ length: 50 }, () => suggestAffiliateCode('Blog')));
    expect(codes.size).toBeGreaterThan(45);
  });
});
