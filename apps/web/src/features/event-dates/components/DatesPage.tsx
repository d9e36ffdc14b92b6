import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';

import {
  EVENT_DATE_STATUSES,
  type EventDateStatus,
  type EventDto,
  formatNumber,
  formatTimeZoneName,
  isLocale,
  toZonedPickerValue,
} from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SegmentedControl, Text } from '@mantine/core';
import { IconCalendarEvent, IconCalendarRepeat, IconList, IconPlus, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { AppModal } from '../../../components/AppModal';
import { SectionLoader } from '../../../components/FullPageLoader';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { FilterSelect } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { EventScreen } from '../../events/components/EventScreen';
import { useEventDates } from '../api/event-dates';
import { type DateRow, monthName, toDateRows } from '../event-date-view';
import { type BulkChange, BulkDatesForm } from './BulkDatesForm';
import { DateDrawer } from './DateDrawer';
import { DateForm } from './DateForm';
import { DatesCalendar } from './DatesCalendar';
import { DatesTable } from './DatesTable';
import { STATUS_LABELS } from './DateStatusBadge';

// The rule form pulls in the RFC 5545 rules (its preview) and the day pickers: loaded when it opens.
const DateRuleForm = lazy(() => import('./DateRuleForm').then((m) => ({ default: m.DateRuleForm })));

type View = 'list' | 'calendar';
/** The period filter: upcoming, past, or a month ("2026-12"). */
type Period = 'upcoming' | 'past' | string;

/** The view, filters, page and calendar month, kept in the address (`?view=calendar&month=2026-12`). */
function useDatesScreenState() {
  const [search, setSearch] = useSearchParams();
  const status = search.get('status');
  const state = {
    view: (search.get('view') === 'calendar' ? 'calendar' : 'list') as View,
    status: (EVENT_DATE_STATUSES as readonly string[]).includes(status ?? '') ? (status as EventDateStatus) : null,
    period: (search.get('period') || null) as Period | null,
    page: Math.max(1, Number(search.get('page')) || 1),
    month: /^\d{4}-\d{2}$/.test(search.get('month') ?? '') ? search.get('month') : null,
  };
  const update = (patch: Partial<typeof state>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next, { replace: true });
  };
  return { state, update };
}

function Dates({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const list = useEventDates(event.id);
  const { state, update } = useDatesScreenState();
  const drawer = useDrawerParam('date');
  const [adding, setAdding] = useState<'one' | 'rule' | null>(null);
  const [bulk, setBulk] = useState<BulkChange | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(() => (list.data ? toDateRows(list.data, event.timezone) : []), [list.data, event.timezone]);
  const now = Date.now();
  const filtered = useMemo(
    () =>
      rows.filter(
        (r) =>
          (!state.status || r.status === state.status) &&
          (!state.period ||
            (state.period === 'upcoming'
              ? Date.parse(r.start_date) >= now
              : state.period === 'past'
                ? Date.parse(r.start_date) < now
                : r.month === state.period)),
      ),
    // `now` moves every render; the filter follows the list and the filters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, state.status, state.period],
  );
  const months = useMemo(() => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.month, (counts.get(r.month) ?? 0) + 1);
    return [...counts];
  }, [rows]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  // Dates not cancelled: the last of them is never cancelled (the event is).
  const standing = rows.filter((r) => r.status !== 'CANCELLED').length;
  const chosen = [...selected].filter((id) => byId.has(id));
  const calendarMonth =
    state.month ??
    rows.find((r) => Date.parse(r.start_date) >= now)?.month ??
    rows.at(-1)?.month ??
    toZonedPickerValue(new Date(now), event.timezone).slice(0, 7);

  const sold = rows.reduce((n, r) => n + r.taken, 0);
  const dateCount = rows.length;
  const soldText = formatNumber(sold, locale);
  const zone = formatTimeZoneName(new Date(now), event.timezone, locale);
  const timezone = event.timezone;
  const narrowed = state.status !== null || state.period !== null;

  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const filter = (patch: { status?: EventDateStatus | null; period?: Period | null }) => {
    setSelected(new Set());
    update({ ...patch, page: 1 });
  };
  const open = (row: DateRow) => drawer.open(row.id);

  const addOne = (
    <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding('one')}>
      <Trans>Add a date</Trans>
    </Button>
  );
  const addRule = (
    <Button leftSection={<IconCalendarRepeat size={18} aria-hidden />} onClick={() => setAdding('rule')}>
      <Trans>Add dates from a rule</Trans>
    </Button>
  );
  const none = (
    <ListEmptyState
      icon={IconCalendarEvent}
      title={t`No dates yet`}
      description={t`Add the dates this event happens on: one at a time, or many at once from a rule.`}
    >
      {addRule}
      {addOne}
    </ListEmptyState>
  );
  const noMatch = (
    <NoMatches
      title={t`No dates match`}
      description={t`No date has this status in this period.`}
      onClear={() => filter({ status: null, period: null })}
      clearLabel={<Trans>Clear filters</Trans>}
    />
  );
  const statusOptions = EVENT_DATE_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }));
  const periodOptions = [
    { value: 'upcoming', label: t`Upcoming` },
    { value: 'past', label: t`Past` },
    ...months.map(([month, n]) => ({
      value: month,
      label: `${monthName(month, locale)} (${formatNumber(n, locale)})`,
    })),
  ];

  return (
    <>
      <PageHeader
        title={<Trans>Dates</Trans>}
        description={
          list.data ? (
            <>
              <Text span fw={700} c="var(--mantine-color-text)">
                {plural(dateCount, { one: '# date', other: '# dates' })} · <Trans>{soldText} sold</Trans>
              </Text>{' '}
              ·{' '}
              <Trans>
                Times are in {timezone} ({zone}).
              </Trans>
            </>
          ) : (
            <Trans>When this event happens.</Trans>
          )
        }
        actions={
          rows.length ? (
            <>
              {addOne}
              {addRule}
            </>
          ) : null
        }
      />
      <ListBody queries={[list]} empty={(dates) => !dates.length && none}>
        {() => (
          <>
            <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
              <SegmentedControl
                aria-label={t`View`}
                value={state.view}
                onChange={(view) => update({ view: view as View })}
                data={[
                  {
                    value: 'list',
                    label: (
                      <Group gap={6} wrap="nowrap">
                        <IconList size={16} aria-hidden />
                        <Trans>List</Trans>
                      </Group>
                    ),
                  },
                  {
                    value: 'calendar',
                    label: (
                      <Group gap={6} wrap="nowrap">
                        <IconCalendarEvent size={16} aria-hidden />
                        <Trans>Calendar</Trans>
                      </Group>
                    ),
                  },
                ]}
              />
              <FilterSelect
                label={t`Status`}
                placeholder={t`All statuses`}
                data={statusOptions}
                value={state.status}
                onChange={(status) => filter({ status })}
                clearLabel={t`Clear the status filter`}
                width={180}
              />
              {state.view === 'list' ? (
                <FilterSelect
                  label={t`Period`}
                  placeholder={t`All dates`}
                  data={periodOptions}
                  value={state.period}
                  onChange={(period) => filter({ period })}
                  clearLabel={t`Clear the period filter`}
                  width={220}
                />
              ) : null}
            </Group>
            {state.view === 'calendar' ? (
              <DatesCalendar
                rows={state.status ? rows.filter((r) => r.status === state.status) : rows}
                month={calendarMonth}
                onMonth={(month) => update({ month })}
                onOpen={open}
              />
            ) : filtered.length ? (
              <>
                {chosen.length ? (
                  <BulkBar count={chosen.length} onChange={setBulk} onClear={() => setSelected(new Set())} />
                ) : null}
                <DatesTable
                  rows={filtered}
                  page={state.page}
                  onPage={(page) => update({ page })}
                  selected={selected}
                  onSelect={select}
                  onOpen={open}
                />
              </>
            ) : narrowed ? (
              noMatch
            ) : null}
          </>
        )}
      </ListBody>
      <AppModal opened={adding === 'one'} onClose={() => setAdding(null)} title={<Trans>Add a date</Trans>} size="lg">
        <DateForm
          eventId={event.id}
          timeZone={event.timezone}
          onDone={() => setAdding(null)}
          onCancel={() => setAdding(null)}
        />
      </AppModal>
      <AppModal
        opened={adding === 'rule'}
        onClose={() => setAdding(null)}
        title={<Trans>Add dates from a rule</Trans>}
        size={1040}
      >
        <Suspense fallback={<SectionLoader />}>
          <DateRuleForm
            eventId={event.id}
            timeZone={event.timezone}
            existing={rows.length}
            onDone={() => setAdding(null)}
          />
        </Suspense>
      </AppModal>
      <AppModal
        opened={bulk !== null}
        onClose={() => setBulk(null)}
        title={
          bulk === 'capacity' ? (
            <Trans>Change capacity</Trans>
          ) : bulk === 'status' ? (
            <Trans>Change status</Trans>
          ) : bulk === 'price' ? (
            <Trans>Change a ticket's price</Trans>
          ) : (
            <Trans>Change label</Trans>
          )
        }
      >
        {bulk ? (
          <BulkDatesForm
            eventId={event.id}
            currency={event.currency}
            change={bulk}
            ids={chosen}
            onDone={(changed) => {
              setBulk(null);
              if (changed) setSelected(new Set());
            }}
          />
        ) : null}
      </AppModal>
      <DateDrawer
        event={event}
        dateId={drawer.id}
        date={drawer.id === null ? undefined : byId.get(drawer.id)}
        canCancel={standing > 1}
        onClose={drawer.close}
      />
    </>
  );
}

interface BulkBarProps {
  count: number;
  onChange: (change: BulkChange) => void;
  onClear: () => void;
}

/** Above the list while dates are chosen: how many, and what can be changed on all of them at once. */
function BulkBar({ count, onChange, onClear }: BulkBarProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      mb="sm"
      bg="var(--mantine-color-violet-0)"
      role="region"
      aria-label={plural(count, { one: '# date chosen', other: '# dates chosen' })}
      style={{ position: 'sticky', top: 8, zIndex: 2 }}
    >
      <Group justify="space-between" gap="sm">
        <Text fw={700} size="sm">
          {plural(count, { one: '# date chosen', other: '# dates chosen' })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onChange('capacity')}>
            <Trans>Change capacity</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange('status')}>
            <Trans>Change status</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange('label')}>
            <Trans>Change label</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange('price')}>
            <Trans>Change a ticket's price</Trans>
          </Button>
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** `/manage/event/:eventId/dates` */
export function DatesPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Dates`}>{(event) => <Dates event={event} />}</EventScreen>;
}
