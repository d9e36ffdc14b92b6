import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Slider.css';

import { backgroundUrl, formatNumber, IMAGE_RULES, type ImageDto } from '@admitone/shared';
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
import { IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';

import { ChooseFile, FileDrop } from '../../../components/FileDrop';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/validation';
import { useUploadImage } from '../../images/api/images';
import { imageProblem, readImageSize } from '../../images/image-check';
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

const BACKGROUND_RULE = IMAGE_RULES.SEATING_BACKGROUND;

/** The layout tracing `url`, placed over the whole plan (an uploaded image), or where the last one was. */
const traced = (l: Layout, url: string, fill: boolean): Layout => ({
  ...l,
  background: {
    position: { x: 0, y: 0 },
    width: l.size.width,
    height: l.size.height,
    opacity: 0.5,
    ...(fill ? { opacity: l.background?.opacity ?? 0.5 } : l.background),
    url,
  },
});

/**
 * Uploads a floor plan as one of the organizer's seating backgrounds (checked here first, then by the server) and
 * traces it over the whole plan.
 */
function BackgroundUpload({ organizerId, onUploaded }: { organizerId: number; onUploaded: (img: ImageDto) => void }) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const errorId = useId();
  const upload = useUploadImage({ kind: 'organizers', id: organizerId, type: 'SEATING_BACKGROUND', keys: [] });
  const [error, setError] = useState<string | null>(null);
  const min = `${BACKGROUND_RULE.minWidth}×${BACKGROUND_RULE.minHeight}`;
  const max = `${BACKGROUND_RULE.maxWidth}×${BACKGROUND_RULE.maxHeight}`;
  const send = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setError(null);
    const problem = imageProblem(
      { contentType: file.type, bytes: file.size, ...(await readImageSize(file)) },
      BACKGROUND_RULE,
    );
    if (problem) {
      setError(
        {
          type: t`Choose a JPEG, PNG or WebP image.`,
          size: t`The image must be smaller than 5 MB.`,
          too_small: t`The image must be at least ${min} pixels.`,
          too_large: t`The image must be at most ${max} pixels.`,
        }[problem],
      );
      return;
    }
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (e) =>
        setError(isApiError(e) && e.fieldErrors.image?.length ? e.fieldErrors.image.join(' ') : errorMessage(e, i18n)),
    });
  };
  return (
    <Stack gap={4}>
      <FileDrop
        accept="image/jpeg,image/png,image/webp"
        label={t`Upload a background image`}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        invalid={!!error}
        disabled={upload.isPending}
        onFile={(file) => void send(file)}
      >
        <IconPhotoUp size={24} aria-hidden color="var(--mantine-color-violet-7)" />
        <Text size="sm">
          {upload.isPending ? (
            <Trans>Uploading…</Trans>
          ) : (
            <Trans>
              Drop a floor plan here or <ChooseFile>choose a file</ChooseFile> to trace it
            </Trans>
          )}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t`JPEG, PNG or WebP under 5 MB, from ${min} to ${max} pixels. Only you see it.`}
        </Text>
      </FileDrop>
      {error ? (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The plan's size and the image traced over (uploaded or an address, its place, size and fading). */
export function CanvasPanel({ organizerId, layout, change, seal }: PanelProps & { organizerId: number }) {
  const { t } = useLingui();
  const background = layout.background;
  const [url, setUrl] = useState(background?.url ?? '');
  const validUrl = backgroundUrl.safeParse(url).success;
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
      <BackgroundUpload
        organizerId={organizerId}
        onUploaded={(img) => {
          setUrl(img.url);
          change((l) => traced(l, img.url, true));
        }}
      />
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
          onClick={() => change((l) => traced(l, url.trim(), false))}
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
