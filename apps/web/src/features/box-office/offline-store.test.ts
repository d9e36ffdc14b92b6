import type { BoxOfficeItemDto, OfflineUnitDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { pendingCash, type PendingSale, takeUnits, unitsPerItem } from './offline-store';

const unit = (attendee_id: number, n: number, ticket_id: number, tier_id: number | null = null): OfflineUnitDto => ({
  attendee_id,
  unit: n,
  short_id: `CODE${attendee_id}`,
  ticket_id,
  tier_id,
  qr_code: `signed:${attendee_id}`,
});
const item = (ticket_id: number, tier_id: number | null = null) =>
  ({ ticket_id, tier_id, name: 'x', price: 1000 }) as BoxOfficeItemDto;

describe('the units a device holds', () => {
  const units = [unit(11, 3, 1), unit(10, 1, 1), unit(12, 2, 2, 7), unit(13, 4, 2, 8)];

  it('are counted per ticket and tier', () => {
    expect(Object.fromEntries(unitsPerItem(units))).toEqual({ '1:': 2, '2:7': 1, '2:8': 1 });
  });

  it('are taken lowest number first, each once, the rest kept', () => {
    const took = takeUnits(units, [
      { item: item(1), quantity: 2 },
      { item: item(2, 7), quantity: 1 },
    ])!;
    expect(took.taken.map((u) => u.unit)).toEqual([1, 3, 2]);
    expect(took.left.map((u) => u.attendee_id)).toEqual([13]);
    // The list given is not changed: the caller stores what is left.
    expect(units).toHaveLength(4);
  });

  it('are not taken at all when the device holds too few', () => {
    expect(takeUnits(units, [{ item: item(1), quantity: 3 }])).toBeNull();
    expect(takeUnits(units, [{ item: item(2, 9), quantity: 1 }])).toBeNull();
  });

  it('count the cash of sales not sent yet, not of free ones', () => {
    const sale = (method: 'CASH' | 'COMPLIMENTARY', total: number) =>
      ({ receipt: { method, total } }) as unknown as PendingSale;
    expect(pendingCash([sale('CASH', 5000), sale('COMPLIMENTARY', 0), sale('CASH', 2500)])).toBe(7500);
  });
});
