/**
 * How rows and seats are numbered: row labels in letters (skipping I and O, which read as 1 and 0: A..H, J..N,
 * P..Z, then AA, AB, ...) or numbers, from a start, by a step, after a prefix; seat numbers from a start by a step
 * (2 for odd or even sides), left to right or right to left, after a prefix.
 */

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The label of a 0-based position in the letter sequence: 0 A, 23 Z, 24 AA, 47 AZ, 48 BA. */
export function letterLabel(index: number): string {
  let n = Math.max(0, Math.floor(index));
  let label = '';
  do {
    label = LETTERS[n % LETTERS.length]! + label;
    n = Math.floor(n / LETTERS.length) - 1;
  } while (n >= 0);
  return label;
}

/** The position of a letter label (A 0, AA 24); undefined for anything else (I, O, digits, nothing). */
export function letterIndex(label: string): number | undefined {
  const letters = label.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(letters)) return undefined;
  let n = 0;
  for (const letter of letters) {
    const digit = LETTERS.indexOf(letter);
    if (digit < 0) return undefined;
    n = n * LETTERS.length + digit + 1;
  }
  return n - 1;
}

export interface RowNumbering {
  style: 'letters' | 'numbers';
  /** The first row's label: a letter label (A, AA) or a whole number. */
  start: string;
  step: number;
  prefix: string;
}

export interface SeatNumbering {
  start: number;
  step: number;
  prefix: string;
  /** Which end of the row has the first number, seen from the stage's side of the plan (the top). */
  direction: 'ltr' | 'rtl';
}

export const DEFAULT_ROW_NUMBERING: RowNumbering = { style: 'letters', start: 'A', step: 1, prefix: '' };
export const DEFAULT_SEAT_NUMBERING: SeatNumbering = { start: 1, step: 1, prefix: '', direction: 'ltr' };

/** Labels of `count` rows, front to back. */
export function rowLabels(count: number, numbering: RowNumbering): string[] {
  const step = numbering.step || 1;
  if (numbering.style === 'letters') {
    const first = letterIndex(numbering.start) ?? 0;
    return Array.from({ length: count }, (_, i) => numbering.prefix + letterLabel(first + i * step));
  }
  const first = Number.parseInt(numbering.start, 10);
  const start = Number.isFinite(first) ? first : 1;
  return Array.from({ length: count }, (_, i) => `${numbering.prefix}${start + i * step}`);
}

/** Numbers of a row's `count` seats in their order from left to right. */
export function seatLabels(count: number, numbering: SeatNumbering): string[] {
  const step = numbering.step || 1;
  return Array.from({ length: count }, (_, i) => {
    const place = numbering.direction === 'rtl' ? count - 1 - i : i;
    return `${numbering.prefix}${numbering.start + place * step}`;
  });
}
