import {
  type EventDateDto,
  type TicketDto,
  WAITLIST_STATES,
  type WaitlistDemandDto,
  type WaitlistState,
} from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group } from '@mantine/core';

import { FilterSelect } from '../../../components/ListToolbar';
import { OrderDateFilter } from '../../event-dates/components/OrderDateFilter';
import type { WaitlistFilters } from '../hooks/useWaitlistFilters';
import { WAITLIST_STATE_LABELS } from '../waitlist-labels';

interface WaitlistFilterBarProps {
  filters: WaitlistFilters;
  onChange: (patch: Partial<WaitlistFilters>) => void;
  counts: Record<WaitlistState, number>;
  tickets: TicketDto[];
  demand: WaitlistDemandDto[];
  /** The event's dates: with several, a date filter. */
  dates: readonly EventDateDto[];
  timeZone: string;
}

/**
 * The tickets worth filtering by: those with a waitlist, those people still wait for (a waitlist turned
 * off since), and the one chosen.
 */
export function waitlistTicketOptions(tickets: TicketDto[], demand: WaitlistDemandDto[], chosen: number | null) {
  const wanted = new Set(demand.map((d) => d.ticket_id));
  return tickets
    .filter((x) => x.waitlist_enabled || wanted.has(x.id) || x.id === chosen)
    .map((x) => ({ value: String(x.id), label: x.name }));
}

/** Filters by state (with how many are in each, over the whole list or the date's), by ticket and by date. */
export function WaitlistFilterBar({
  filters,
  onChange,
  counts,
  tickets,
  demand,
  dates,
  timeZone,
}: WaitlistFilterBarProps) {
  const { t, i18n } = useLingui();
  const states = WAITLIST_STATES.map((value) => {
    const label = i18n._(WAITLIST_STATE_LABELS[value]);
    const count = counts[value];
    return { value, label: t`${label} (${count})` };
  });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <FilterSelect
        label={t`Status`}
        placeholder={t`All statuses`}
        clearLabel={t`Clear status filter`}
        data={states}
        value={filters.state}
        onChange={(state) => onChange({ state })}
        width={220}
      />
      <FilterSelect
        label={t`Ticket`}
        placeholder={t`All tickets`}
        clearLabel={t`Clear ticket filter`}
        data={waitlistTicketOptions(tickets, demand, filters.ticketId)}
        value={filters.ticketId === null ? null : String(filters.ticketId)}
        onChange={(id) => onChange({ ticketId: id === null ? null : Number(id) })}
        searchable
        width={260}
      />
      {dates.length > 1 ? (
        <OrderDateFilter
          dates={dates}
          timeZone={timeZone}
          value={filters.dateId}
          onChange={(dateId) => onChange({ dateId })}
        />
      ) : null}
    </Group>
  );
}
