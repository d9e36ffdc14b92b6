import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';

import { formatDate, formatNumber, type PageMeta, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Checkbox, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';

import { ListPagination } from '../../../components/ListPagination';
import { formatTimeOfDay } from '../../../lib/typed-time';
import { usePhone } from '../../../lib/use-phone';
import { availabilityOf, type DateRow, dayInstant } from '../event-date-view';
import { DateStatusBadge } from './DateStatusBadge';

/** Rows per page: the list holds up to 5,000 dates, and a page renders at once. */
export const DATES_PER_PAGE = 50;

const BAR_COLORS = { ON_SALE: 'green', FEW_LEFT: 'orange', SOLD_OUT: 'red', UNAVAILABLE: 'gray' } as const;

/** A date's day (with its weekday) and times on the event's wall clock, in the reader's language. */
export function useDateWords() {
  const { i18n } = useLingui();
  return (row: DateRow) => {
    const day = formatDate(dayInstant(row.day), 'UTC', i18n.locale);
    const start = formatTimeOfDay(row.time, i18n.locale);
    const times = row.endTime ? `${start} – ${formatTimeOfDay(row.endTime, i18n.locale)}` : start;
    return { day, times, whole: `${day}, ${times}` };
  };
}

/** "120 / 200" sold of the capacity with a bar, or "120 / no limit". */
export function SoldOfCapacity({ row, name }: { row: DateRow; name: string }) {
  const { t, i18n } = useLingui();
  const sold = formatNumber(row.taken, i18n.locale);
  const capacity = row.capacity === null ? null : formatNumber(row.capacity, i18n.locale);
  return (
    <Stack gap={4} miw={110}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {capacity === null ? (
          <Trans>{sold} / no limit</Trans>
        ) : (
          <Trans>
            {sold} / {capacity}
          </Trans>
        )}
      </Text>
      {row.capacity === null ? null : (
        <Progress
          value={wholePercent(row.taken, row.capacity)}
          size="sm"
          color={BAR_COLORS[availabilityOf(row)]}
          aria-label={t`Sold on ${name}`}
        />
      )}
    </Stack>
  );
}

interface DatesTableProps {
  /** The dates the filters leave, by start. */
  rows: DateRow[];
  page: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  onOpen: (row: DateRow) => void;
}

/** Where a date at a venue of its own takes place (its venue's name, else its city); nothing at the event's. */
function DateVenue({ row }: { row: DateRow }) {
  const { t } = useLingui();
  if (!row.location) return null;
  const where = row.location.venue_name ?? row.location.city ?? t`Another venue`;
  return (
    <Group gap={4} wrap="nowrap" data-testid="date-venue">
      <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed">
        {where}
      </Text>
    </Group>
  );
}

/** The dates a page at a time: day and times, label (and a venue of its own), status, sold of capacity, a checkbox. */
export function DatesTable({ rows, page, onPage, selected, onSelect, onOpen }: DatesTableProps) {
  const { t, i18n } = useLingui();
  const words = useDateWords();
  const phone = usePhone();
  const lastPage = Math.max(1, Math.ceil(rows.length / DATES_PER_PAGE));
  const current = Math.min(page, lastPage);
  const shown = rows.slice((current - 1) * DATES_PER_PAGE, current * DATES_PER_PAGE);
  const meta: PageMeta = {
    current_page: current,
    per_page: DATES_PER_PAGE,
    total: rows.length,
    last_page: lastPage,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: current < lastPage,
    next_cursor: null,
  };
  const chosen = rows.filter((r) => selected.has(r.id)).length;
  const total = formatNumber(rows.length, i18n.locale);

  const allBox = (
    <Checkbox
      aria-label={t`Select all ${total} dates shown`}
      checked={chosen > 0 && chosen === rows.length}
      indeterminate={chosen > 0 && chosen < rows.length}
      onChange={(e) =>
        onSelect(
          rows.map((r) => r.id),
          e.currentTarget.checked,
        )
      }
    />
  );
  const rowBox = (row: DateRow, whole: string) => (
    <Checkbox
      aria-label={t`Select ${whole}`}
      checked={selected.has(row.id)}
      onChange={(e) => onSelect([row.id], e.currentTarget.checked)}
    />
  );
  const opener = (row: DateRow, day: string, whole: string) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="left"
      onClick={() => onOpen(row)}
      aria-label={t`Open ${whole}`}
    >
      {day}
    </Anchor>
  );
  const pagination = <ListPagination meta={meta} onPage={onPage} />;

  // A phone: each date a card (checkbox, day and times, status, sold of capacity) under "select all".
  if (phone)
    return (
      <Stack gap="xs">
        <Group gap="sm" px="sm">
          {allBox}
          <Text size="sm" c="dimmed">
            <Trans>Select all</Trans>
          </Text>
        </Group>
        <Stack component="ul" role="list" aria-label={t`Dates`} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((row) => {
            const { day, times, whole } = words(row);
            return (
              <li key={row.id}>
                <Card
                  withBorder
                  radius="md"
                  padding="sm"
                  data-testid="date-row"
                  bg={selected.has(row.id) ? 'var(--mantine-color-violet-0)' : undefined}
                >
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <div style={{ paddingTop: 2 }}>{rowBox(row, whole)}</div>
                    <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                      <div>
                        {opener(row, day, whole)}
                        <Text size="sm" c="dimmed">
                          {row.label ? `${times} · ${row.label}` : times}
                        </Text>
                        <DateVenue row={row} />
                      </div>
                      <Group justify="space-between" align="flex-end" gap="sm">
                        <DateStatusBadge status={row.status} />
                        <SoldOfCapacity row={row} name={whole} />
                      </Group>
                    </Stack>
                  </Group>
                </Card>
              </li>
            );
          })}
        </Stack>
        {pagination}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t`Dates`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>{allBox}</Table.Th>
                <Table.Th>
                  <Trans>Date</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Label</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Sold / capacity</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => {
                const { day, times, whole } = words(row);
                return (
                  <Table.Tr
                    key={row.id}
                    data-testid="date-row"
                    bg={selected.has(row.id) ? 'var(--mantine-color-violet-0)' : undefined}
                  >
                    <Table.Td>{rowBox(row, whole)}</Table.Td>
                    <Table.Td>
                      {opener(row, day, whole)}
                      <Text size="sm" c="dimmed">
                        {times}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.label ?? ''}</Text>
                      <DateVenue row={row} />
                    </Table.Td>
                    <Table.Td>
                      <DateStatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>
                      <SoldOfCapacity row={row} name={whole} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {pagination}
    </Stack>
  );
}
