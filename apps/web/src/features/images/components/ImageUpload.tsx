import '@mantine/core/styles/Progress.css';

import { IMAGE_RULES, type ImageDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ChooseFile, FileDrop } from '../../../components/FileDrop';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/validation';
import { type ImageOwner, useDeleteImage, useUploadImage } from '../api/images';
import { type ImageProblem, imageProblem, readImageSize } from '../image-check';
import classes from './ImageUpload.module.css';

interface ImageUploadProps {
  owner: ImageOwner;
  image: ImageDto | null;
  /** Accessible name of the file input, e.g. "Upload a cover image". */
  inputLabel: string;
  /** Alternative text of the current image. */
  alt: string;
  /** Width / height of the shown image (2 for a cover banner, 1 for a logo). */
  aspectRatio: number;
  /** Largest width of the shown image. */
  maxPreviewWidth?: number;
}

/** Upload (drop or choose a file), replace and remove one image, with checks before uploading. */
export function ImageUpload({ owner, image, inputLabel, alt, aspectRatio, maxPreviewWidth }: ImageUploadProps) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const errorId = useId();
  const upload = useUploadImage(owner);
  const remove = useDeleteImage(owner);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rule = IMAGE_RULES[owner.type];
  const min = `${rule.minWidth}×${rule.minHeight}`;
  const max = `${rule.maxWidth}×${rule.maxHeight}`;
  const recommended = rule.recommended.replace('x', '×');
  const problems: Record<ImageProblem, string> = {
    type: t`Choose a JPEG, PNG or WebP image.`,
    size: t`The image must be smaller than 5 MB.`,
    too_small: t`The image must be at least ${min} pixels.`,
    too_large: t`The image must be at most ${max} pixels.`,
  };

  const send = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setError(null);
    const size = await readImageSize(file);
    const problem = imageProblem({ contentType: file.type, bytes: file.size, ...size }, rule);
    if (problem) {
      setError(problems[problem]);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`Image uploaded.` }),
      onError: (e) =>
        setError(isApiError(e) && e.fieldErrors.image?.length ? e.fieldErrors.image.join(' ') : errorMessage(e, i18n)),
    });
  };

  return (
    <Stack gap="sm">
      {image ? (
        <Stack gap="xs" maw={maxPreviewWidth}>
          <img
            src={aspectRatio >= 1.5 ? image.variants.large : image.variants.small}
            alt={alt}
            className={classes.current}
            style={{ aspectRatio: String(aspectRatio) }}
          />
          <Group gap="xs">
            <Button
              variant="default"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              <Trans>Remove</Trans>
            </Button>
            <Text size="xs" c="dimmed">
              {image.width}×{image.height}
            </Text>
          </Group>
        </Stack>
      ) : null}
      <FileDrop
        accept="image/jpeg,image/png,image/webp"
        label={inputLabel}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        invalid={!!error}
        disabled={upload.isPending}
        onFile={(file) => void send(file)}
      >
        <IconPhotoUp size={28} aria-hidden color="var(--mantine-color-violet-7)" />
        <Text size="sm">
          {image ? (
            <Trans>
              Drop a new image here or <ChooseFile>choose a file</ChooseFile> to replace it
            </Trans>
          ) : (
            <Trans>
              Drop an image here or <ChooseFile>choose a file</ChooseFile>
            </Trans>
          )}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t`JPEG, PNG or WebP under 5 MB, from ${min} to ${max} pixels. Recommended: ${recommended}.`}
        </Text>
      </FileDrop>
      {upload.isPending ? (
        <Stack gap={4} role="status">
          <Text size="sm">
            <Trans>Uploading…</Trans>
          </Text>
          <Progress value={100} striped animated aria-hidden />
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={<Trans>Remove image</Trans>}
        message={<Trans>The image is deleted. You can upload another one at any time.</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          image &&
          remove.mutate(image.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'teal', message: t`Image removed.` });
            },
          })
        }
      />
    </Stack>
  );
}
