import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import type { SeatPlaceDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, Select } from '@mantine/core';
import { useMemo, useState } from 'react';

import { useSeatText } from '../../../lib/seat-text';

const uniq = (values: string[]) => [...new Set(values)];

/**
 * A seat chosen among `places` (already the fitting ones, in order), narrowed by section and row when there are
 * several; a held seat names its hold ("held: House"). The value is the place id as a string.
 */
export function SeatPlaceSelect({
  places,
  value,
  onChange,
  error,
  label,
  required = false,
  description,
}: {
  places: readonly SeatPlaceDto[];
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  label: string;
  required?: boolean;
  description?: string;
}) {
  const { t } = useLingui();
  const seatName = useSeatText();
  const [section, setSection] = useState<string | null>(null);
  const [row, setRow] = useState<string | null>(null);
  const sections = useMemo(() => uniq(places.map((p) => p.seat.section)), [places]);
  // Values carry a mark so a section without a name is a value too.
  const inSection = section === null ? places : places.filter((p) => `#${p.seat.section}` === section);
  const rows = uniq(inSection.map((p) => p.seat.row));
  const shown = row === null ? inSection : inSection.filter((p) => p.seat.row === row);
  const data = shown.map((p) => {
    const where = seatName(p.seat);
    const hold = p.hold ?? '';
    return { value: String(p.id), label: p.state === 'HELD' ? t`${where} (held: ${hold})` : where };
  });
  // The chosen seat stays an option while the filters hide it, so the select keeps naming it.
  const chosen = places.find((p) => String(p.id) === value);
  if (chosen && !shown.includes(chosen)) data.unshift({ value: String(chosen.id), label: seatName(chosen.seat) });
  return (
    <>
      {sections.length > 1 || rows.length > 1 ? (
        <Group grow gap="sm" align="flex-start">
          {sections.length > 1 ? (
            <Select
              label={t`Section`}
              placeholder={t`All sections`}
              clearable
              data={sections.map((s) => ({ value: `#${s}`, label: s || t`No section` }))}
              value={section}
              onChange={(s) => {
                setSection(s);
                setRow(null);
              }}
            />
          ) : null}
          {rows.length > 1 ? (
            <Select
              label={t`Row`}
              placeholder={t`All rows`}
              clearable
              searchable={rows.length > 8}
              data={rows}
              value={row}
              onChange={setRow}
            />
          ) : null}
        </Group>
      ) : null}
      <Select
        label={label}
        description={description}
        required={required}
        clearable={!required}
        searchable
        limit={300}
        nothingFoundMessage={t`No seat fits this ticket.`}
        placeholder={places.length ? t`Choose a seat` : t`No seat fits this ticket.`}
        data={data}
        value={value}
        onChange={onChange}
        error={error}
      />
    </>
  );
}
