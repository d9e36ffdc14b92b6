import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import { seatText } from './seat-text';

describe('seatText', () => {
  it('names section, row and seat; a standing area by its name; nothing for no seat', () => {
    expect(seatText(i18n, { section: 'Stalls', row: 'B', seat: '12' })).toBe('Stalls, row B, seat 12');
    expect(seatText(i18n, { section: '', row: 'B', seat: '12' })).toBe('Row B, seat 12');
    expect(seatText(i18n, { section: 'Ground floor', row: 'Pit', seat: '' })).toBe('Ground floor, Pit');
    expect(seatText(i18n, { section: '', row: 'Pit', seat: '' })).toBe('Pit');
    expect(seatText(i18n, null)).toBe('');
  });
});
