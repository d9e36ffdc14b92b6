import { createHash } from 'node:crypto';

import { IMAGE_RULES, type ImageType } from '@admitone/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';

import type { FieldIssue } from '../../shared/errors.js';
import { readImageHeader } from './image-header.js';

export const IMAGE_MESSAGES = {
  type: /*i18n*/ { id: 'image.type', message: 'Upload a JPEG, PNG or WebP image.' },
  tooLarge: /*i18n*/ { id: 'image.too_large', message: 'The image must be under 5 MB.' },
  tooSmall: /*i18n*/ {
    id: 'image.too_small',
    message: 'The image must be at least {width} × {height} pixels; this one is {actualWidth} × {actualHeight}.',
  },
  tooBig: /*i18n*/ {
    id: 'image.too_big',
    message: 'The image must be at most {width} × {height} pixels; this one is {actualWidth} × {actualHeight}.',
  },
  missing: /*i18n*/ { id: 'image.missing', message: 'Choose an image to upload.' },
};

const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface ProcessedImage {
  contentType: string;
  extension: string;
  width: number;
  height: number;
  /** Short content hash, so keys change when the picture does and can be cached forever. */
  hash: string;
  /**
   * The upload as stored and served: re-encoded in its own format, turned upright, without any metadata
   * (EXIF with its GPS position and camera serial, XMP, ICC comments): people upload phone photos.
   */
  original: Buffer;
  variants: { large: Buffer; small: Buffer };
}

/** Re-encodes in the upload's own format; sharp writes no metadata unless asked to. */
const reencode = (img: Sharp, format: string) =>
  format === 'jpeg'
    ? img.jpeg({ quality: 90, mozjpeg: true })
    : format === 'png'
      ? img.png()
      : img.webp({ quality: 90 });

/**
 * How sharp reads an upload: never more pixels than the type's largest allowed image, and a file
 * that is truncated or corrupt fails instead of being filled in.
 */
const readOptions = (maxPixels: number) => ({
  limitInputPixels: maxPixels,
  failOn: 'error' as const,
  sequentialRead: true,
});

/**
 * Checks an upload against the rules of its type (real format read from the bytes, not the name or
 * header; pixel bounds) and makes the WebP variants. Returns field issues instead of throwing.
 * The format and size are read from the file's own header before sharp sees it: anything but a
 * JPEG, PNG or WebP, and any image larger than the bounds (a decompression bomb), is refused without
 * decoding a pixel.
 */
export async function processImage(
  type: ImageType,
  body: Buffer,
): Promise<{ ok: true; image: ProcessedImage } | { ok: false; issue: FieldIssue }> {
  const rule = IMAGE_RULES[type];
  const maxPixels = rule.maxWidth * rule.maxHeight;
  const notAnImage = { ok: false as const, issue: { message: IMAGE_MESSAGES.type } };
  const tooBig = (actualWidth: number, actualHeight: number) => ({
    ok: false as const,
    issue: {
      message: IMAGE_MESSAGES.tooBig,
      values: { width: rule.maxWidth, height: rule.maxHeight, actualWidth, actualHeight },
    },
  });
  const header = readImageHeader(body);
  if (!header || !header.width || !header.height) return notAnImage;
  // More pixels than the largest allowed image fits the bounds in no orientation.
  if (header.width * header.height > maxPixels) return tooBig(header.width, header.height);

  let meta: Metadata;
  try {
    meta = await sharp(body, readOptions(maxPixels)).metadata();
  } catch {
    return notAnImage;
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || meta.format !== header.format || !meta.width || !meta.height) return notAnImage;
  // EXIF-rotated photos: judge the size people see.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const values = { actualWidth: width, actualHeight: height };
  if (width < rule.minWidth || height < rule.minHeight) {
    return {
      ok: false,
      issue: { message: IMAGE_MESSAGES.tooSmall, values: { width: rule.minWidth, height: rule.minHeight, ...values } },
    };
  }
  if (width > rule.maxWidth || height > rule.maxHeight) return tooBig(width, height);
  const variant = (w: number, h: number) =>
    sharp(body, readOptions(maxPixels))
      .rotate()
      .resize(w, h, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  let large: Buffer, small: Buffer, original: Buffer;
  try {
    [large, small, original] = await Promise.all([
      variant(...rule.variants.large),
      variant(...rule.variants.small),
      reencode(sharp(body, readOptions(maxPixels)).rotate(), meta.format!).toBuffer(),
    ]);
  } catch {
    // A header that reads well over data that does not (cut short, corrupt).
    return notAnImage;
  }
  return {
    ok: true,
    image: {
      contentType,
      extension: EXTENSIONS[contentType]!,
      width,
      height,
      hash: createHash('sha256').update(body).digest('hex').slice(0, 16),
      original,
      variants: { large, small },
    },
  };
}

/** An image scanned and rewritten: only its pixels, in its own format, upright, without any metadata. */
export interface CleanImage {
  contentType: string;
  extension: string;
  body: Buffer;
}

/**
 * Scans an uploaded picture that is kept as a file (a FILE question's answer) the way covers are: the format
 * is read from its own first bytes (JPEG, PNG or WebP, else null), a picture of more than `maxPixels`
 * (a decompression bomb) is refused before sharp decodes anything ('too_many_pixels'), and what is kept is
 * re-encoded in its own format, turned upright, with no EXIF, XMP or ICC comments left. A file that does
 * not decode whole (cut short, corrupt) is null.
 */
export async function cleanImage(body: Buffer, maxPixels: number): Promise<CleanImage | 'too_many_pixels' | null> {
  const header = readImageHeader(body);
  if (!header || !header.width || !header.height) return null;
  if (header.width * header.height > maxPixels) return 'too_many_pixels';
  try {
    const meta = await sharp(body, readOptions(maxPixels)).metadata();
    if (meta.format !== header.format) return null;
    const contentType = FORMATS[header.format]!;
    const clean = await reencode(sharp(body, readOptions(maxPixels)).rotate(), header.format).toBuffer();
    return { contentType, extension: EXTENSIONS[contentType]!, body: clean };
  } catch {
    return null;
  }
}
