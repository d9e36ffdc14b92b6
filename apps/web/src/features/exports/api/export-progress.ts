export type ExportFormat = 'csv' | 'xlsx';

const NEWLINE = 0x0a;

/**
 * Counts newline-terminated lines in a byte stream, chunk by chunk (a CSV row ends with a newline;
 * the first line is the heading). A line break inside a quoted cell counts too, so the count is an
 * estimate that may run ahead: the progress caps it.
 */
export function createLineCounter() {
  let lines = 0;
  return {
    push(chunk: Uint8Array): number {
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) lines++;
      return lines;
    },
    get lines() {
      return lines;
    },
  };
}

/** Data rows written so far in a CSV export: lines minus the heading. */
export const csvRowsDone = (lines: number): number => Math.max(0, lines - 1);

/** Bytes an XLSX row takes once zipped (measured by bench/attendees.mjs: ~80-90 per row); an estimate. */
export const XLSX_BYTES_PER_ROW = 80;

/** The share of the export done (0..1) while it streams; never 1 before the download really ended. */
export function exportFraction(
  format: ExportFormat,
  done: { lines: number; bytes: number },
  totalRows: number | null,
): number | null {
  if (totalRows === null) return null;
  if (totalRows === 0) return 0.99;
  const estimate =
    format === 'csv' ? csvRowsDone(done.lines) / totalRows : done.bytes / (totalRows * XLSX_BYTES_PER_ROW);
  return Math.min(0.99, estimate);
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}
