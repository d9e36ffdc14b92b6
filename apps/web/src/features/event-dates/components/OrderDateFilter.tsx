import { type EventDateDto, formatOrderDate } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

import { FilterSelect } from '../../../components/ListToolbar';

/** The date filter of the order and attendee lists (shown when the event has several dates), by start. */
export function OrderDateFilter({
  dates,
  timeZone,
  value,
  onChange,
}: {
  dates: readonly EventDateDto[];
  timeZone: string;
  value: number | null;
  onChange: (dateId: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const data = dates.map((d) => ({ value: String(d.id), label: formatOrderDate(d, timeZone, i18n.locale) }));
  return (
    <FilterSelect
      label={t`Date`}
      placeholder={t`All dates`}
      clearLabel={t`Clear date filter`}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      searchable
      limit={200}
      nothingFoundMessage={t`No date matches`}
      width={280}
    />
  );
}
