import '@mantine/core/styles/Timeline.css';

import type { AttendeeDto, OrderHistoryEntryDto } from '@admitone/shared';
import { formatDateTime, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text, Timeline } from '@mantine/core';

import { orderEventAmount, orderEventDetails } from '../order-event-details';
import { orderEventLabel } from '../order-labels';

interface OrderHistoryProps {
  history: OrderHistoryEntryDto[];
  attendees: AttendeeDto[];
  currency: string;
  timeZone: string;
}

/** What happened to the order, oldest first: what (and any amount), about whom, who did it and when. */
export function OrderHistory({ history, attendees, currency, timeZone }: OrderHistoryProps) {
  const { i18n } = useLingui();
  if (!history.length)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Nothing recorded yet.</Trans>
      </Text>
    );
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
      {history.map((entry) => {
        const raw = orderEventAmount(entry.data);
        const amount = raw ? formatMoney(raw, currency, i18n.locale) : null;
        const about = orderEventDetails(entry, attendees, { currency, timeZone }, i18n);
        const when = formatDateTime(entry.at, timeZone, i18n.locale);
        const who = entry.by?.name;
        return (
          <Timeline.Item
            key={entry.id}
            title={
              <Text size="sm" fw={600} component="span">
                {i18n._(orderEventLabel(entry.kind, entry.data))}
                {amount ? ` · ${amount}` : ''}
              </Text>
            }
          >
            {about ? (
              <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                {about}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" component="div">
              {who ? (
                <Trans>
                  {when} by {who}
                </Trans>
              ) : (
                when
              )}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
