import '@mantine/core/styles/NumberInput.css';

import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';

import { SegmentedField } from '../../../components/SegmentedField';
import { DEFAULT_ROW_NUMBERING, DEFAULT_SEAT_NUMBERING, type RowNumbering, type SeatNumbering } from './numbering';

export interface Numbering {
  rows: RowNumbering;
  seats: SeatNumbering;
}

export const DEFAULT_NUMBERING: Numbering = { rows: DEFAULT_ROW_NUMBERING, seats: DEFAULT_SEAT_NUMBERING };

/** A whole number from a number field (empty or a half-typed value: `fallback`). */
export const whole = (value: string | number, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;

/** How rows are labelled and seats numbered: letters or numbers, start, step, prefix, direction. */
export function NumberingFields({ value, onChange }: { value: Numbering; onChange: (value: Numbering) => void }) {
  const { t } = useLingui();
  const rows = (patch: Partial<RowNumbering>) => onChange({ ...value, rows: { ...value.rows, ...patch } });
  const seats = (patch: Partial<SeatNumbering>) => onChange({ ...value, seats: { ...value.seats, ...patch } });
  return (
    <Stack gap="sm">
      <SegmentedField
        label={t`Row labels`}
        value={value.rows.style}
        onChange={(style) => rows({ style: style as RowNumbering['style'], start: style === 'letters' ? 'A' : '1' })}
        data={[
          { value: 'letters', label: t`Letters (no I, O)` },
          { value: 'numbers', label: t`Numbers` },
        ]}
      />
      <SimpleGrid cols={3} spacing="sm">
        <TextInput
          label={t`First row`}
          value={value.rows.start}
          onChange={(e) => rows({ start: e.currentTarget.value })}
        />
        <NumberInput
          label={t`Row step`}
          min={1}
          max={10}
          value={value.rows.step}
          onChange={(step) => rows({ step: whole(step, 1) })}
        />
        <TextInput
          label={t`Row prefix`}
          maxLength={8}
          value={value.rows.prefix}
          onChange={(e) => rows({ prefix: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SegmentedField
        label={t`Seat numbers`}
        value={value.seats.direction}
        onChange={(direction) => seats({ direction: direction as SeatNumbering['direction'] })}
        data={[
          { value: 'ltr', label: t`Left to right` },
          { value: 'rtl', label: t`Right to left` },
        ]}
      />
      <SimpleGrid cols={3} spacing="sm">
        <NumberInput
          label={t`First seat`}
          value={value.seats.start}
          onChange={(start) => seats({ start: whole(start, 1) })}
        />
        <NumberInput
          label={t`Seat step`}
          min={1}
          max={10}
          value={value.seats.step}
          onChange={(step) => seats({ step: whole(step, 1) })}
        />
        <TextInput
          label={t`Seat prefix`}
          maxLength={8}
          value={value.seats.prefix}
          onChange={(e) => seats({ prefix: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
