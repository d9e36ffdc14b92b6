import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import type { AttendeeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SortableHeader } from '../../../components/SortableHeader';
import { formatDateTime } from '../../../lib/format';
import type { ListSort } from '../../../lib/url-list-state';
import { personName } from '../../orders/person-name';
import type { AttendeeSort } from '../hooks/useAttendeeListParams';
import { AttendeeStatusBadge } from './AttendeeStatusBadge';

interface AttendeesTableProps {
  /** null while the first page loads: skeleton rows. */
  items: AttendeeDto[] | null;
  timeZone: string;
  sort: ListSort<AttendeeSort>;
  onSort: (sort: ListSort<AttendeeSort>) => void;
  sortDisabled: boolean;
  onOpen: (attendee: AttendeeDto) => void;
}

const COLUMNS = 7;

/** Attendees with e-mail, ticket, order, status and check-in; a row (or its name) opens the attendee. */
export function AttendeesTable({ items, timeZone, sort, onSort, sortDisabled, onOpen }: AttendeesTableProps) {
  const { t, i18n } = useLingui();
  const header = (column: AttendeeSort, label: ReactNode, first: 'asc' | 'desc' = 'asc') => (
    <SortableHeader column={column} sort={sort} onSort={onSort} disabled={sortDisabled} firstDirection={first}>
      {label}
    </SortableHeader>
  );
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t`Attendees`}>
          <Table.Thead>
            <Table.Tr>
              {header('last_name', <Trans>Name</Trans>)}
              {header('email', <Trans>E-mail</Trans>)}
              {header('ticket', <Trans>Ticket</Trans>)}
              <Table.Th>
                <Trans>Order</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              {header('checked_in_at', <Trans>Checked in</Trans>, 'desc')}
              {header('created_at', <Trans>Added</Trans>, 'desc')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items === null
              ? Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i}>
                    {Array.from({ length: COLUMNS }, (_, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : items.map((a) => {
                  const name = personName(a) || t`No name yet`;
                  return (
                    <Table.Tr key={a.id} onClick={() => onOpen(a)} style={{ cursor: 'pointer' }} data-testid="attendee-row">
                      <Table.Td>
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
                          {name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{a.email ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{a.ticket_name}</Text>
                        {a.tier_label ? (
                          <Text size="xs" c="dimmed">
                            {a.tier_label}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {a.order_number}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <AttendeeStatusBadge attendee={a} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{a.checked_in_at ? formatDateTime(a.checked_in_at, timeZone, i18n.locale) : '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(a.created_at, timeZone, i18n.locale)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
