/** A Mantine number input's value as a number: it keeps "19.50" as text (its trailing zero); empty is null. */
export const numberOf = (v: number | string): number | null =>
  typeof v === 'number' ? v : v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
