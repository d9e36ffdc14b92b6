import type { WaitlistEntryDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { type Column, DataTable } from '../../../components/DataTable';
import { dateWithLabel } from '../../../lib/format';
import { entryName } from '../entry-name';
import { WaitlistRowActions } from './WaitlistRowActions';
import { WaitlistStateBadge } from './WaitlistStateBadge';

interface WaitlistTableProps {
  /** null while the list first loads: skeleton rows. */
  entries: WaitlistEntryDto[] | null;
  eventId: number;
  timeZone: string;
  /** The event has several dates: each entry names the one it waits for. */
  showDates?: boolean;
  onOffer: (entry: WaitlistEntryDto) => void;
  onRemove: (entry: WaitlistEntryDto) => void;
}

/** A dash for an empty cell, read out as what it means. */
function None({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      <span aria-hidden="true">–</span>
      <VisuallyHidden>{children}</VisuallyHidden>
    </Text>
  );
}

/** The people on the waitlist: place in line, who, what they want, where they stand, and the row's actions. */
export function WaitlistTable({ entries, eventId, timeZone, showDates, onOffer, onRemove }: WaitlistTableProps) {
  const { t, i18n } = useLingui();
  const date = (iso: string) => <Text size="sm">{formatDateTime(iso, timeZone, i18n.locale)}</Text>;
  const position = (e: WaitlistEntryDto) =>
    e.position !== null ? (
      <Text size="sm" fw={700}>
        {e.position}
      </Text>
    ) : (
      <None>
        <Trans>Not in line</Trans>
      </None>
    );
  const ticket = (e: WaitlistEntryDto) => (
    <>
      <Text size="sm">{e.ticket_name}</Text>
      {e.tier_label ? (
        <Text size="xs" c="dimmed">
          {e.tier_label}
        </Text>
      ) : null}
      {showDates ? (
        <Text size="xs" c="dimmed" data-testid="waitlist-entry-date">
          {dateWithLabel({ start_date: e.date_start, end_date: null, label: e.date_label }, timeZone, i18n.locale)}
        </Text>
      ) : null}
    </>
  );
  const offerEnds = (e: WaitlistEntryDto) =>
    e.state === 'OFFERED' && e.offer_expires_at ? (
      date(e.offer_expires_at)
    ) : (
      <None>
        <Trans>No open offer</Trans>
      </None>
    );
  const order = (e: WaitlistEntryDto) => {
    const number = e.order_number;
    if (e.state !== 'PURCHASED' || !number) {
      return (
        <None>
          <Trans>No order</Trans>
        </None>
      );
    }
    return e.order_id ? (
      <Anchor
        component={Link}
        to={`/manage/event/${eventId}/orders?order=${e.order_id}`}
        size="sm"
        fw={700}
        ff="monospace"
        style={{ whiteSpace: 'nowrap' }}
        aria-label={t`Open order ${number}`}
      >
        {number}
      </Anchor>
    ) : (
      <Text size="sm" ff="monospace">
        {number}
      </Text>
    );
  };
  const columns: Column<WaitlistEntryDto>[] = [
    { header: <Trans context="waitlist">Place in line</Trans>, cell: position, testId: 'waitlist-position' },
    {
      header: <Trans>Name</Trans>,
      cell: (e) => (
        <Text size="sm" fw={500}>
          {entryName(e)}
        </Text>
      ),
    },
    { header: <Trans>E-mail</Trans>, cell: (e) => <Text size="sm">{e.email}</Text> },
    { header: <Trans>Ticket</Trans>, cell: ticket },
    { header: <Trans>Quantity</Trans>, cell: (e) => <Text size="sm">{e.quantity}</Text> },
    { header: <Trans>Status</Trans>, cell: (e) => <WaitlistStateBadge state={e.state} /> },
    { header: <Trans context="waitlist">Joined</Trans>, cell: (e) => date(e.created_at) },
    { header: <Trans>Offer expires</Trans>, cell: offerEnds },
    { header: <Trans>Order</Trans>, cell: order },
  ];
  return (
    <DataTable
      items={entries}
      columns={columns}
      minWidth={1180}
      label={t`Waitlist`}
      actions={(e) => <WaitlistRowActions entry={e} onOffer={onOffer} onRemove={onRemove} />}
      rowTestId={(e) => `waitlist-row-${e.id}`}
    />
  );
}
