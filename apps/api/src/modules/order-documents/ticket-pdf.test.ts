import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { pdfText } from '../../../test/pdf-text.js';
import { loadCatalogs } from '../../i18n/i18n.js';
import { sampleTicket } from './ticket-document-fixture.js';
import { ticketPdf } from './ticket-pdf.js';

beforeAll(() => loadCatalogs());

describe('ticketPdf', () => {
  it('makes a PDF with the event, the attendee, the order and the QR code', async () => {
    const pdf = await ticketPdf(sampleTicket(), 'en', { compress: false, now: new Date('2027-01-01T00:00:00Z') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf);
    expect(text).toContain('Zoé Brontë-Łukasz');
    expect(text).toContain('Riverside Open Air');
    expect(text).toContain('a7Kx92Qb');
    expect(text).toContain('RIV-1042');
    expect(text).toContain('£73.50');
    expect(text).toContain('Front stage – Early bird');
    // 17:30 UTC in July: 6:30 PM in London.
    expect(text).toMatch(/Saturday, July 17, 2027.*6:30/);
    // The QR code is drawn as vector squares: one rectangle per run of dark modules in a row (plus the header band).
    const { modules } = QRCode.create('a7Kx92Qb', { errorCorrectionLevel: 'M' });
    let runs = 0;
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++) if (modules.get(r, c) && (c === 0 || !modules.get(r, c - 1))) runs++;
    expect(raw(pdf).match(/^[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ re$/gm)).toHaveLength(runs + 1);
  });

  it("prints the ticket's date with its label, in the reader's language", async () => {
    const ticket = sampleTicket({ event: { date_label: 'Closing night' } });
    // The line may wrap: the date, then its label.
    expect(pdfText(await ticketPdf(ticket, 'en', { compress: false }))).toMatch(
      /Saturday, July 17, 2027[\s\S]*6:30[\s\S]*\(Closing night\)/,
    );
    expect(pdfText(await ticketPdf(ticket, 'de', { compress: false }))).toMatch(
      /Samstag, 17\. Juli 2027[\s\S]*\(Closing night\)/,
    );
  });

  it("says on a pass's ticket that its code admits once on each of the pass's dates", async () => {
    const ticket = {
      ...sampleTicket(),
      pass: { date_count: 3, first_start: '2027-07-17T17:30:00Z', last_start: '2027-07-19T17:30:00Z' },
    };
    const text = pdfText(await ticketPdf(ticket, 'en', { compress: false }));
    expect(text).toMatch(
      /PASS[\s\S]*Once on each of 3 dates,[\s\S]*Saturday, July 17, 2027 to[\s\S]*Monday, July 19, 2027/,
    );
    expect(pdfText(await ticketPdf(sampleTicket(), 'en', { compress: false }))).not.toContain('PASS');
  });

  it('speaks the reader language and says free for free tickets', async () => {
    const text = pdfText(await ticketPdf(sampleTicket({ price: 0 }), 'de', { compress: false }));
    expect(text).toMatch(/Samstag, 17\. Juli 2027/);
    expect(text).toContain('Zoé Brontë-Łukasz');
  });

  it('prints Chinese tickets with the bundled Noto Sans Hans, embedding only the glyphs used', async () => {
    const ticket = sampleTicket({
      event: { title: '河畔露天音乐节' },
      attendee: { first_name: '伟', last_name: '王' },
    });
    const pdf = await ticketPdf(ticket, 'zh-CN', { compress: false });
    const text = pdfText(pdf);
    for (const label of ['门票', '日期和时间', '地点', '参与者', '订单号', '实付金额']) expect(text).toContain(label);
    expect(text).toContain('河畔露天音乐节');
    expect(text).toContain('王伟');
    expect(text).toMatch(/2027年7月17日星期六/);
    expect(text).toContain('RIV-1042');
    // The Chinese text is drawn with the package's font (regular and bold), as a subset: the full files are 8 MB each.
    expect(raw(pdf)).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/);
    expect(raw(pdf)).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Bold/);
    expect(raw(pdf)).toContain('/FontFile3');
    // One typeface: the dates, codes and numbers are in it too, no second font is embedded or named (#38).
    expect(
      raw(pdf)
        .match(/\/BaseFont \/[^\s/]+/g)!
        .every((f) => f.includes('NotoSansHans')),
    ).toBe(true);
    expect((await ticketPdf(ticket, 'zh-CN')).length).toBeLessThan(1024 * 1024);
  });

  it('keeps Latin names in a Latin font on a Chinese ticket, and never loads the Chinese font for a Latin-only one', async () => {
    const zh = await ticketPdf(sampleTicket(), 'zh-CN', { compress: false });
    // Noto Sans Hans has no Ł: the name is drawn with the Latin font, whole.
    expect(pdfText(zh)).toContain('Zoé Brontë-Łukasz');
    expect(pdfText(zh)).toContain('参与者');
    const en = await ticketPdf(sampleTicket(), 'en', { compress: false });
    expect(raw(en)).not.toContain('NotoSansHans');
  });

  it('sets a ticket whose texts Helvetica can show in Helvetica (no font embedded), and one with other letters wholly in the wide Latin font', async () => {
    const western = await ticketPdf(
      sampleTicket({ attendee: { last_name: 'Brontë' }, event: { title: 'Fête de la Musique – “Été”' } }),
      'fr',
      { compress: false },
    );
    const text = pdfText(western);
    expect(text).toContain('Zoé Brontë');
    expect(text).toContain('Fête de la Musique – “Été”');
    // The date's narrow no-break spaces (Intl) print as plain spaces.
    expect(text).toMatch(/samedi 17 juillet 2027/);
    expect(raw(western)).toMatch(/\/BaseFont \/Helvetica-Bold/);
    expect(raw(western)).not.toMatch(/\/FontFile/);
    const wide = await ticketPdf(sampleTicket(), 'fr', { compress: false });
    expect(pdfText(wide)).toContain('Zoé Brontë-Łukasz');
    expect(raw(wide)).toMatch(/\/FontFile2/);
    expect(raw(wide)).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('gives every Helvetica ticket its own font objects, also when the metrics parsed for an earlier one are reused', async () => {
    const names = ['Ada Byron', 'Grace Hopper', 'Alan Turing'];
    const pdfs: Buffer[] = [];
    for (const last of names)
      pdfs.push(await ticketPdf(sampleTicket({ attendee: { last_name: last } }), 'en', { compress: false }));
    pdfs.forEach((pdf, i) => {
      const file = raw(pdf);
      expect(pdfText(pdf)).toContain(names[i]);
      // Each font named once, as a Type1 font of this file, and every font the pages use is defined in it.
      expect(file.match(/\/BaseFont \/Helvetica\b(?!-)/g)).toHaveLength(1);
      expect(file.match(/\/BaseFont \/Helvetica-Bold/g)).toHaveLength(1);
      const used = new Set([...file.matchAll(/\/(F\d+) [\d.]+ Tf/g)].map((m) => m[1]));
      const defined = new Set([...file.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((m) => m[1]));
      expect([...used].every((f) => defined.has(f))).toBe(true);
      expect(used.size).toBe(2);
    });
  });

  it("heads the ticket with the organizer's name, not ours; a long name shrinks, then is cut with an ellipsis", async () => {
    const text = pdfText(await ticketPdf(sampleTicket(), 'en', { compress: false }));
    // The header band's run is the name alone (the line under the title says "Organized by ...").
    expect(text.split('\n')).toContain('Riverside Music Hall');
    expect(text).not.toContain('AdmitOne');
    const long = `The Extraordinarily Long-Named Riverside Music Hall Society ${'and Friends '.repeat(8)}`.trim();
    const cut = pdfText(
      await ticketPdf(sampleTicket({ event: { organizer_name: long } }), 'en', { compress: false }),
    ).split('\n');
    expect(
      cut.some(
        (line) => line.startsWith('The Extraordinarily Long-Named') && line.endsWith('…') && line.length < long.length,
      ),
    ).toBe(true);
    // Without a name (never, in practice), ours.
    expect(
      pdfText(await ticketPdf(sampleTicket({ event: { organizer_name: ' ' } }), 'en', { compress: false })),
    ).toContain('AdmitOne');
  });

  it("heads the ticket with the organizer's logo left of its name, in its own proportions, inside the header band", async () => {
    const logo = await sharp({ create: { width: 240, height: 60, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const pdf = await ticketPdf({ ...sampleTicket(), organizer_logo_png: logo }, 'en', { compress: false });
    // One image XObject, the logo as given, drawn once.
    expect(raw(pdf).match(/\/Subtype \/Image/g) ?? []).toHaveLength(1);
    expect(raw(pdf)).toMatch(/\/Width 240\s+\/Height 60/);
    const [, w, h, x, bottom] = raw(pdf)
      .match(/^([\d.]+) 0 0 -([\d.]+) ([\d.]+) ([\d.]+) cm\n\/I1 Do$/m)!
      .map(Number);
    expect(w! / h!).toBeCloseTo(4, 1);
    expect(x).toBe(48 + 6);
    expect(bottom! - h!).toBeGreaterThan(0);
    expect(bottom).toBeLessThan(72);
    // The name stays, right of the logo (its run is the first text drawn).
    const text = pdfText(pdf);
    expect(text.split('\n')).toContain('Riverside Music Hall');
    const nameX = Number(raw(pdf).match(/^1 0 0 1 ([\d.]+) [\d.]+ Tm$/m)![1]);
    expect(nameX).toBeGreaterThan(x! + w!);
    // A logo arriving from a render thread is a Uint8Array, not a Buffer.
    const fromThread = await ticketPdf({ ...sampleTicket(), organizer_logo_png: new Uint8Array(logo) }, 'en', {
      compress: false,
    });
    expect(raw(fromThread)).toContain('/Subtype /Image');
  });

  it('prints no image without a logo, and the name alone when the logo cannot be read', async () => {
    const none = await ticketPdf(sampleTicket(), 'en', { compress: false });
    expect(raw(none)).not.toContain('/Subtype /Image');
    for (const broken of [Buffer.from('not an image'), Buffer.alloc(0)]) {
      const pdf = await ticketPdf({ ...sampleTicket(), organizer_logo_png: broken }, 'en', { compress: false });
      expect(raw(pdf)).not.toContain('/Subtype /Image');
      expect(pdfText(pdf).split('\n')).toContain('Riverside Music Hall');
    }
  });

  it('compresses by default', async () => {
    const pdf = await ticketPdf(sampleTicket(), 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(raw(pdf)).toContain('/FlateDecode');
  });
});

const raw = (pdf: Buffer) => pdf.toString('latin1');
