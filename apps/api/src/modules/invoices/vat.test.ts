import { describe, expect, it } from 'vitest';

import { isValidVatNumber, reverseChargeApplies, vatCountry } from './vat.js';

describe('VAT numbers', () => {
  it('checks the pattern and check digits per country, and that the prefix is the billing country', () => {
    expect(isValidVatNumber('DE136695976')).toBe(true);
    expect(isValidVatNumber('DE136695977')).toBe(false);
    expect(isValidVatNumber('FR40303265045', 'FR')).toBe(true);
    expect(isValidVatNumber('DE136695976', 'FR')).toBe(false);
    expect(isValidVatNumber('EL094259216', 'GR')).toBe(true);
    expect(isValidVatNumber('US123456789')).toBe(false);
    expect(vatCountry('EL094259216')).toBe('GR');
  });
});

describe('the reverse-charge rule', () => {
  const de = 'DE136695976';
  const fr = 'FR40303265045';
  it('applies to a business of another member state for an online event or an event in its own country', () => {
    expect(reverseChargeApplies({ sellerVat: de, buyerVat: fr, isOnline: true, eventCountry: null })).toBe(true);
    expect(reverseChargeApplies({ sellerVat: de, buyerVat: fr, isOnline: false, eventCountry: 'FR' })).toBe(true);
  });
  it('does not apply in the seller’s own country, to a buyer without a VAT number, or within one country', () => {
    expect(reverseChargeApplies({ sellerVat: de, buyerVat: fr, isOnline: false, eventCountry: 'DE' })).toBe(false);
    expect(reverseChargeApplies({ sellerVat: de, buyerVat: null, isOnline: true, eventCountry: null })).toBe(false);
    expect(reverseChargeApplies({ sellerVat: de, buyerVat: 'DE811569869', isOnline: true, eventCountry: null })).toBe(
      false,
    );
    expect(reverseChargeApplies({ sellerVat: null, buyerVat: fr, isOnline: true, eventCountry: null })).toBe(false);
  });
});
