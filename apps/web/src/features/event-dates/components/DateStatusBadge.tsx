import type { EventDateStatus } from '@admitone/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

import type { Availability } from '../event-date-view';

/** A date's status in words (also the status filter's and the forms' options). */
export const STATUS_LABELS = {
  ON_SALE: msg({ message: 'On sale', context: 'date status' }),
  SOLD_OUT: msg({ message: 'Sold out', context: 'date status' }),
  CANCELLED: msg({ message: 'Cancelled', context: 'date status' }),
  HIDDEN: msg({ message: 'Hidden', context: 'date status' }),
} as const satisfies Record<EventDateStatus, unknown>;

/** How a date sells, in words (the calendar's legend and its buttons' names). */
export const AVAILABILITY_LABELS = {
  ON_SALE: msg({ message: 'On sale', context: 'date availability' }),
  FEW_LEFT: msg`Few left`,
  SOLD_OUT: msg({ message: 'Sold out', context: 'date availability' }),
  UNAVAILABLE: msg`Cancelled or hidden`,
} as const satisfies Record<Availability, unknown>;

// Dot badges, like the tickets' sale state: the colour marks the status while the text keeps full contrast.
const STATUS_COLORS: Record<EventDateStatus, string> = {
  ON_SALE: 'green',
  SOLD_OUT: 'orange',
  CANCELLED: 'red',
  HIDDEN: 'gray',
};

/** A date's status as a dot badge. */
export function DateStatusBadge({ status }: { status: EventDateStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} tt="none" data-status={status}>
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
