import { describe, expect, it } from 'vitest';

import { letterIndex, letterLabel, rowLabels, seatLabels } from './numbering';

describe('row labels', () => {
  it('count in letters without I and O, then two letters', () => {
    expect(Array.from({ length: 24 }, (_, i) => letterLabel(i)).join('')).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ');
    expect([24, 25, 47, 48].map(letterLabel)).toEqual(['AA', 'AB', 'AZ', 'BA']);
    expect(rowLabels(4, { style: 'letters', start: 'G', step: 1, prefix: '' })).toEqual(['G', 'H', 'J', 'K']);
    expect(rowLabels(3, { style: 'letters', start: 'y', step: 1, prefix: '' })).toEqual(['Y', 'Z', 'AA']);
  });

  it('read a letter label back and refuse I, O and digits', () => {
    expect(['A', 'Z', 'AA', 'BA'].map(letterIndex)).toEqual([0, 23, 24, 48]);
    expect(['I', 'O', 'A1', ''].map(letterIndex)).toEqual([undefined, undefined, undefined, undefined]);
    for (let i = 0; i < 700; i++) expect(letterIndex(letterLabel(i))).toBe(i);
  });

  it('step, start from a number and take a prefix', () => {
    expect(rowLabels(3, { style: 'letters', start: 'A', step: 2, prefix: 'B-' })).toEqual(['B-A', 'B-C', 'B-E']);
    expect(rowLabels(3, { style: 'numbers', start: '10', step: 1, prefix: '' })).toEqual(['10', '11', '12']);
    expect(rowLabels(3, { style: 'numbers', start: 'x', step: 5, prefix: 'R' })).toEqual(['R1', 'R6', 'R11']);
  });
});

describe('seat numbers', () => {
  it('run left to right or right to left, by a step (odd or even sides), after a prefix', () => {
    expect(seatLabels(4, { start: 1, step: 1, prefix: '', direction: 'ltr' })).toEqual(['1', '2', '3', '4']);
    expect(seatLabels(4, { start: 1, step: 1, prefix: '', direction: 'rtl' })).toEqual(['4', '3', '2', '1']);
    expect(seatLabels(4, { start: 1, step: 2, prefix: '', direction: 'ltr' })).toEqual(['1', '3', '5', '7']);
    expect(seatLabels(3, { start: 2, step: 2, prefix: 'S', direction: 'rtl' })).toEqual(['S6', 'S4', 'S2']);
  });
});
