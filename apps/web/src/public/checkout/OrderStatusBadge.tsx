import type { BuyerOrderStatus } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';

import { buyerStatusColor, orderStatusLabel } from './order-status';

/** An order's status in its SPEC §4 colour. */
export function OrderStatusBadge({ status }: { status: BuyerOrderStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={buyerStatusColor(status)} autoContrast variant="filled" size="lg">
      {i18n._(orderStatusLabel(status))}
    </Badge>
  );
}
