import type { EventDateDto, TicketDto } from '@admitone/shared';

import type { TicketDateFilters } from '../../../lib/ticket-date-filters';
import { TicketsFilter } from '../../tickets/components/TicketsSelect';
import { OrderDateFilter } from './OrderDateFilter';

/** What the toolbar of a list with these filters gets (orders, attendees): its state and the event's parts. */
export interface TicketAndDateToolbarProps<S extends TicketDateFilters> {
  state: S;
  onChange: (patch: Partial<S>) => void;
  tickets: TicketDto[];
  /** The event's dates: with several, a date filter. */
  dates: readonly EventDateDto[];
  timeZone: string;
}

/** The ticket filter of the order and attendee lists and, when the event has several dates, their date filter. */
export function TicketAndDateFilters(props: TicketAndDateToolbarProps<TicketDateFilters>) {
  const { state, onChange, tickets, dates, timeZone } = props;
  return (
    <>
      <TicketsFilter tickets={tickets} value={state.tickets} onChange={(ids) => onChange({ tickets: ids })} />
      {dates.length > 1 ? (
        <OrderDateFilter dates={dates} timeZone={timeZone} value={state.date} onChange={(date) => onChange({ date })} />
      ) : null}
    </>
  );
}
