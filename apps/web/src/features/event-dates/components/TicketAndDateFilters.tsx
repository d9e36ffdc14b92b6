import type { EventDateDto, TicketDto } from '@admitone/shared';

import type { TicketDateFilters } from '../../../lib/ticket-date-filters';
import { TicketsFilter } from '../../tickets/components/TicketsSelect';
import { OrderDateFilter } from './OrderDateFilter';

interface TicketAndDateFiltersProps {
  state: TicketDateFilters;
  onChange: (patch: Partial<TicketDateFilters>) => void;
  tickets: TicketDto[];
  /** The event's dates: with several, a date filter. */
  dates: readonly EventDateDto[];
  timeZone: string;
}

/** The ticket filter of the order and attendee lists and, when the event has several dates, their date filter. */
export function TicketAndDateFilters({ state, onChange, tickets, dates, timeZone }: TicketAndDateFiltersProps) {
  return (
    <>
      <TicketsFilter tickets={tickets} value={state.tickets} onChange={(ids) => onChange({ tickets: ids })} />
      {dates.length > 1 ? (
        <OrderDateFilter dates={dates} timeZone={timeZone} value={state.date} onChange={(date) => onChange({ date })} />
      ) : null}
    </>
  );
}
