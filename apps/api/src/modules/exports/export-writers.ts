import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

import { type Cell, decimalString, type ExportSheet, neutraliseFormula } from './export-sheet.js';

/** Buffered output (bytes) above which the writer waits for the client to read. */
const HIGH_WATER = 1024 * 1024;

/** Resolves on the first of `drain`, `close` or a short timeout, and removes its listeners. */
function settle(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 20);
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Waits until the client has read what is buffered; false when it went away. */
async function drained(out: Writable & { readableLength?: number }): Promise<boolean> {
  while (!out.destroyed && (out.writableNeedDrain || (out.readableLength ?? 0) > HIGH_WATER)) await settle(out);
  return !out.destroyed;
}

/**
 * Bytes of sheet XML written but not yet taken by the zip. exceljs pipes its row buffer into the
 * zip without backpressure, so the writer waits on this (an internal of exceljs/archiver: when its
 * shape changes, the measure reads 0 and only the output stream's backpressure remains).
 */
function sheetBacklog(worksheet: ExcelJS.Worksheet): number {
  const pipes = (worksheet as unknown as { stream?: { pipes?: Array<{ _writableState?: { length?: number } }> } })
    .stream?.pipes;
  return pipes?.[0]?._writableState?.length ?? 0;
}

async function zipCaughtUp(worksheet: ExcelJS.Worksheet, out: PassThrough): Promise<boolean> {
  while (!out.destroyed && sheetBacklog(worksheet) > HIGH_WATER) await new Promise((r) => setTimeout(r, 5));
  return drained(out);
}

/** Starts the pump in the background; a failure tears the stream down (the client sees an aborted download). */
function pump(out: PassThrough | Writable, run: () => Promise<void>) {
  run().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
}

/** The content type of each download format. */
export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A sheet ready to download: `total` is its number of rows (without a report's totals). */
export interface ExportFile {
  total: number;
  sheet: ExportSheet;
}

/**
 * A sheet as a file download, `name.format`: the answer's headers (the row count in `x-total-rows`, never
 * cached) and its body, streamed. The exports and the reports send their files through it.
 */
export function sheetDownload(name: string, format: keyof typeof EXPORT_CONTENT_TYPES, { total, sheet }: ExportFile) {
  return {
    headers: {
      'content-type': EXPORT_CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="${name}.${format}"`,
      'x-total-rows': String(total),
      'cache-control': 'no-store',
    },
    body: format === 'csv' ? csvStream(sheet) : xlsxStream(sheet),
  };
}

/** CSV for spreadsheets: UTF-8 with a BOM, money as plain decimals, text protected against formulas. */
export function csvStream(sheet: ExportSheet): Readable {
  const out = stringify({ bom: true });
  const kinds = sheet.columns.map((c) => c.kind);
  const cell = (value: Cell, i: number, exponent: number): string => {
    if (value === null) return '';
    if (kinds[i] === 'money') return decimalString(value as number, exponent);
    if (typeof value === 'number') return String(value);
    return neutraliseFormula(value);
  };
  pump(out, async () => {
    out.write(sheet.columns.map((c) => neutraliseFormula(c.heading)));
    for await (const batch of sheet.batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        const exponent = sheet.rowExponent?.(row) ?? sheet.exponent;
        if (!out.write(row.map((value, i) => cell(value, i, exponent))) && !(await drained(out))) return;
      }
    }
    out.end();
  });
  return out;
}

/** XLSX written row by row (exceljs streaming writer): money as number cells with the currency's decimals. */
export function xlsxStream(sheet: ExportSheet): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const formatOf = (exponent: number) => (exponent > 0 ? `#,##0.${'0'.repeat(exponent)}` : '#,##0');
  worksheet.columns = sheet.columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? Math.min(40, Math.max(10, c.heading.length + 2)),
  }));
  pump(out, async () => {
    const header = worksheet.addRow(sheet.columns.map((c) => c.heading));
    header.font = { bold: true };
    header.commit();
    for await (const batch of sheet.batches) {
      for (const [n, values] of batch.entries()) {
        if (n % 100 === 99 && !(await zipCaughtUp(worksheet, out))) return;
        const exponent = sheet.rowExponent?.(values) ?? sheet.exponent;
        const scale = 10 ** exponent;
        const row = worksheet.addRow(
          values.map((v, i) => (v !== null && sheet.columns[i]!.kind === 'money' ? (v as number) / scale : v)),
        );
        sheet.columns.forEach((c, i) => {
          if (c.kind === 'money' && values[i] !== null) row.getCell(i + 1).numFmt = formatOf(exponent);
        });
        row.commit();
      }
      await nextTurn();
    }
    worksheet.commit();
    await workbook.commit();
  });
  return out;
}
