import type { AttendeeStatus } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { STATUS_BADGE_COLORS } from '../orders/order-labels';

export const ATTENDEE_STATUS_LABELS: Record<AttendeeStatus, MessageDescriptor> = {
  RESERVED: msg`In checkout`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  ACTIVE: msg`Active`,
  CANCELLED: msg`Cancelled`,
  ABANDONED: msg`Abandoned`,
};

// Filled, white text at 4.5:1 or more (axe); the same colours as the order statuses.
export const ATTENDEE_STATUS_COLORS: Record<AttendeeStatus, string> = {
  RESERVED: 'gray.7',
  AWAITING_PAYMENT: STATUS_BADGE_COLORS.orange,
  ACTIVE: STATUS_BADGE_COLORS.teal,
  CANCELLED: STATUS_BADGE_COLORS.red,
  ABANDONED: 'gray.7',
};
