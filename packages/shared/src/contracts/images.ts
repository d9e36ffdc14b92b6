import { z } from 'zod';

import { LIMITS } from '../limits.js';

/**
 * An event's cover, an organizer's logo (one each: a new one replaces the old), and an organizer's seating-plan
 * backgrounds (floor plans traced in the seating editor: each upload is kept beside the others).
 */
export const IMAGE_TYPES = ['EVENT_COVER', 'ORGANIZER_LOGO', 'SEATING_BACKGROUND'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Size rules per image type (SPEC §5, §9): under 5 MB, within these pixel bounds. */
export interface ImageRule {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  recommended: string;
  /** Bounding boxes of the WebP variants. */
  variants: { large: [number, number]; small: [number, number] };
  /** An owner has one image of this type: an upload replaces the previous one. */
  replaces: boolean;
}
export const IMAGE_RULES: Record<ImageType, ImageRule> = {
  EVENT_COVER: {
    minWidth: 900,
    minHeight: 450,
    maxWidth: 3000,
    maxHeight: 2000,
    recommended: '2160x1080',
    variants: { large: [2160, 1080], small: [600, 300] },
    replaces: true,
  },
  ORGANIZER_LOGO: {
    minWidth: 100,
    minHeight: 100,
    maxWidth: 3000,
    maxHeight: 3000,
    recommended: '512x512',
    variants: { large: [512, 512], small: [128, 128] },
    replaces: true,
  },
  SEATING_BACKGROUND: {
    minWidth: 200,
    minHeight: 200,
    maxWidth: 4000,
    maxHeight: 4000,
    recommended: '2000x1600',
    variants: { large: [2400, 2400], small: [400, 400] },
    replaces: false,
  },
};
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface ImageDto {
  id: number;
  type: ImageType;
  /** The original upload. */
  url: string;
  /** Resized WebP copies within the type's variant boxes (covers: 2160x1080 and 600x300). */
  variants: { large: string; small: string };
  width: number;
  height: number;
  size_bytes: number;
  content_type: string;
  created_at: string;
}

export const imageParams = z.object({
  id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  imageId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/** `ImageDto` as a response schema. */
export const imageSchema = z.object({
  id: z.number().int(),
  type: z.enum(IMAGE_TYPES),
  url: z.string(),
  variants: z.object({ large: z.string(), small: z.string() }),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
}) satisfies z.ZodType<ImageDto>;
