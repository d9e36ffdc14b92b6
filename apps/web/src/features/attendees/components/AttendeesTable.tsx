import type { AttendeeDto } from '@admitone/shared';
import { formatDateTime, formatOrderDate, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';

import { type Column, DataTable, type OpeningTableProps } from '../../../components/DataTable';
import { seatText } from '../../../lib/seat-text';
import { orderDateColumn } from '../../event-dates/components/OrderDateText';
import type { AttendeeSort } from '../hooks/useAttendeeListParams';
import { AttendeeStatusBadge } from './AttendeeStatusBadge';

/**
 * Attendees with e-mail, ticket, order, status and check-in; a row (or its name) opens the attendee. On a
 * phone each attendee is a card: name and status, e-mail, ticket and order, when checked in. `showDates` (an
 * event with several dates): a "Date" column (on a phone, a line) names the date each ticket is for. A "Seat" column
 * (a line on a phone) when some attendee of the page has a seat.
 */
export function AttendeesTable({
  page,
  onPage,
  timeZone,
  sorting,
  onOpen,
  showDates = false,
}: OpeningTableProps<AttendeeDto, AttendeeSort> & { showDates?: boolean }) {
  const { t, i18n } = useLingui();
  const nameCell = (a: AttendeeDto) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="left"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(a);
      }}
    >
      {personName(a) || t`No name yet`}
    </Anchor>
  );
  const ticket = (a: AttendeeDto) => (
    <>
      <Text size="sm">{a.ticket_name}</Text>
      {a.tier_label ? (
        <Text size="xs" c="dimmed">
          {a.tier_label}
        </Text>
      ) : null}
    </>
  );
  const seated = !!page?.data.some((a) => a.seat);
  const date = (at: string | null) => <Text size="sm">{at ? formatDateTime(at, timeZone, i18n.locale) : '—'}</Text>;
  const columns: Column<AttendeeDto, AttendeeSort>[] = [
    { header: <Trans>Name</Trans>, sort: 'last_name', cell: nameCell },
    { header: <Trans>E-mail</Trans>, sort: 'email', cell: (a) => <Text size="sm">{a.email ?? '—'}</Text> },
    { header: <Trans>Ticket</Trans>, sort: 'ticket', cell: ticket },
    ...(seated
      ? [
          {
            header: <Trans>Seat</Trans>,
            cell: (a: AttendeeDto) => <Text size="sm">{seatText(i18n, a.seat) || '—'}</Text>,
          },
        ]
      : []),
    ...(showDates ? [orderDateColumn<AttendeeDto>(timeZone)] : []),
    {
      header: <Trans>Order</Trans>,
      cell: (a) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {a.order_number}
        </Text>
      ),
    },
    { header: <Trans>Status</Trans>, cell: (a) => <AttendeeStatusBadge attendee={a} /> },
    {
      header: <Trans>Checked in</Trans>,
      sort: 'checked_in_at',
      firstDirection: 'desc',
      cell: (a) => date(a.checked_in_at),
    },
    { header: <Trans>Added</Trans>, sort: 'created_at', firstDirection: 'desc', cell: (a) => date(a.created_at) },
  ];
  const card = (a: AttendeeDto) => {
    const orderNumber = a.order_number;
    const when = a.checked_in_at ? formatDateTime(a.checked_in_at, timeZone, i18n.locale) : '';
    return (
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {nameCell(a)}
          <AttendeeStatusBadge attendee={a} />
        </Group>
        {a.email ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.email}
          </Text>
        ) : null}
        {a.seat ? <Text size="sm">{seatText(i18n, a.seat)}</Text> : null}
        {showDates ? <Text size="sm">{formatOrderDate(a.date, timeZone, i18n.locale)}</Text> : null}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{a.tier_label ? `${a.ticket_name} · ${a.tier_label}` : a.ticket_name}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Trans>Order {orderNumber}</Trans>
          </Text>
        </Group>
        {a.checked_in_at ? (
          <Text size="xs" c="dimmed">
            <Trans>Checked in at {when}</Trans>
          </Text>
        ) : null}
      </Stack>
    );
  };
  return (
    <DataTable
      items={page?.data ?? null}
      pagination={{ meta: page?.meta, onPage }}
      columns={columns}
      minWidth={980}
      label={t`Attendees`}
      sorting={sorting}
      onRowClick={onOpen}
      rowTestId="attendee-row"
      card={card}
    />
  );
}
