import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Autocomplete, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { stage, standingArea, textLabel } from './areas';
import { newId } from './ids';
import type { Layout, Point } from './layout-types';
import { DEFAULT_NUMBERING, type Numbering, NumberingFields, whole } from './NumberingFields';
import { nextTableNumber, placeArea, placeBlock, type Placed, placeTables, withCategory } from './placement';
import { DEFAULT_ROW_BLOCK, rowBlock } from './row-block';
import { tableGrid } from './tables';

/** What the tool bar adds. */
export type AddKind = 'block' | 'round' | 'long' | 'standing' | 'text' | 'stage';

interface AddDialogProps {
  kind: AddKind | null;
  layout: Layout;
  /** Where new things go: the middle of what is on screen. */
  centre: Point;
  onClose: () => void;
  onAdd: (edit: (layout: Layout) => Placed) => void;
}

/** Reads "4, 12" as the seats aisles follow. */
const aisles = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .map((n) => Number.parseInt(n, 10))
    .filter((n) => Number.isFinite(n) && n > 0);

/** A number field bound to a whole number (1..max unless `min` says otherwise). */
function Count(props: { label: string; value: number; onChange: (value: number) => void; min?: number; max: number }) {
  const { label, value, onChange, min = 1, max } = props;
  return (
    <NumberInput
      label={label}
      min={min}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      value={value}
      onChange={(v) => onChange(whole(v, value))}
    />
  );
}

function CategoryField({ layout, value, onChange }: { layout: Layout; value: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  return (
    <Autocomplete
      label={t`Category`}
      description={t`Choose one, or type a new one`}
      data={layout.categories.map((c) => c.name)}
      value={value}
      onChange={onChange}
    />
  );
}

function RowBlockForm({ layout, centre, onAdd, submit }: FormProps) {
  const { t } = useLingui();
  const [name, setName] = useState(() => t`Stalls`);
  const [category, setCategory] = useState(layout.categories[0]?.name ?? '');
  const [spec, setSpec] = useState(DEFAULT_ROW_BLOCK);
  const [gaps, setGaps] = useState('');
  const [numbering, setNumbering] = useState<Numbering>(DEFAULT_NUMBERING);
  const set = (patch: Partial<typeof spec>) => setSpec((s) => ({ ...s, ...patch }));
  const add = () =>
    onAdd((l) =>
      placeBlock(
        withCategory(l, category),
        rowBlock(
          {
            ...spec,
            name: name.trim(),
            category: category.trim(),
            aislesAfter: aisles(gaps),
            rowNumbering: numbering.rows,
            seatNumbering: numbering.seats,
          },
          centre,
          newId,
        ),
      ),
    );
  return submit(
    <Trans>Add rows</Trans>,
    add,
    <>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t`Section name`}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <CategoryField layout={layout} value={category} onChange={setCategory} />
        <Count label={t`Rows`} max={200} value={spec.rows} onChange={(rows) => set({ rows })} />
        <Count
          label={t`Seats per row`}
          max={200}
          value={spec.seatsPerRow}
          onChange={(seatsPerRow) => set({ seatsPerRow })}
        />
        <Count
          label={t`Seat spacing`}
          min={10}
          max={200}
          value={spec.seatSpacing}
          onChange={(seatSpacing) => set({ seatSpacing })}
        />
        <Count
          label={t`Row spacing`}
          min={10}
          max={200}
          value={spec.rowSpacing}
          onChange={(rowSpacing) => set({ rowSpacing })}
        />
        <NumberInput
          label={t`Curve radius`}
          description={t`0: straight rows`}
          min={0}
          max={100000}
          value={spec.curve}
          onChange={(v) => set({ curve: Math.max(0, whole(v, 0)) })}
        />
        <NumberInput
          label={t`Rotation (degrees)`}
          description={t`Clockwise`}
          min={-360}
          max={360}
          value={spec.rotation}
          onChange={(v) => set({ rotation: whole(v, 0) })}
        />
        <TextInput
          label={t`Aisles after seats`}
          description={t`For example: 4, 12`}
          value={gaps}
          onChange={(e) => setGaps(e.currentTarget.value)}
        />
        <Count
          label={t`Aisle width`}
          min={0}
          max={500}
          value={spec.aisleWidth}
          onChange={(aisleWidth) => set({ aisleWidth })}
        />
      </SimpleGrid>
      <NumberingFields value={numbering} onChange={setNumbering} />
    </>,
  );
}

function TablesForm({ layout, centre, onAdd, submit, shape }: FormProps & { shape: 'round' | 'long' }) {
  const { t } = useLingui();
  const [count, setCount] = useState(1);
  const [columns, setColumns] = useState(4);
  const [seats, setSeats] = useState(shape === 'round' ? 8 : 10);
  const [whole, setWhole] = useState(false);
  const [category, setCategory] = useState(layout.categories[0]?.name ?? '');
  const tablesName = t`Tables`;
  const add = () =>
    onAdd((l) =>
      placeTables(
        withCategory(l, category),
        tableGrid(
          { shape, seats, whole, category: category.trim() },
          count,
          columns,
          nextTableNumber(l),
          centre,
          newId,
        ),
        tablesName,
      ),
    );
  return submit(
    count > 1 ? <Trans>Add tables</Trans> : <Trans>Add table</Trans>,
    add,
    <>
      <SimpleGrid cols={2} spacing="sm">
        <Count label={t`Tables`} max={200} value={count} onChange={setCount} />
        <Count label={t`Tables per row`} max={50} value={columns} onChange={setColumns} />
        <Count label={t`Seats per table`} min={2} max={40} value={seats} onChange={setSeats} />
        <CategoryField layout={layout} value={category} onChange={setCategory} />
      </SimpleGrid>
      <Checkbox
        label={t`Sold as a whole table`}
        description={t`A buyer takes every seat of the table at once.`}
        checked={whole}
        onChange={(e) => setWhole(e.currentTarget.checked)}
      />
    </>,
  );
}

function AreaForm({ layout, centre, onAdd, submit, kind }: FormProps & { kind: 'standing' | 'text' | 'stage' }) {
  const { t } = useLingui();
  const [text, setText] = useState(() => (kind === 'stage' ? t`Stage` : kind === 'standing' ? t`Standing` : ''));
  const [capacity, setCapacity] = useState(100);
  const [size, setSize] = useState(kind === 'stage' ? { width: 400, height: 80 } : { width: 240, height: 140 });
  const [fontSize, setFontSize] = useState(18);
  const [category, setCategory] = useState(layout.categories[0]?.name ?? '');
  const areasName = t`Areas`;
  const corner = { x: centre.x - size.width / 2, y: centre.y - size.height / 2 };
  const add = () =>
    onAdd((l) => {
      if (kind === 'text') return placeArea(l, textLabel(text.trim(), fontSize, centre, newId), areasName);
      if (kind === 'stage')
        return placeArea(l, stage(text.trim(), size.width, size.height, corner, newId), areasName, true);
      const area = standingArea({ name: text.trim(), capacity, category: category.trim(), ...size }, corner, newId);
      return placeArea(withCategory(l, category), area, areasName);
    });
  return submit(
    <Trans>Add</Trans>,
    add,
    <>
      <TextInput
        label={kind === 'text' ? t`Text` : t`Name`}
        required
        maxLength={kind === 'text' ? 200 : 100}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {kind === 'standing' ? (
        <SimpleGrid cols={2} spacing="sm">
          <Count label={t`Capacity`} max={1_000_000} value={capacity} onChange={setCapacity} />
          <CategoryField layout={layout} value={category} onChange={setCategory} />
        </SimpleGrid>
      ) : null}
      {kind === 'text' ? (
        <Count label={t`Text size`} min={6} max={200} value={fontSize} onChange={setFontSize} />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          <Count
            label={t`Width`}
            min={10}
            max={100_000}
            value={size.width}
            onChange={(width) => setSize((s) => ({ ...s, width }))}
          />
          <Count
            label={t`Height`}
            min={10}
            max={100_000}
            value={size.height}
            onChange={(height) => setSize((s) => ({ ...s, height }))}
          />
        </SimpleGrid>
      )}
    </>,
    !text.trim(),
  );
}

interface FormProps {
  layout: Layout;
  centre: Point;
  onAdd: AddDialogProps['onAdd'];
  /** The form around `children`, with Cancel and a submit button labelled `label` that runs `add`. */
  submit: (label: ReactNode, add: () => void, children: ReactNode, disabled?: boolean) => ReactNode;
}

/** The dialog of a tool bar button: what to add, placed in the middle of the view and selected. */
export function AddDialog({ kind, layout, centre, onClose, onAdd }: AddDialogProps) {
  const { t } = useLingui();
  const titles: Record<AddKind, string> = {
    block: t`Add rows of seats`,
    round: t`Add round tables`,
    long: t`Add long tables`,
    standing: t`Add a standing area`,
    text: t`Add a text label`,
    stage: t`Add the stage`,
  };
  // Each kind's fields in a form of its own, which adds on submit (Enter in a field, or the button).
  const submit: FormProps['submit'] = (label, add, children, disabled = false) => (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!disabled) add();
      }}
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={disabled}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
  const form: FormProps = { layout, centre, onAdd, submit };
  return (
    <AppModal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? titles[kind] : ''}
      size={kind === 'block' ? 'lg' : 'md'}
    >
      {kind === 'block' ? <RowBlockForm {...form} /> : null}
      {kind === 'round' || kind === 'long' ? <TablesForm {...form} shape={kind} key={kind} /> : null}
      {kind === 'standing' || kind === 'text' || kind === 'stage' ? (
        <AreaForm {...form} kind={kind} key={kind} />
      ) : null}
    </AppModal>
  );
}
