import { ANSWER_FILE_NAME_MAX, ANSWER_IMAGE_MAX_PIXELS, type AnswerFileType } from '@admitone/shared';

import type { FieldIssue } from '../../shared/errors.js';
import { cleanImage } from '../images/process-image.js';

/** What a FILE answer keeps: the bytes to store, their real type and the extension it is named with. */
export interface JudgedFile {
  body: Buffer;
  type: AnswerFileType;
  extension: string;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * Judges an uploaded answer file by its own bytes, never its name or declared type: a PDF (it starts
 * with `%PDF-`) is kept as sent; a JPEG, PNG or WebP is scanned and rewritten like a cover image
 * (images/process-image.ts#cleanImage: metadata stripped, decompression bombs refused); anything else
 * (an .exe renamed .pdf, HTML, SVG, a truncated picture) is refused with the issue to show.
 */
export async function judgeAnswerFile(
  body: Buffer,
): Promise<{ ok: true; file: JudgedFile } | { ok: false; issue: FieldIssue }> {
  if (body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { ok: true, file: { body, type: 'application/pdf', extension: 'pdf' } };
  const image = await cleanImage(body, ANSWER_IMAGE_MAX_PIXELS);
  if (image === 'too_many_pixels')
    return { ok: false, issue: { key: 'image_too_many_pixels', values: { max: ANSWER_IMAGE_MAX_PIXELS / 1_000_000 } } };
  if (!image) return { ok: false, issue: { key: 'file_type' } };
  return {
    ok: true,
    file: { body: image.body, type: image.contentType as AnswerFileType, extension: image.extension },
  };
}

/** Extensions a name may already end with for each kept type (else the type's own is added). */
const KNOWN_EXTENSIONS: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
};

/**
 * The buyer's file name made safe to store, show and send in a Content-Disposition header: no folder
 * part, no control or direction-changing characters, none of `"\/:*?<>|`, spaces collapsed, no leading
 * dots, at most ANSWER_FILE_NAME_MAX characters, and ending in the extension of what the file really is
 * (`scan.pdf`; `photo.heic` holding a JPEG becomes `photo.heic.jpg`). An empty name becomes `file.<ext>`.
 */
export function safeFileName(raw: string | undefined, extension: string): string {
  // Browsers send `"`, CR and LF of a name as %22, %0D and %0A (HTML's form encoding): they go like the rest.
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/%22|%0d|%0a/gi, '')
    // Control characters (Cc) and invisible format characters (Cf: direction overrides, zero widths).
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/["*:<>?|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const given = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const keeps = (KNOWN_EXTENSIONS[extension] ?? [extension]).includes(given);
  const ext = keeps ? cleaned.slice(dot + 1) : extension;
  const stem = (keeps ? cleaned.slice(0, dot) : cleaned).trim() || 'file';
  const room = ANSWER_FILE_NAME_MAX - ext.length - 1;
  return `${Array.from(stem).slice(0, room).join('').trim()}.${ext}`;
}
