import { ATTENDEE_FILTER_STATUSES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

import { FilterSelect, ListToolbar } from '../../../components/ListToolbar';
import {
  TicketAndDateFilters,
  type TicketAndDateToolbarProps,
} from '../../event-dates/components/TicketAndDateFilters';
import { ATTENDEE_STATUS_LABELS } from '../attendee-labels';
import { type AttendeeListState, type CheckedInFilter, hasAttendeeFilter } from '../hooks/useAttendeeListParams';

/** Search (debounced, kept in the URL) and the ticket, date, status and checked-in filters. */
export function AttendeesToolbar(props: TicketAndDateToolbarProps<AttendeeListState>) {
  const { state, onChange } = props;
  const { t, i18n } = useLingui();
  const search = {
    label: t`Search attendees`,
    placeholder: t`Name, e-mail or order number`,
    value: state.query,
    onSearch: (query: string) => onChange({ query }),
  };
  const statuses = ATTENDEE_FILTER_STATUSES.map((value) => ({ value, label: i18n._(ATTENDEE_STATUS_LABELS[value]) }));
  const checkIns: { value: CheckedInFilter; label: string }[] = [
    { value: 'true', label: t`Checked in` },
    { value: 'false', label: t`Not checked in` },
  ];
  return (
    <ListToolbar search={search} sortingOff={hasAttendeeFilter(state)}>
      <TicketAndDateFilters {...props} />
      <FilterSelect
        label={t`Status`}
        placeholder={t`All statuses`}
        clearLabel={t`Clear status filter`}
        data={statuses}
        value={state.status}
        onChange={(status) => onChange({ status })}
        width={190}
      />
      <FilterSelect
        label={t`Check-in`}
        placeholder={t`Everyone`}
        clearLabel={t`Clear check-in filter`}
        data={checkIns}
        value={state.checkedIn}
        onChange={(checkedIn) => onChange({ checkedIn })}
        width={190}
      />
    </ListToolbar>
  );
}
