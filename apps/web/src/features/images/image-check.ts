import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, type ImageRule } from '@admitone/shared';

/** Why a file cannot be uploaded, before asking the server (which checks again). */
export type ImageProblem = 'type' | 'size' | 'too_small' | 'too_large';

export interface ImageFacts {
  contentType: string;
  bytes: number;
  /** Unknown when the browser could not read the picture. */
  width?: number;
  height?: number;
}

/** The first rule of SPEC §5 a file breaks (type, under 5 MB, within the pixel bounds), or null. */
export function imageProblem(facts: ImageFacts, rule: ImageRule): ImageProblem | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(facts.contentType)) return 'type';
  if (facts.bytes >= IMAGE_MAX_BYTES) return 'size';
  if (facts.width === undefined || facts.height === undefined) return null;
  if (facts.width < rule.minWidth || facts.height < rule.minHeight) return 'too_small';
  if (facts.width > rule.maxWidth || facts.height > rule.maxHeight) return 'too_large';
  return null;
}

/** Reads a picture's pixel size in the browser; undefined when it cannot (the server decides then). */
export async function readImageSize(file: File): Promise<{ width: number; height: number } | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}
