import '@mantine/core/styles/Combobox.css';

import type { CheckInDateDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';

import { formatDoorDate } from '../door-date';

/** A date as the door's chooser names it: its start and label, and "cancelled" when it was. */
export function useDoorDateLabel(timeZone: string) {
  const { t, i18n } = useLingui();
  return (d: CheckInDateDto) => {
    const when = formatDoorDate(d, timeZone, i18n.locale);
    return d.status === 'CANCELLED' ? t`${when} (cancelled)` : when;
  };
}

/** The date a check-in screen checks in (an event with several dates): scans, the attendees and the count follow it. */
export function DoorDateSelect({
  dates,
  value,
  timeZone,
  onChange,
}: {
  dates: readonly CheckInDateDto[];
  value: number | null;
  timeZone: string;
  onChange: (dateId: number) => void;
}) {
  const { t } = useLingui();
  const labelOf = useDoorDateLabel(timeZone);
  return (
    <Select
      label={t`Date`}
      description={t`Scans, the attendees and the count are for this date only.`}
      data={dates.map((d) => ({ value: String(d.id), label: labelOf(d) }))}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        if (v) onChange(Number(v));
      }}
      searchable
      allowDeselect={false}
      limit={200}
      nothingFoundMessage={t`No date matches`}
      maw={420}
      mb="md"
      data-testid="check-in-date-chooser"
    />
  );
}
