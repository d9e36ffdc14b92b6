import type { WaitlistState } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { STATUS_BADGE_COLORS } from '../orders/order-labels';

export const WAITLIST_STATE_LABELS: Record<WaitlistState, MessageDescriptor> = {
  WAITING: msg({ message: 'Waiting', context: 'waitlist state' }),
  OFFERED: msg({ message: 'Offer sent', context: 'waitlist state' }),
  PURCHASED: msg({ message: 'Bought', context: 'waitlist state' }),
  EXPIRED: msg({ message: 'Offer expired', context: 'waitlist state' }),
  LEFT: msg({ message: 'Left the list', context: 'waitlist state' }),
  REMOVED: msg({ message: 'Removed', context: 'waitlist state' }),
};

// Filled, white text at 4.5:1 or more (axe), one colour per state.
export const WAITLIST_STATE_COLORS: Record<WaitlistState, string> = {
  WAITING: 'blue.9',
  OFFERED: STATUS_BADGE_COLORS.orange,
  PURCHASED: STATUS_BADGE_COLORS.teal,
  EXPIRED: 'grape.9',
  LEFT: 'gray.7',
  REMOVED: STATUS_BADGE_COLORS.red,
};
