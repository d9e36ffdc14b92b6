import type { BoxOfficeItemDto, BoxOfficeSaleDto, OfflineSaleBody, OfflineUnitDto } from '@admitone/shared';

/**
 * What a box-office device keeps for selling without a network (issue #41), per event and shift, in localStorage so a
 * reload keeps it: the units its shift claimed for each date (numbered, with their ticket codes) and the sales made
 * offline, waiting to be sent. A unit leaves the list when an offline sale uses it, so it is never sold twice here;
 * the server never gives it to another device.
 */

/** A sale made offline: what is sent when the network is back, and its receipt as the screen showed it. */
export interface PendingSale {
  body: OfflineSaleBody & { client_id: string; unit_ids: number[]; sold_at: string };
  receipt: BoxOfficeSaleDto;
  /** Why the server refused it (it stays here until it is sent or someone looks at it). */
  failed?: string;
}

export interface DeviceStock {
  /** Keyed by date id. */
  units: Record<string, OfflineUnitDto[]>;
  pending: PendingSale[];
}

const keyOf = (eventId: number, shiftId: number) => `admitone.box-office.v1.${eventId}.${shiftId}`;
const empty = (): DeviceStock => ({ units: {}, pending: [] });

export function readDevice(eventId: number, shiftId: number): DeviceStock {
  try {
    const raw = localStorage.getItem(keyOf(eventId, shiftId));
    return raw ? { ...empty(), ...(JSON.parse(raw) as DeviceStock) } : empty();
  } catch {
    return empty();
  }
}

export function writeDevice(eventId: number, shiftId: number, stock: DeviceStock): void {
  localStorage.setItem(keyOf(eventId, shiftId), JSON.stringify(stock));
}

export const itemKey = (i: { ticket_id: number; tier_id: number | null }) => `${i.ticket_id}:${i.tier_id ?? ''}`;

/** Units on the device per item of the date, keyed like `itemKey`. */
export function unitsPerItem(units: readonly OfflineUnitDto[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of units) out.set(itemKey(u), (out.get(itemKey(u)) ?? 0) + 1);
  return out;
}

/** Takes the lowest-numbered units for each line, or null when the device does not hold enough. */
export function takeUnits(
  units: readonly OfflineUnitDto[],
  lines: ReadonlyArray<{ item: BoxOfficeItemDto; quantity: number }>,
): { taken: OfflineUnitDto[]; left: OfflineUnitDto[] } | null {
  const left = [...units].sort((a, b) => a.unit - b.unit);
  const taken: OfflineUnitDto[] = [];
  for (const { item, quantity } of lines)
    for (let q = 0; q < quantity; q++) {
      const at = left.findIndex((u) => itemKey(u) === itemKey(item));
      if (at < 0) return null;
      taken.push(...left.splice(at, 1));
    }
  return { taken, left };
}

/** Cash taken by sales made offline and not sent yet (it is in the drawer, not yet in the shift's figures). */
export const pendingCash = (pending: readonly PendingSale[]) =>
  pending.reduce((s, p) => s + (p.receipt.method === 'CASH' ? p.receipt.total : 0), 0);
