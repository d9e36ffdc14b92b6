import { type BuyerOrderStatus, type OrderStatus, orderStatusColor } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Badge, type BadgeProps } from '@mantine/core';

import { ORDER_STATUS_LABELS, STATUS_BADGE_COLORS } from '../order-labels';

/** An order's status in its SPEC §4 colour (orange, red or teal). */
export function OrderStatusBadge({ status, ...props }: { status: BuyerOrderStatus } & BadgeProps) {
  const { i18n } = useLingui();
  // RESERVED and ABANDONED are not organizer statuses: they fall into "any other" (teal) like the rule says.
  const color = STATUS_BADGE_COLORS[orderStatusColor(status as OrderStatus)];
  return (
    <Badge variant="filled" color={color} tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }} {...props}>
      {i18n._(ORDER_STATUS_LABELS[status])}
    </Badge>
  );
}
