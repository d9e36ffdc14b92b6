import { formatDateRange, type OrderDateDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';

import type { Column } from '../../../components/DataTable';

/** The date an order or a ticket is for, in a list's cell: its times in the event's zone, its label under them. */
export function OrderDateText({ date, timeZone }: { date: OrderDateDto | null; timeZone: string }) {
  const { i18n } = useLingui();
  if (!date) return <Text size="sm">—</Text>;
  return (
    <>
      <Text size="sm">{formatDateRange(date.start_date, date.end_date, timeZone, i18n.locale)}</Text>
      {date.label ? (
        <Text size="xs" c="dimmed">
          {date.label}
        </Text>
      ) : null}
    </>
  );
}

/** The "Date" column of the order and attendee lists (an event with several dates): the date each row is for. */
export const orderDateColumn = <T extends { date: OrderDateDto | null }>(timeZone: string): Column<T, never> => ({
  header: <Trans>Date</Trans>,
  cell: (row) => <OrderDateText date={row.date} timeZone={timeZone} />,
});
