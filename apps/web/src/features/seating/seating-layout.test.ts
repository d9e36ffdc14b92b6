import { describe, expect, it } from 'vitest';

import { theatre } from './seating-fixtures';
import { PretixFileError, problemPlace, readPretixFile, tallyLayout } from './seating-layout';

describe('tallyLayout', () => {
  it("counts each category's seats and standing places, the plan's categories first", () => {
    const lost = structuredClone(theatre);
    lost.zones[1]!.rows[0]!.seats[0]!.category = 'Gallery';
    expect(tallyLayout(lost)).toEqual({
      seats: 8,
      standing: 40,
      categories: [
        { name: 'Stalls', color: '#7048e8', seats: 6, standing: 0, unknown: false },
        { name: 'Balcony', color: '#f59f00', seats: 1, standing: 40, unknown: false },
        { name: 'Gallery', color: undefined, seats: 1, standing: 0, unknown: true },
      ],
    });
  });
});

describe('problemPlace', () => {
  it('reads a field as zone (by name), row and seat (by number), category or area', () => {
    expect(problemPlace('layout.zones.0.rows.1.seats.2.seat_number', theatre)).toEqual({
      kind: 'seat',
      zone: 'Ground floor',
      row: 'B',
      seat: '3',
    });
    expect(problemPlace('layout.zones.1.rows.0', theatre)).toEqual({ kind: 'row', zone: 'Balcony', row: '1' });
    expect(problemPlace('layout.zones.1.areas.0.standing.category', theatre)).toEqual({
      kind: 'area',
      zone: 'Balcony',
      index: 0,
      standing: 'Pit',
    });
    expect(problemPlace('layout.categories.1.name', theatre)).toEqual({ kind: 'category', index: 1, name: 'Balcony' });
    expect(problemPlace('layout.zones.1.position.x', theatre)).toEqual({ kind: 'zone', zone: 'Balcony' });
    expect(problemPlace('layout.zones', theatre)).toEqual({ kind: 'plan' });
    expect(problemPlace('pretix.size.width', theatre)).toEqual({ kind: 'plan' });
  });

  it('names a zone without a name by its number, and parts a changed draft lacks by their positions', () => {
    const unnamed = structuredClone(theatre);
    unnamed.zones[0]!.name = '';
    expect(problemPlace('layout.zones.0.rows.7.seats.4.category', unnamed)).toEqual({
      kind: 'seat',
      zone: 1,
      row: '8',
      seat: '5',
    });
  });
});

describe('readPretixFile', () => {
  const file = (text: string) => new Blob([text], { type: 'application/json' });

  it("reads a plan's JSON", async () => {
    expect(await readPretixFile(file(JSON.stringify(theatre)))).toEqual(theatre);
  });

  it('refuses a file that is not JSON, or JSON that is not a plan', async () => {
    await expect(readPretixFile(file('<svg/>'))).rejects.toEqual(new PretixFileError('not-json'));
    await expect(readPretixFile(file('[1, 2]'))).rejects.toEqual(new PretixFileError('not-a-plan'));
    await expect(readPretixFile(file('{"rows": []}'))).rejects.toMatchObject({ problem: 'not-a-plan' });
  });
});
