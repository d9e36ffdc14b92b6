import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';

import { SEAT_FEATURES, type SeatFeature } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconCopy,
  IconFocus2,
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
  IconRotateClockwise,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';

import { type AlignEdge, alignSelection } from './align';
import { frontCentre } from './areas';
import {
  renumber,
  rotateSelection,
  setCategory,
  setFeature,
  setTableWhole,
  updateArea,
  updateRow,
  updateZone,
} from './edits';
import { add, type Layout } from './layout-types';
import { DEFAULT_NUMBERING, type Numbering, NumberingFields, whole } from './NumberingFields';
import { isEmpty, selectedIn, type Selection, unitsIn } from './selection';
import type { LayoutChange } from './use-plan-editor';

interface InspectorProps {
  layout: Layout;
  selection: Selection;
  change: (edit: LayoutChange, merge?: string) => void;
  /** A field lost focus: typing in the next one is a step of its own. */
  seal: () => void;
  onDelete: () => void;
  /** Copies the selection beside itself (Ctrl/Cmd+D too). */
  onDuplicate: () => void;
}

/** The words for each seat feature (buyers see them too). */
export function useFeatureLabels(): Record<SeatFeature, string> {
  const { t } = useLingui();
  return {
    WHEELCHAIR: t`Wheelchair space`,
    COMPANION: t`Companion seat`,
    AISLE: t`Aisle seat`,
    RESTRICTED_VIEW: t`Restricted view`,
    HEARING: t`Hearing assistance`,
    SIGHT: t`Low vision`,
  };
}

const ALIGN_ICONS: Array<[AlignEdge, typeof IconLayoutAlignLeft]> = [
  ['left', IconLayoutAlignLeft],
  ['centre', IconLayoutAlignCenter],
  ['right', IconLayoutAlignRight],
  ['top', IconLayoutAlignTop],
  ['middle', IconLayoutAlignMiddle],
  ['bottom', IconLayoutAlignBottom],
];

function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider />
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The selection's properties: category, features, tables, names, numbering, turning, aligning, deleting. */
export function Inspector({ layout, selection, change, seal, onDelete, onDuplicate }: InspectorProps) {
  const { t } = useLingui();
  const featureLabels = useFeatureLabels();
  const found = useMemo(() => selectedIn(layout, selection), [layout, selection]);
  const units = useMemo(() => unitsIn(layout, selection), [layout, selection]);
  const [numbering, setNumbering] = useState<Numbering>(DEFAULT_NUMBERING);
  const [turn, setTurn] = useState(90);
  const seats = found.seats.length;
  const areas = found.areas.length;
  const summary = !seats
    ? plural(areas, { one: '# area selected', other: '# areas selected' })
    : areas
      ? t`${plural(seats, { one: '# seat', other: '# seats' })} and ${plural(areas, { one: '# area', other: '# areas' })} selected`
      : plural(seats, { one: '# seat selected', other: '# seats selected' });

  const categories = new Set([
    ...found.seats.map((s) => s.category),
    ...found.areas.flatMap((a) => (a.value.standing ? [a.value.standing.category] : [])),
  ]);
  const sells = seats > 0 || found.areas.some((a) => a.value.standing);
  const tables = found.rows.filter((r) => r.value.table);
  const blockRows = found.rows.filter((r) => !r.value.table);
  const zones = new Set(found.rows.map((r) => r.zone));
  const oneZone = zones.size === 1 && !areas ? [...zones][0]! : undefined;
  const oneTable = tables.length === 1 && !blockRows.length && !areas ? tables[0] : undefined;
  const oneArea = areas === 1 && !seats ? found.areas[0] : undefined;

  if (isEmpty(selection) || (!seats && !areas))
    return (
      <Stack gap={4}>
        <Title order={2} fz="lg">
          <Trans>Selection</Trans>
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          <Trans>Nothing selected. Click a seat or an area, drag a box around several, or press N on the plan.</Trans>
        </Text>
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          <Trans>Selection</Trans>
        </Title>
        <Text size="sm" aria-live="polite" data-testid="seating-editor-selection">
          {summary}
        </Text>
      </Stack>

      {sells ? (
        <Select
          label={t`Category`}
          placeholder={categories.size > 1 ? t`Several categories` : t`No category`}
          data={layout.categories.map((c) => c.name)}
          value={categories.size === 1 ? [...categories][0]! || null : null}
          onChange={(value) => value && change((l) => setCategory(l, selection, value))}
          allowDeselect={false}
        />
      ) : null}

      {oneZone !== undefined ? (
        <TextInput
          label={t`Section name`}
          maxLength={100}
          value={layout.zones[oneZone]!.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            change((l) => updateZone(l, oneZone, (z) => ({ ...z, name })), `zone-name-${oneZone}`);
          }}
          onBlur={seal}
        />
      ) : null}

      {oneTable ? (
        <TextInput
          label={t`Table name`}
          maxLength={20}
          value={oneTable.value.row_number}
          onChange={(e) => {
            const name = e.currentTarget.value;
            if (name.trim())
              change(
                (l) => updateRow(l, oneTable.zone, oneTable.row, (r) => ({ ...r, row_number: name })),
                'table-name',
              );
          }}
          onBlur={seal}
        />
      ) : null}

      {tables.length ? (
        <Checkbox
          label={t`Sold as a whole table`}
          description={t`A buyer takes every seat of the table at once.`}
          checked={tables.every((r) => r.value.table?.whole)}
          indeterminate={tables.some((r) => r.value.table?.whole) && !tables.every((r) => r.value.table?.whole)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            change((l) => setTableWhole(l, selection, on));
          }}
        />
      ) : null}

      {seats ? (
        <Part title={<Trans>Features</Trans>}>
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            {SEAT_FEATURES.map((feature) => {
              const having = found.seats.filter((s) => s.features?.includes(feature)).length;
              return (
                <Checkbox
                  key={feature}
                  size="sm"
                  label={featureLabels[feature]}
                  checked={having === seats}
                  indeterminate={having > 0 && having < seats}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    change((l) => setFeature(l, selection, feature, on));
                  }}
                />
              );
            })}
          </SimpleGrid>
        </Part>
      ) : null}

      {oneArea?.value.standing ? (
        <Part title={<Trans>Standing area</Trans>}>
          <TextInput
            label={t`Name`}
            maxLength={100}
            value={oneArea.value.standing.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              change(
                (l) => updateArea(l, oneArea.zone, oneArea.area, (a) => ({ ...a, standing: { ...a.standing!, name } })),
                'standing-name',
              );
            }}
            onBlur={seal}
          />
          <NumberInput
            label={t`Capacity`}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            value={oneArea.value.standing.capacity}
            onChange={(v) => {
              const capacity = Math.max(1, whole(v, 1));
              change(
                (l) =>
                  updateArea(l, oneArea.zone, oneArea.area, (a) => ({ ...a, standing: { ...a.standing!, capacity } })),
                'standing-capacity',
              );
            }}
            onBlur={seal}
          />
        </Part>
      ) : null}

      {oneArea?.value.text && !oneArea.value.standing ? (
        <TextInput
          label={t`Text`}
          maxLength={200}
          value={oneArea.value.text.text}
          onChange={(e) => {
            const text = e.currentTarget.value;
            change(
              (l) => updateArea(l, oneArea.zone, oneArea.area, (a) => ({ ...a, text: { ...a.text!, text } })),
              'area-text',
            );
          }}
          onBlur={seal}
        />
      ) : null}

      {oneArea?.value.rectangle ? (
        <>
          <SimpleGrid cols={2} spacing="sm">
            {(['width', 'height'] as const).map((side) => (
              <NumberInput
                key={side}
                label={side === 'width' ? t`Width` : t`Height`}
                min={10}
                max={100_000}
                value={oneArea.value.rectangle![side]}
                onChange={(v) => {
                  const size = Math.max(10, whole(v, 10));
                  change(
                    (l) =>
                      updateArea(l, oneArea.zone, oneArea.area, (a) => {
                        const rectangle = { ...a.rectangle!, [side]: size };
                        // A stage's words stay in its middle.
                        const text =
                          a.text && !a.standing
                            ? { ...a.text, position: { x: rectangle.width / 2, y: rectangle.height / 2 } }
                            : a.text;
                        return { ...a, rectangle, text };
                      }),
                    `area-${side}`,
                  );
                }}
                onBlur={seal}
              />
            ))}
          </SimpleGrid>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocus2 size={16} aria-hidden />}
            onClick={() =>
              change((l) => ({
                ...l,
                focal_point: add(l.zones[oneArea.zone]!.position, frontCentre(oneArea.value)),
              }))
            }
          >
            <Trans>Make its front the focal point</Trans>
          </Button>
        </>
      ) : null}

      {blockRows.length ? (
        <Part title={<Trans>Numbering</Trans>}>
          <Text size="xs" c="dimmed">
            <Trans>Labels the selected rows front to back and their seats in order.</Trans>
          </Text>
          <NumberingFields value={numbering} onChange={setNumbering} />
          <Button
            variant="light"
            onClick={() => change((l) => renumber(l, selection, numbering.seats, numbering.rows))}
          >
            <Trans>Number again</Trans>
          </Button>
        </Part>
      ) : null}

      <Part title={<Trans>Arrange</Trans>}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            label={t`Turn by (degrees)`}
            min={-360}
            max={360}
            value={turn}
            onChange={(v) => setTurn(whole(v, 0))}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            leftSection={<IconRotateClockwise size={16} aria-hidden />}
            onClick={() => change((l) => rotateSelection(l, selection, turn))}
          >
            <Trans>Turn</Trans>
          </Button>
        </Group>
        {units.length > 1 ? (
          <Group gap={4} role="group" aria-label={t`Align`}>
            {ALIGN_ICONS.map(([edge, Icon]) => {
              const labels: Record<AlignEdge, string> = {
                left: t`Align left edges`,
                centre: t`Align centres`,
                right: t`Align right edges`,
                top: t`Align top edges`,
                middle: t`Align middles`,
                bottom: t`Align bottom edges`,
              };
              return (
                <ActionIcon
                  key={edge}
                  variant="default"
                  size="lg"
                  aria-label={labels[edge]}
                  title={labels[edge]}
                  onClick={() => change((l) => alignSelection(l, selection, edge))}
                >
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              );
            })}
          </Group>
        ) : null}
      </Part>

      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          title={t`Duplicate (Ctrl+D)`}
          onClick={onDuplicate}
        >
          <Trans>Duplicate</Trans>
        </Button>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          <Trans>Delete selection</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
