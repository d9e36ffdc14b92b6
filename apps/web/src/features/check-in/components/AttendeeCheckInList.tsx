import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';

import { type AttendeeDto, formatDateTime, formatOrderDate, LIMITS, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout2, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { seatText } from '../../../lib/seat-text';
import { AttendeeStatusBadge } from '../../attendees/components/AttendeeStatusBadge';
import type { AttendeeListParams } from '../../attendees/hooks/useAttendeeListParams';
import { useCheckInSource, useManagesOrders } from '../check-in-source';

type Show = 'all' | 'false' | 'true';

interface RowProps {
  attendee: AttendeeDto;
  timeZone: string;
  /** Name the date of the ticket (an event with several dates). */
  showDate: boolean;
  busy: boolean;
  onAction: (a: AttendeeDto, action: 'CHECK_IN' | 'CHECK_OUT') => void;
}

/** One attendee with the button that fits: check in, check out, or why not. */
function AttendeeRow({ attendee: a, timeZone, showDate, busy, onAction }: RowProps) {
  const { t, i18n } = useLingui();
  // Door staff cannot mark an order as paid: they are told whom to ask.
  const managesOrders = useManagesOrders();
  const name = personName(a) || t`No name`;
  const ticket = a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name;
  const whyId = `why-${a.id}`;
  const orderNumber = a.order_number;
  const when = a.checked_in_at ? formatDateTime(a.checked_in_at, timeZone, i18n.locale) : '';
  const by = a.checked_in_by?.name ?? '';
  let why: string | null = null;
  if (a.status === 'CANCELLED') why = t`Cancelled: this ticket is not valid.`;
  else if (a.status === 'AWAITING_PAYMENT')
    why = managesOrders
      ? t`Awaiting payment: mark the order as paid before checking in.`
      : t`Awaiting payment: ask an organizer to mark the order as paid.`;
  const canCheckOut = !!a.checked_in_at;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="check-in-row">
      <Group justify="space-between" wrap="wrap" gap="sm" align="center">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{name}</Text>
            <AttendeeStatusBadge attendee={a} />
          </Group>
          {a.email ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {a.email}
            </Text>
          ) : null}
          <Text size="sm">
            {ticket} · <Trans>Order {orderNumber}</Trans>
          </Text>
          {a.seat ? (
            <Text size="sm" fw={600} data-testid="check-in-row-seat">
              {seatText(i18n, a.seat)}
            </Text>
          ) : null}
          {showDate ? (
            <Text size="sm" fw={600} data-testid="check-in-row-date">
              {formatOrderDate(a.date, timeZone, i18n.locale)}
            </Text>
          ) : null}
          {a.checked_in_at ? (
            <Text size="sm" c="violet.8">
              {by ? (
                <Trans>
                  Checked in at {when} by {by}
                </Trans>
              ) : (
                <Trans>Checked in at {when}</Trans>
              )}
            </Text>
          ) : null}
          {why && !canCheckOut ? (
            <Text size="sm" c="red.9" id={whyId}>
              {why}
            </Text>
          ) : null}
        </Stack>
        {canCheckOut ? (
          <Button
            variant="default"
            leftSection={<IconLogout2 size={18} aria-hidden />}
            loading={busy}
            onClick={() => onAction(a, 'CHECK_OUT')}
            aria-label={t`Check out ${name}`}
          >
            <Trans>Check out</Trans>
          </Button>
        ) : (
          <Button
            leftSection={<IconLogin2 size={18} aria-hidden />}
            loading={busy}
            disabled={!!why}
            aria-describedby={why ? whyId : undefined}
            onClick={() => onAction(a, 'CHECK_IN')}
            aria-label={t`Check in ${name}`}
          >
            <Trans>Check in</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface ListProps {
  timeZone: string;
  /** Each attendee names the date of their ticket (an event with several dates). */
  showDates?: boolean;
  /** Only the attendees of this date (the one the door checks in); null: it is not known yet, the list waits. */
  dateId?: number | null;
  /** The attendee ids with a request in flight. */
  busyIds: ReadonlySet<number>;
  onAction: RowProps['onAction'];
  /** Between the search and the attendees (on a phone: the scan button, the count, the last outcome). */
  between?: ReactNode;
  /** A phone: the search and the filter each the whole width. */
  fullWidth?: boolean;
}

/**
 * Search the list's attendees by name, e-mail, order number or ticket code, and check them in or out (on this list).
 */
export function AttendeeCheckInList({
  timeZone,
  showDates = false,
  dateId,
  busyIds,
  onAction,
  between,
  fullWidth,
}: ListProps) {
  const { t } = useLingui();
  const source = useCheckInSource();
  const [query, setQuery] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  // Another date: its attendees from their first page.
  const [pageDate, setPageDate] = useState(dateId);
  if (pageDate !== dateId) {
    setPageDate(dateId);
    setPage(1);
  }
  const filters = {
    ...(show !== 'all' ? { checked_in: show } : {}),
    ...(typeof dateId === 'number' ? { event_date_id: String(dateId) } : {}),
  };
  const params: AttendeeListParams = {
    page,
    per_page: LIMITS.PER_PAGE_DEFAULT,
    sort_by: 'last_name',
    sort_direction: 'asc',
    ...(query ? { query } : {}),
    ...(Object.keys(filters).length ? { filter_fields: filters } : {}),
  };
  const list = useQuery({
    queryKey: [...source.key, 'attendees', params],
    queryFn: () => source.endpoints.attendees(params),
    placeholderData: keepPreviousData,
    enabled: dateId !== null,
  });
  const narrowed = !!query || show !== 'all';
  const showEveryone = () => {
    setQuery('');
    setShow('all');
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchInput
          label={t`Find an attendee`}
          description={
            source.searchesEmails ? t`Name, e-mail, order number or ticket code` : t`Name, order number or ticket code`
          }
          value={query}
          onSearch={(next) => {
            setQuery(next);
            setPage(1);
          }}
          style={{ flex: '1 1 260px' }}
          size="md"
          data-testid="check-in-search"
        />
        <SegmentedControl
          fullWidth={fullWidth}
          w={fullWidth ? '100%' : undefined}
          aria-label={t`Show attendees`}
          value={show}
          onChange={(v) => {
            setShow(v as Show);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t`All` },
            { value: 'false', label: t`Not checked in` },
            { value: 'true', label: t`Checked in` },
          ]}
        />
      </Group>
      {between}
      {list.isPending ? (
        <Stack gap="sm" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={92} radius="md" />
          ))}
        </Stack>
      ) : !list.data ? (
        <FormErrorAlert error={list.error} />
      ) : list.data.data.length ? (
        <Stack gap="sm">
          {/* Offline, the rows last loaded stay usable; check-ins made now are queued. */}
          {list.isError ? <FormErrorAlert error={list.error} /> : null}
          {list.data.data.map((a) => (
            <AttendeeRow
              key={a.id}
              attendee={a}
              timeZone={timeZone}
              showDate={showDates}
              busy={busyIds.has(a.id)}
              onAction={onAction}
            />
          ))}
          <ListPagination meta={list.data.meta} onPage={setPage} />
        </Stack>
      ) : list.data.meta.passed_on ? (
        <NoMatches
          title={t`This ticket was passed on`}
          description={t`Its holder passed it on to someone else, who got a new code. Search for the new holder's name.`}
          onClear={showEveryone}
          clearLabel={<Trans>Show everyone</Trans>}
        />
      ) : narrowed ? (
        <NoMatches
          title={t`No matching attendees`}
          description={
            source.searchesEmails
              ? t`Try another name, e-mail or order number.`
              : t`Try another name, order number or ticket code.`
          }
          onClear={showEveryone}
          clearLabel={<Trans>Show everyone</Trans>}
        />
      ) : (
        <ListEmptyState
          icon={IconUsers}
          title={dateId ? t`No attendees for this date yet` : t`No attendees yet`}
          description={
            dateId
              ? t`Attendees appear here once tickets for this date are sold. Choose another date above.`
              : t`Attendees appear here once tickets are sold.`
          }
        />
      )}
    </Stack>
  );
}
