import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Locale } from '@admitone/shared';
import { formatDate, formatMoney } from '@admitone/shared';
import { personName } from '@admitone/shared';
import PDFDocument from 'pdfkit';

import { translate } from '../../i18n/i18n.js';
import { formatAddress, formatTicketDate, seatText, ticketLabel } from './format.js';
import type { TicketDocumentData } from './ticket-document-data.js';
import { QR_OPTIONS, qrModules } from './ticket-qr.js';

const M = {
  heading: /*i18n*/ { id: 'ticket_pdf.heading', message: 'Ticket' },
  date: /*i18n*/ { id: 'ticket_pdf.date', message: 'Date and time' },
  location: /*i18n*/ { id: 'ticket_pdf.location', message: 'Location' },
  online: /*i18n*/ { id: 'ticket_pdf.online', message: 'Online event' },
  attendee: /*i18n*/ { id: 'ticket_pdf.attendee', message: 'Attendee' },
  ticket: /*i18n*/ { id: 'ticket_pdf.ticket', message: 'Ticket type' },
  order: /*i18n*/ { id: 'ticket_pdf.order', message: 'Order number' },
  price: /*i18n*/ { id: 'ticket_pdf.price', message: 'Price paid' },
  free: /*i18n*/ { id: 'ticket_pdf.free', message: 'Free' },
  organizer: /*i18n*/ { id: 'ticket_pdf.organizer', message: 'Organized by {name}' },
  scan: /*i18n*/ { id: 'ticket_pdf.scan', message: 'Show this code at the entrance. Each ticket is valid once.' },
  pass: /*i18n*/ { id: 'ticket_pdf.pass', message: 'Pass' },
  seat: /*i18n*/ { id: 'ticket_pdf.seat', message: 'Seat' },
  passDates: /*i18n*/ {
    id: 'ticket_pdf.pass_dates',
    message: '{count, plural, one {Once on # date, {first}} other {Once on each of # dates, {first} to {last}}}',
  },
};

/** A parsed font (fontkit's object, which pdfkit takes as it is). */
type ParsedFont = { layout: (...args: never[]) => unknown; hasGlyphForCodePoint(codePoint: number): boolean };

export interface FontSet {
  regular: string;
  bold: string;
  /** Parsed fonts to register; none for pdfkit's built-in Helvetica. */
  files?: { regular: ParsedFont; bold: ParsedFont };
}

/**
 * Fonts are read and parsed once per process, not once per ticket: parsing a font and decoding its
 * layout tables took most of a ticket PDF's time (a sell-out renders thousands of them). pdfkit takes a
 * parsed fontkit font in place of a file; fontkit is pdfkit's own dependency, loaded from there.
 */
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
  create(data: Buffer): ParsedFont;
};
const parseFont = (file: string): ParsedFont => fontkit.create(readFileSync(file));

const HELVETICA: FontSet = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
/** Wide Latin, Greek and Cyrillic coverage (Helvetica stops at Latin-1). */
const LATIN_CANDIDATES: Array<[string, string]> = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'],
  [
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  ],
];
export const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * Chinese text: Noto Sans Hans (Simplified Chinese, GB2312 and Latin) from the @embedpdf/fonts-sc
 * package, so every install prints it. The files are 8 MB each; pdfkit embeds only the glyphs used.
 */
function chineseFonts(): FontSet {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  return {
    regular: 'Hans',
    bold: 'Hans-Bold',
    files: {
      regular: parseFont(path.join(dir, 'NotoSansHans-Regular.otf')),
      bold: parseFont(path.join(dir, 'NotoSansHans-Bold.otf')),
    },
  };
}

/** The Chinese fonts, parsed once. */
export const cjkFonts = (): FontSet => (cjkCache ??= chineseFonts());

let latinCache: FontSet | null = null;
let cjkCache: FontSet | null = null;
export function latinFonts(): FontSet {
  if (latinCache) return latinCache;
  const found = LATIN_CANDIDATES.find(([r, b]) => existsSync(r) && existsSync(b));
  latinCache = found
    ? { regular: 'Text', bold: 'Text-Bold', files: { regular: parseFont(found[0]), bold: parseFont(found[1]) } }
    : HELVETICA;
  return latinCache;
}

/**
 * Text pdfkit's built-in Helvetica can show (Windows-1252). Most tickets are all such text: they are set
 * in Helvetica, which needs no font embedded or subset and makes a PDF about three times faster (a
 * sell-out renders thousands). A ticket with any other Latin, Greek or Cyrillic text (Łukasz) is set in
 * the wide Latin font throughout, so one ticket never mixes the two.
 */
const WIN_ANSI =
  /^[\n\x20-\x7e\xa0-\xff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]*$/;
/** Thin and narrow no-break spaces (dates and times from Intl) print as plain spaces. */
export const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

/** The Latin fonts of one ticket, given all its texts (those with CJK characters get the Chinese ones anyway). */
const latinFor = (texts: readonly string[]): FontSet =>
  texts.every((t) => CJK.test(t) || WIN_ANSI.test(t)) ? HELVETICA : latinFonts();

export interface TicketPdfOptions {
  /** Off in tests, to read the text layer. */
  compress?: boolean;
  /** The document's creation date (fixed in tests). */
  now?: Date;
}

const PURPLE = '#6d28d9';
const INK = '#1f1b2d';
const MUTED = '#5b5570';

/** A printable A4 ticket: the event, the attendee and a large QR code with the attendee's short id under it. */
export async function ticketPdf(
  d: TicketDocumentData,
  locale: Locale,
  options: TicketPdfOptions = {},
): Promise<Buffer> {
  const t = (m: (typeof M)[keyof typeof M], values?: Record<string, unknown>) => translate(locale, m, values);
  const rows: Array<[string, string]> = [
    [t(M.date), formatTicketDate(d.event, locale)],
    [t(M.location), d.event.is_online ? t(M.online) : (formatAddress(d.event.location, locale) ?? '—')],
    [t(M.attendee), personName(d.attendee)],
    [t(M.ticket), ticketLabel(d.attendee)],
    [t(M.order), d.order.order_number],
    [t(M.price), d.price === 0 ? t(M.free) : formatMoney(d.price, d.order.currency, locale)],
  ];
  // A seated ticket says where, under its name.
  if (d.attendee.seat) rows.splice(4, 0, [t(M.seat), seatText(d.attendee.seat, locale)]);
  // A pass's code admits on each of its dates: the ticket says so under its date.
  if (d.pass)
    rows.splice(1, 0, [
      t(M.pass),
      t(M.passDates, {
        count: d.pass.date_count,
        first: formatDate(d.pass.first_start, d.event.timezone, locale),
        last: formatDate(d.pass.last_start, d.event.timezone, locale),
      }),
    ]);
  const heading = t(M.heading);
  const organizer = t(M.organizer, { name: d.event.organizer_name });
  const scan = t(M.scan);
  const brand = d.event.organizer_name.replace(/\s+/g, ' ').trim() || 'AdmitOne';
  for (const row of rows) row[1] = plainSpaces(row[1]);
  const texts = [
    heading,
    organizer,
    scan,
    brand,
    d.event.title,
    d.attendee.short_id,
    d.ticket_url,
    ...rows.flat().map((x) => x.toUpperCase()),
    ...rows.map(([, v]) => v),
  ];
  // A ticket with Chinese text is set in the Chinese font wherever it has the letters (dates, codes,
  // Latin names), so the page reads in one typeface; only what it cannot draw (Ł) takes a Latin font.
  const cjk = texts.some((x) => CJK.test(x)) ? (cjkCache ??= chineseFonts()) : null;
  const inCjk = (text: string) =>
    cjk !== null &&
    (CJK.test(text) ||
      [...text].every((ch) => /\s/.test(ch) || cjk.files!.regular.hasGlyphForCodePoint(ch.codePointAt(0)!)));
  const latin = latinFor(texts.filter((x) => !inCjk(x)));
  /**
   * The fonts for one piece of text: the Chinese ones where they can draw it on a Chinese ticket, else the ticket's
   * Latin ones.
   */
  const fontsFor = (text: string): FontSet => (inCjk(text) ? cjk! : latin);

  const qr = qrModules(d.qr_code ?? d.attendee.short_id);
  const doc = new PDFDocument({
    // The document's default font: the ticket's Latin one (a parsed font is not parsed again); Helvetica
    // is given below from metrics parsed once.
    font: (latin.files?.regular ?? null) as unknown as string,
    size: 'A4',
    margin: 48,
    compress: options.compress ?? true,
    info: {
      Title: `${heading} – ${d.event.title}`,
      Author: d.event.organizer_name,
      Creator: 'AdmitOne',
      CreationDate: options.now ?? new Date(),
    },
  });
  if (!latin.files) withStandardFonts(doc, [HELVETICA.regular, HELVETICA.bold]).font(HELVETICA.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Each font is registered when a text first needs it: a Latin-only ticket never loads the Chinese one.
  const registered = new Set<string>();
  const fontFor = (text: string, weight: 'regular' | 'bold') => {
    const set = fontsFor(text);
    if (set.files && !registered.has(set[weight])) {
      // pdfkit's types know only paths and bytes; it takes a parsed font too (PDFFontFactory.open).
      doc.registerFont(set[weight], set.files[weight] as unknown as Buffer);
      registered.add(set[weight]);
    }
    return set[weight];
  };
  const left = 48;
  const width = doc.page.width - 96;

  // Header band: the organizer's logo and name (the ticket is theirs; ours only when there is none), on one line.
  doc.rect(0, 0, doc.page.width, 72).fill(PURPLE);
  const logoWidth = drawLogo(doc, openLogo(doc, d.organizer_logo_png), left, 36);
  const brandLeft = logoWidth ? left + logoWidth + 12 : left;
  const brandWidth = width * 0.65 - (brandLeft - left);
  doc.font(fontFor(brand, 'bold')).fillColor('#ffffff');
  const fitted = fitLine(doc, brand, brandWidth, 22, 12);
  doc
    .fontSize(fitted.size)
    .text(fitted.text, brandLeft, 36 - fitted.size * 0.55, { width: brandWidth, lineBreak: false });
  doc
    .font(fontFor(heading, 'regular'))
    .fontSize(14)
    .text(heading, left + width * 0.65, 29, { width: width * 0.35, align: 'right', lineBreak: false });

  // Event title and organizer.
  doc.font(fontFor(d.event.title, 'bold')).fontSize(24).fillColor(INK).text(d.event.title, left, 104, { width });
  doc.moveDown(0.2).font(fontFor(organizer, 'regular')).fontSize(12).fillColor(MUTED).text(organizer, { width });

  // Details on the left, QR code on the right.
  const top = doc.y + 28;
  const qrSize = 220;
  const colWidth = width - qrSize - 24;
  let y = top;
  for (const [label, value] of rows) {
    doc
      .font(fontFor(label, 'regular'))
      .fontSize(10)
      .fillColor(MUTED)
      .text(label.toUpperCase(), left, y, { width: colWidth });
    doc
      .font(fontFor(value, 'bold'))
      .fontSize(13)
      .fillColor(INK)
      .text(value, left, doc.y + 2, { width: colWidth });
    y = doc.y + 14;
  }
  const qrX = left + width - qrSize;
  drawQr(doc, qr, qrX, top, qrSize);
  doc
    .font(fontFor(d.attendee.short_id, 'bold'))
    .fontSize(16)
    .fillColor(INK)
    .text(d.attendee.short_id, qrX, top + qrSize + 6, { width: qrSize, align: 'center' });
  doc
    .font(fontFor(scan, 'regular'))
    .fontSize(10)
    .fillColor(MUTED)
    .text(scan, qrX, doc.y + 6, { width: qrSize, align: 'center' });

  // Cut line and link to the ticket page.
  const bottom = Math.max(y, doc.y) + 24;
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .dash(4, { space: 4 })
    .strokeColor('#c4b5fd')
    .stroke()
    .undash();
  doc
    .font(fontFor(d.ticket_url, 'regular'))
    .fontSize(9)
    .fillColor(MUTED)
    .text(d.ticket_url, left, bottom + 12, { width, link: d.ticket_url });

  doc.end();
  return done;
}

/** An image pdfkit has opened: its size in pixels (pdfkit's types know neither `openImage` nor this). */
type OpenedImage = { width: number; height: number };

/**
 * The organizer's logo (a PNG, ticket-logo.ts) opened for drawing; null without one, or when it is no image pdfkit
 * reads.
 */
function openLogo(doc: PDFKit.PDFDocument, png: Uint8Array | null | undefined): OpenedImage | null {
  if (!png?.length) return null;
  try {
    return (doc as unknown as { openImage(src: Uint8Array): OpenedImage }).openImage(png);
  } catch {
    // A broken logo costs the ticket its logo, never the ticket.
    return null;
  }
}

/** The logo's room in the 72-point header band, in points: TICKET_LOGO_PIXELS (ticket-logo.ts) at about 190 dpi. */
const LOGO_BOX = { width: 90, height: 36 };
const LOGO_PADDING = 6;

/**
 * The logo on a white tile (logos are made for light backgrounds; the mails show it on white too), its
 * proportions kept, centred on `middle`. Answers the tile's width (0: no logo).
 */
function drawLogo(doc: PDFKit.PDFDocument, logo: OpenedImage | null, x: number, middle: number): number {
  if (!logo) return 0;
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  doc.roundedRect(x, middle - h / 2 - LOGO_PADDING, w + 2 * LOGO_PADDING, h + 2 * LOGO_PADDING, 4).fill('#ffffff');
  doc.image(logo as unknown as Buffer, x + LOGO_PADDING, middle - h / 2, { width: w, height: h });
  return w + 2 * LOGO_PADDING;
}

/**
 * Text on one line within `width`: the font shrinks from `max` down to `min` points, then the end is cut
 * with an ellipsis. Uses the document's current font.
 */
function fitLine(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  max: number,
  min: number,
): { text: string; size: number } {
  const natural = doc.fontSize(max).widthOfString(text);
  if (natural <= width) return { text, size: max };
  const size = Math.max(min, Math.floor((max * width) / natural));
  doc.fontSize(size);
  if (doc.widthOfString(text) <= width) return { text, size };
  const chars = [...text];
  let n = chars.length;
  const cut = (k: number) => `${chars.slice(0, k).join('').trimEnd()}…`;
  while (n > 1 && doc.widthOfString(cut(n)) > width) n--;
  return { text: cut(n), size };
}

type FontInternals = { _fontFamilies: Record<string, object>; _fontCount: number };
/** Each built-in font as pdfkit first made it, before any document used it: its parsed metrics. */
const standardFonts = new Map<string, object>();
const fresh = (font: object, fields: object) =>
  Object.assign(Object.create(Object.getPrototypeOf(font) as object) as object, font, fields);

/**
 * Gives a document pdfkit's built-in fonts over metrics parsed once. pdfkit parses a built-in font's
 * metrics (its widths and thousands of kerning pairs) for every document, a good part of a ticket's
 * CPU time in a sell-out's thousands of mails; the metrics never change. Each document still gets its
 * own font object (its own id and PDF dictionary), which `font(name)` then finds under the name.
 */
function withStandardFonts(doc: PDFKit.PDFDocument, names: readonly string[]): PDFKit.PDFDocument {
  const inside = doc as unknown as FontInternals;
  for (const name of names) {
    const parsed = standardFonts.get(name);
    if (parsed) {
      inside._fontFamilies[name] = fresh(parsed, {
        document: doc,
        id: `F${++inside._fontCount}`,
        dictionary: undefined,
        embedded: false,
      });
      continue;
    }
    doc.font(name);
    standardFonts.set(
      name,
      fresh(inside._fontFamilies[name]!, { document: null, dictionary: undefined, embedded: false }),
    );
  }
  return doc;
}

/**
 * The QR code as vector squares (one rectangle per run of dark modules in a row), with its quiet zone
 * inside `size`: sharp at any print size, and far cheaper than encoding a large PNG that pdfkit then
 * decodes again.
 */
function drawQr(
  doc: PDFKit.PDFDocument,
  modules: { size: number; get(row: number, col: number): number },
  x: number,
  y: number,
  size: number,
) {
  const margin = QR_OPTIONS.margin;
  const cell = size / (modules.size + 2 * margin);
  doc.save();
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size;) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      let end = c;
      while (end < modules.size && modules.get(r, end)) end++;
      // A hair of overlap so no seam shows between neighbouring rows when a viewer anti-aliases.
      doc.rect(x + (margin + c) * cell, y + (margin + r) * cell, (end - c) * cell, cell + 0.01);
      c = end;
    }
  }
  doc.fill('#000000').restore();
}
