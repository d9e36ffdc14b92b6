import { describe, expect, it } from 'vitest';

import { contrastRatio, failsAA, parseHex } from './contrast';

describe('parseHex', () => {
  it.each<[string, [number, number, number] | null]>([
    ['#ffffff', [255, 255, 255]],
    ['#000', [0, 0, 0]],
    ['#6D28D9', [109, 40, 217]],
    ['7c3aed', [124, 58, 237]],
    ['#ggg', null],
    ['#12345', null],
    ['', null],
  ])('%s', (hex, expected) => expect(parseHex(hex)).toEqual(expected));
});

describe('contrastRatio', () => {
  it.each<[string, string, number]>([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#ffffff', '#6d28d9', 7.1],
    ['#1f1b2d', '#ffffff', 16.76],
  ])('%s on %s is about %f', (a, b, expected) => expect(contrastRatio(a, b)).toBeCloseTo(expected, 1));

  it('is null when a colour is unreadable', () => {
    expect(contrastRatio('#fff', 'purple')).toBeNull();
  });
});

describe('failsAA', () => {
  it('needs 4.5:1 and ignores unknown colours', () => {
    expect(failsAA(contrastRatio('#777777', '#ffffff'))).toBe(true);
    expect(failsAA(contrastRatio('#767676', '#ffffff'))).toBe(false);
    expect(failsAA(null)).toBe(false);
  });
});
