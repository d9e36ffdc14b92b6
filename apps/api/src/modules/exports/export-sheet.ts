import { addressLines, type AnswerValue, isAddressAnswer, isFileAnswer, type QuestionType } from '@admitone/shared';

/**
 * How a column's cells are written: `text` (escaped against formula injection in CSV), `int`,
 * `money` (integer minor units: a decimal string in CSV, a number cell with the currency's decimals
 * in XLSX).
 */
export type CellKind = 'text' | 'int' | 'money';
export type Cell = string | number | null;

export interface ExportColumn {
  heading: string;
  kind: CellKind;
  /** XLSX column width in characters. */
  width?: number;
}

/** A table to export: its columns, the number of rows and the rows in batches (never all in memory). */
export interface ExportSheet {
  name: string;
  columns: ExportColumn[];
  /** Fraction digits of the currency (money cells). */
  exponent: number;
  /** Rows in different currencies (the account's sales per event): each row's own fraction digits. */
  rowExponent?: (row: Cell[]) => number;
  batches: AsyncIterable<Cell[][]>;
}

/**
 * Rows read from the database per query (keyset-paged by id). Small on purpose: a batch's objects
 * then die young instead of piling up in the old generation, which keeps the process's memory flat
 * (bench/attendees.mjs: +5-30 MB peak RSS for 100,000 rows, against +90-170 MB with 500-2,000).
 */
export const EXPORT_BATCH = 200;

/**
 * A table's rows in batches of EXPORT_BATCH, keyset-paged: `read(after, limit)` reads up to `limit` rows with
 * ids after `after`, in id order; `cells` writes a batch's cells (reading what else it needs, such as answers).
 */
export async function* keysetBatches<R>(
  read: (after: number, limit: number) => Promise<R[]>,
  idOf: (row: R) => number,
  cells: (rows: R[]) => Cell[][] | Promise<Cell[][]>,
): AsyncGenerator<Cell[][]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, EXPORT_BATCH);
    if (!rows.length) return;
    after = idOf(rows.at(-1)!);
    yield await cells(rows);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Rows already in memory (a short table) as one batch; none when there are none. */
export async function* oneBatch(rows: Cell[][]): AsyncGenerator<Cell[][]> {
  if (rows.length) yield rows;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offset (minutes) of a time zone per quarter hour, when it does not change within it. */
const offsets = new Map<string, number>();
const QUARTER = 15 * 60_000;

function offsetAt(instant: number, timeZone: string): number {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, fmt);
  }
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(instant)) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An instant as wall-clock time in a time zone, `2026-06-01 19:30`; null stays empty. */
export function zonedStamp(instant: Date | null, timeZone: string): string | null {
  if (!instant) return null;
  const ms = instant.getTime();
  const bucket = Math.floor(ms / QUARTER);
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetAt(ms, timeZone);
    // Cache only when the whole quarter hour has one offset (no change of time inside it).
    if (
      offsetAt(bucket * QUARTER, timeZone) === offset &&
      offsetAt(bucket * QUARTER + QUARTER - 1, timeZone) === offset
    ) {
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(key, offset);
    }
  }
  const d = new Date(ms + offset * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Today's date in a time zone, `2026-11-21` (export file names). */
export const zonedDate = (instant: Date, timeZone: string) => zonedStamp(instant, timeZone)!.slice(0, 10);

/** Integer minor units as a plain decimal string: 1250 with 2 decimals -> `12.50`, 500 with 0 -> `500`. */
export function decimalString(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Spreadsheets run cells starting with these as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text safe to open in a spreadsheet: a cell that would start a formula gets a leading apostrophe. */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** What an answer cell is written in: yes and no, and the language that names countries. */
export interface AnswerWords {
  yes: string;
  no: string;
  locale: string;
}

/**
 * An answer as one cell: several choices joined with ", ", yes or no in the export's language, an address as
 * its lines joined with ", " (the country named in the export's language), an uploaded file by its name.
 */
export const answerText = (
  answer: AnswerValue | undefined,
  question: QuestionColumn,
  words: AnswerWords,
): string | null =>
  answer === undefined
    ? null
    : Array.isArray(answer)
      ? answer.join(', ')
      : isFileAnswer(answer)
        ? answer.name
        : isAddressAnswer(answer)
          ? addressLines(answer, words.locale).join(', ')
          : question.type === 'YES_NO' && (answer === 'yes' || answer === 'no')
            ? words[answer]
            : answer;

/** Column headings of the question columns, in question order. */
export interface QuestionColumn {
  id: number;
  title: string;
  type: QuestionType;
}
