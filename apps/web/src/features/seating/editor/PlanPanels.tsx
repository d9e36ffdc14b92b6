import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Slider.css';

import { formatNumber } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  NumberInput,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { tallyLayout } from '../seating-layout';
import { renameCategory } from './edits';
import type { Layout } from './layout-types';
import { whole } from './NumberingFields';
import { CATEGORY_COLOURS } from './placement';
import type { LayoutChange } from './use-plan-editor';

interface PanelProps {
  layout: Layout;
  change: (edit: LayoutChange, merge?: string) => void;
  seal: () => void;
}

/** A category's name, renamed (with what sells as it) when the field is left or Enter is pressed. */
function CategoryName({ layout, index, change }: Omit<PanelProps, 'seal'> & { index: number }) {
  const { t } = useLingui();
  const name = layout.categories[index]!.name;
  const [draft, setDraft] = useState(name);
  const [shown, setShown] = useState(name);
  if (shown !== name) {
    setShown(name);
    setDraft(name);
  }
  const commit = () => {
    const next = draft.trim();
    if (next && next !== name) change((l) => renameCategory(l, index, next));
    else setDraft(name);
  };
  return (
    <TextInput
      aria-label={t`Name of category ${index + 1}`}
      maxLength={100}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      style={{ flex: 1 }}
    />
  );
}

/** The plan's categories: colour, name (with its seats and standing places), add and remove. */
export function CategoriesPanel({ layout, change, seal }: PanelProps) {
  const { t, i18n } = useLingui();
  const tally = useMemo(() => tallyLayout(layout), [layout]);
  const addCategory = () =>
    change((l) => {
      const names = new Set(l.categories.map((c) => c.name));
      let n = l.categories.length + 1;
      while (names.has(t`Category ${n}`)) n++;
      const color = CATEGORY_COLOURS[l.categories.length % CATEGORY_COLOURS.length];
      return { ...l, categories: [...l.categories, { name: t`Category ${n}`, color }] };
    });
  return (
    <Stack gap="xs">
      {layout.categories.map((category, i) => {
        const counts = tally.categories.find((c) => c.name === category.name);
        const seats = plural(counts?.seats ?? 0, { one: '# seat', other: '# seats' });
        const standing = counts?.standing ?? 0;
        const places = formatNumber(standing, i18n.locale);
        const name = category.name;
        return (
          <Stack key={i} gap={2}>
            <Group gap={6} wrap="nowrap">
              <ColorInput
                aria-label={t`Colour of ${name}`}
                format="hex"
                w={120}
                withEyeDropper={false}
                swatches={CATEGORY_COLOURS}
                value={category.color ?? ''}
                onChange={(color) =>
                  change(
                    (l) => ({ ...l, categories: l.categories.map((c, j) => (j === i ? { ...c, color } : c)) }),
                    `colour-${i}`,
                  )
                }
                onBlur={seal}
              />
              <CategoryName layout={layout} index={i} change={change} />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t`Remove category ${name}`}
                onClick={() => change((l) => ({ ...l, categories: l.categories.filter((_, j) => j !== i) }))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Text size="xs" c="dimmed" pl={126}>
              {standing ? t`${seats}, ${places} standing` : seats}
            </Text>
          </Stack>
        );
      })}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={addCategory}>
        <Trans>Add category</Trans>
      </Button>
    </Stack>
  );
}

/** The plan's size and the image traced over (an address, its place, size and fading). */
export function CanvasPanel({ layout, change, seal }: PanelProps) {
  const { t } = useLingui();
  const background = layout.background;
  const [url, setUrl] = useState(background?.url ?? '');
  const validUrl = /^https:\/\/\S+$/.test(url.trim());
  const number = (label: string, value: number, set: (l: Layout, v: number) => Layout, key: string, min = 1) => (
    <NumberInput
      label={label}
      min={min}
      max={100_000}
      value={value}
      onChange={(v) => {
        const n = Math.max(min, whole(v, value));
        change((l) => set(l, n), key);
      }}
      onBlur={seal}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        {number(t`Plan width`, layout.size.width, (l, width) => ({ ...l, size: { ...l.size, width } }), 'width', 100)}
        {number(
          t`Plan height`,
          layout.size.height,
          (l, height) => ({ ...l, size: { ...l.size, height } }),
          'height',
          100,
        )}
      </SimpleGrid>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t`Background image address`}
          description={t`An https:// address of a floor plan to trace (only you see it).`}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          disabled={!validUrl || url.trim() === background?.url}
          onClick={() =>
            change((l) => ({
              ...l,
              background: {
                position: { x: 0, y: 0 },
                width: l.size.width,
                height: l.size.height,
                opacity: 0.5,
                ...l.background,
                url: url.trim(),
              },
            }))
          }
        >
          <Trans>Show</Trans>
        </Button>
      </Group>
      {background ? (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Image opacity</Trans>
            </Text>
            <Slider
              min={0.1}
              max={1}
              step={0.05}
              value={background.opacity}
              label={(v) => `${Math.round(v * 100)}%`}
              thumbLabel={t`Image opacity`}
              onChange={(opacity) =>
                change((l) => ({ ...l, background: { ...l.background!, opacity } }), 'background-opacity')
              }
              onChangeEnd={seal}
            />
          </Stack>
          <SimpleGrid cols={2} spacing="sm">
            {number(
              t`Image left`,
              background.position.x,
              (l, x) => ({ ...l, background: { ...l.background!, position: { ...l.background!.position, x } } }),
              'background-x',
              -100_000,
            )}
            {number(
              t`Image top`,
              background.position.y,
              (l, y) => ({ ...l, background: { ...l.background!, position: { ...l.background!.position, y } } }),
              'background-y',
              -100_000,
            )}
            {number(
              t`Image width`,
              background.width,
              (l, width) => ({ ...l, background: { ...l.background!, width } }),
              'background-w',
            )}
            {number(
              t`Image height`,
              background.height,
              (l, height) => ({ ...l, background: { ...l.background!, height } }),
              'background-h',
            )}
          </SimpleGrid>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              setUrl('');
              change(({ background: _background, ...l }) => l);
            }}
          >
            <Trans>Remove the image</Trans>
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
