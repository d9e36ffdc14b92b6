import { z } from 'zod';

export const IMAGE_TYPES = ['EVENT_COVER'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Size rules per image type (SPEC §5, §9): under 5 MB, within these pixel bounds. */
export const IMAGE_RULES: Record<ImageType, { minWidth: number; minHeight: number; maxWidth: number; maxHeight: number; recommended: string }> = {
  EVENT_COVER: { minWidth: 900, minHeight: 450, maxWidth: 3000, maxHeight: 2000, recommended: '2160x1080' },
};
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface ImageDto {
  id: number;
  type: ImageType;
  /** The original upload. */
  url: string;
  /** Resized WebP copies: `large` (at most 2160x1080) and `small` (at most 600x300). */
  variants: { large: string; small: string };
  width: number;
  height: number;
  size_bytes: number;
  content_type: string;
  created_at: string;
}

export const imageParams = z.object({ id: z.coerce.number().int().positive(), imageId: z.coerce.number().int().positive() });
