import type { TicketState } from '@admitone/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge, Text } from '@mantine/core';

import { formatEventDateTime } from '../../lib/format';

/** What each state is called on the ticket page and its printed sheet. */
export const TICKET_STATE_LABELS = {
  VALID: msg`Valid`,
  CHECKED_IN: msg`Checked in`,
  CANCELLED: msg`Cancelled`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
} as const;
const COLORS: Record<TicketState, string> = {
  VALID: 'green',
  CHECKED_IN: 'blue',
  CANCELLED: 'red',
  AWAITING_PAYMENT: 'yellow',
};

/** The ticket as the door sees it (valid, checked in and when, cancelled, awaiting payment). */
export function TicketStateBadge({
  state,
  checkedInAt,
  timezone,
}: {
  state: TicketState;
  checkedInAt: string | null;
  timezone: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <Badge color={COLORS[state]} autoContrast variant="filled" size="lg" data-testid="ticket-state">
        {i18n._(TICKET_STATE_LABELS[state])}
      </Badge>
      {checkedInAt ? (
        <Text size="sm" c="dimmed" mt={4}>
          {formatEventDateTime(checkedInAt, timezone, i18n.locale)}
        </Text>
      ) : null}
    </>
  );
}
