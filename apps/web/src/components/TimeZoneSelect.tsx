import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

import { supportedTimeZones } from '../lib/format';

/** Searchable list of every IANA time zone ("Europe/Berlin" shown as "Europe / Berlin"). */
export function TimeZoneSelect(props: Omit<SelectProps, 'data'>) {
  const data = useMemo(
    () =>
      supportedTimeZones().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ').replaceAll('/', ' / ') })),
    [],
  );
  return <Select searchable limit={60} maxDropdownHeight={280} allowDeselect={false} {...props} data={data} />;
}
