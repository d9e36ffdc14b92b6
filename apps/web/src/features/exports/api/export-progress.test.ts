import { describe, expect, it } from 'vitest';

import { attachmentName, createLineCounter, csvRowsDone, exportFraction } from './export-progress';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('export progress', () => {
  it('counts newline-terminated rows across chunks, whatever the chunk boundaries', () => {
    const csv = '\uFEFFID,First name\n1,Ada\r\n2,"Grace"\n3,Élodie\n';
    const whole = createLineCounter();
    whole.push(bytes(csv));
    expect(csvRowsDone(whole.lines)).toBe(3);
    const all = bytes(csv);
    const pieces = createLineCounter();
    for (let i = 0; i < all.length; i += 3) pieces.push(all.subarray(i, i + 3));
    expect(pieces.lines).toBe(4);
    const partial = createLineCounter();
    partial.push(bytes('ID,First name\n1,Ada\n2,Gr'));
    expect(csvRowsDone(partial.lines)).toBe(1);
    expect(csvRowsDone(createLineCounter().lines)).toBe(0);
  });

  it('turns rows or bytes into a share that stays below 100% until the end', () => {
    expect(exportFraction('csv', { lines: 51, bytes: 0 }, 200)).toBe(0.25);
    expect(exportFraction('csv', { lines: 500, bytes: 0 }, 200)).toBe(0.99);
    expect(exportFraction('csv', { lines: 1, bytes: 0 }, null)).toBeNull();
    expect(exportFraction('xlsx', { lines: 0, bytes: 80 * 50 }, 100)).toBe(0.5);
    expect(exportFraction('xlsx', { lines: 0, bytes: 10 }, 0)).toBe(0.99);
  });

  it('reads the file name of the attachment', () => {
    expect(attachmentName('attachment; filename="jazz-night-attendees-2026-11-21.csv"', 'x.csv')).toBe(
      'jazz-night-attendees-2026-11-21.csv',
    );
    expect(attachmentName(null, 'attendees.csv')).toBe('attendees.csv');
  });
});
