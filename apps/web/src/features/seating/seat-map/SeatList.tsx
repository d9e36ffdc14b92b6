import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SegmentedControl.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ListPagination } from '../../../components/ListPagination';
import { compareSeats, type MapPlace, SEAT_STATES, type SeatMapModel, type SeatState } from './map-model';
import { StateSwatch } from './PlanStates';
import { useSeatWords } from './seat-words';

const PER_PAGE = 100;

/** An attendee's order, opened in the orders screen's drawer. */
export function OrderLink({ eventId, orderId, number }: { eventId: number; orderId: number; number: string }) {
  return (
    <Anchor component={Link} to={`/manage/event/${eventId}/orders?order=${orderId}`} ff="monospace" size="sm">
      {number}
    </Anchor>
  );
}

/** Every place on the date as a table (section, row and seat in natural order), filtered by state. */
export function SeatList({ eventId, model }: { eventId: number; model: SeatMapModel }) {
  const { t } = useLingui();
  const words = useSeatWords();
  const [filter, setFilter] = useState<'ALL' | SeatState>('ALL');
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => [...model.places].sort(compareSeats), [model]);
  const shown = filter === 'ALL' ? sorted : sorted.filter((p) => p.state === filter);
  const last = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, last);
  const rows = shown.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const options = [
    { value: 'ALL', label: t`All (${sorted.length})` },
    ...SEAT_STATES.map((state) => {
      const name = words.states[state];
      const count = sorted.filter((p) => p.state === state).length;
      return { value: state, label: t`${name} (${count})` };
    }),
  ];
  const filterLabel = t`Show seats`;

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={filterLabel}
        data={options}
        value={filter}
        onChange={(v) => {
          setFilter(v as typeof filter);
          setPage(1);
        }}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="seat-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Section</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Row</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Seat</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Category</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>State</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Attendee</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Order</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((place) => (
              <SeatRow key={place.id} eventId={eventId} place={place} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!rows.length ? (
        <Text size="sm" c="dimmed" ta="center">
          <Trans>No seat is in this state on this date.</Trans>
        </Text>
      ) : null}
      <ListPagination
        meta={{
          current_page: current,
          per_page: PER_PAGE,
          total: shown.length,
          last_page: last,
          allowed_sorts: [],
          allowed_filter_fields: [],
          has_more: current < last,
          next_cursor: null,
        }}
        onPage={setPage}
      />
    </Stack>
  );
}

function SeatRow({ eventId, place }: { eventId: number; place: MapPlace }) {
  const words = useSeatWords();
  return (
    <Table.Tr data-testid="seat-list-row" data-state={place.state}>
      <Table.Td>{place.seat.section}</Table.Td>
      <Table.Td>{place.seat.row}</Table.Td>
      <Table.Td>{place.seat.seat || '—'}</Table.Td>
      <Table.Td>{place.category}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <StateSwatch state={place.state} size={14} />
          <Text size="sm">
            {place.hold ? `${words.states[place.state]} · ${place.hold}` : words.states[place.state]}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {place.attendees.map((a) => (
            <Text key={a.id} size="sm">
              {a.name || '—'}{' '}
              <Text span size="xs" c="dimmed" ff="monospace">
                {a.short_id}
              </Text>
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {place.attendees.map((a) => (
            <OrderLink key={a.id} eventId={eventId} orderId={a.order_id} number={a.order_number} />
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
