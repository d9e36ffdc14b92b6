import type { Tx } from '../../db/client.js';

export interface OrderMailContext {
  now: Date;
  appUrl: string;
}

export type OrderMailOccasion = 'completed' | 'awaiting_payment' | 'paid' | 'cancelled';

/** Writes the mails an order change causes into the outbox (in the caller's transaction). */
export async function enqueueOrderMails(_tx: Tx, _ctx: OrderMailContext, _orderId: number, _occasion: OrderMailOccasion): Promise<number[]> {
  return [];
}
