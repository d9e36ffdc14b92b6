import type { TicketSaleState } from '@admitone/shared';

export interface SaleWindow {
  is_hidden: boolean;
  sale_start: Date | null;
  sale_end: Date | null;
  /** null: unlimited. */
  available: number | null;
}

/** Where a ticket or tier stands for buyers right now (SPEC §4 ticket sale states). */
export function saleState(w: SaleWindow, now: Date, eventEnded = false): TicketSaleState {
  if (w.is_hidden) return 'HIDDEN';
  if (w.sale_end && w.sale_end <= now) return 'SALE_ENDED';
  if (eventEnded) return 'NOT_ON_SALE';
  if (w.sale_start && w.sale_start > now) return 'SALE_STARTS';
  if (w.available === 0) return 'SOLD_OUT';
  return 'ON_SALE';
}

/** A tiered ticket is on sale when any visible tier is; otherwise it takes the most telling tier state. */
export function tieredState(tierStates: TicketSaleState[], ticketHidden: boolean): TicketSaleState {
  if (ticketHidden) return 'HIDDEN';
  for (const s of ['ON_SALE', 'SALE_STARTS', 'SOLD_OUT', 'SALE_ENDED', 'NOT_ON_SALE'] as const)
    if (tierStates.includes(s)) return s;
  return 'HIDDEN';
}
