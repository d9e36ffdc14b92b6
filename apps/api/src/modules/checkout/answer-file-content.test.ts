import { describe, expect, it } from 'vitest';

import { judgeAnswerFile, safeFileName } from './answer-file-content.js';

describe('answer file names', () => {
  it('keeps the name people gave, without folders, control or direction characters, or header-breaking ones', () => {
    expect(safeFileName('Student card.pdf', 'pdf')).toBe('Student card.pdf');
    expect(safeFileName('C:\\Users\\me\\scan.PDF', 'pdf')).toBe('scan.PDF');
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('a"b\r\n<c>|d:*?.pdf', 'pdf')).toBe('abcd.pdf');
    expect(safeFileName('quote%22d%0A.pdf', 'pdf')).toBe('quoted.pdf');
    // U+202E (right-to-left override) would show "invoice‮fdp.exe" as "invoiceexe.pdf".
    expect(safeFileName('invoice\u202efdp.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(safeFileName('...hidden', 'png')).toBe('hidden.png');
    expect(safeFileName('', 'pdf')).toBe('file.pdf');
    expect(safeFileName(undefined, 'webp')).toBe('file.webp');
  });

  it('ends in the extension of what the file is, and is at most 120 characters', () => {
    expect(safeFileName('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(safeFileName('photo.heic', 'jpg')).toBe('photo.heic.jpg');
    expect(safeFileName('setup.exe', 'pdf')).toBe('setup.exe.pdf');
    const long = safeFileName(`${'名'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('名.pdf')).toBe(true);
  });
});

describe('judging an answer file by its bytes', () => {
  it('keeps a PDF as sent and refuses what is neither a PDF nor a picture', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1');
    expect(await judgeAnswerFile(pdf)).toEqual({
      ok: true,
      file: { body: pdf, type: 'application/pdf', extension: 'pdf' },
    });
    for (const bytes of ['MZ\x90\x00', '<svg xmlns="http://www.w3.org/2000/svg"/>', ' %PDF-1.7', 'GIF89a'])
      expect(await judgeAnswerFile(Buffer.from(bytes, 'latin1'))).toEqual({ ok: false, issue: { key: 'file_type' } });
  });
});
