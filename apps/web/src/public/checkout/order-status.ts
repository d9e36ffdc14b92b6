import { type BuyerOrderStatus, orderStatusColor } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const LABELS: Record<BuyerOrderStatus, MessageDescriptor> = {
  RESERVED: msg`In checkout`,
  ABANDONED: msg`Abandoned`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  PROCESSING: msg`Processing`,
  COMPLETED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
  REFUND_PENDING: msg`Refund pending`,
  PARTIALLY_REFUNDED: msg`Partially refunded`,
  REFUNDED: msg`Refunded`,
  REFUND_FAILED: msg`Refund failed`,
  PAYMENT_FAILED: msg`Payment failed`,
};

export const orderStatusLabel = (status: BuyerOrderStatus): MessageDescriptor => LABELS[status];

/** Shades that keep badge text at 4.5:1 (orange takes dark text: white on orange never reaches it). */
const SHADES = { orange: 'orange.4', red: 'red.9', teal: 'teal.9', gray: 'gray.7' } as const;

/** Badge colour (SPEC §4); checkout-only states read as pending or gone. */
export function buyerStatusColor(status: BuyerOrderStatus): string {
  if (status === 'RESERVED') return SHADES.orange;
  if (status === 'ABANDONED') return SHADES.gray;
  return SHADES[orderStatusColor(status)];
}
