import { createRequire } from 'node:module';

import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';

import { qrPng, qrSvg } from './ticket-qr.js';

interface DecodedPng {
  width: number;
  height: number;
  data: Buffer;
}
// pngjs comes with qrcode (no types of its own).
const { PNG } = createRequire(import.meta.url)('pngjs') as { PNG: { sync: { read(buffer: Buffer): DecodedPng } } };

describe('ticket QR codes', () => {
  it('draws an SVG with a quiet zone', async () => {
    const svg = await qrSvg('a7Kx92Qb');
    const size = QRCode.create('a7Kx92Qb', { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg).toContain('<path');
  });

  it('draws a PNG of at least 300 px whose modules are the QR code of the text', async () => {
    const png = await qrPng('a7Kx92Qb');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const image = PNG.sync.read(png);
    expect(image.width).toBeGreaterThanOrEqual(300);
    expect(image.height).toBe(image.width);

    // Read the image back module by module and compare with the code qrcode computes (level M).
    const { modules } = QRCode.create('a7Kx92Qb', { errorCorrectionLevel: 'M' });
    const scale = image.width / (modules.size + 8);
    const dark = (col: number, row: number) => {
      const x = Math.floor((col + 0.5) * scale);
      const y = Math.floor((row + 0.5) * scale);
      return image.data[(y * image.width + x) * 4]! < 128;
    };
    for (let r = 0; r < modules.size; r++) {
      for (let c = 0; c < modules.size; c++)
        expect(dark(c + 4, r + 4), `module ${r},${c}`).toBe(modules.get(r, c) === 1);
    }
    // The quiet zone is light all around.
    for (let i = 0; i < modules.size + 8; i++)
      expect([dark(i, 0), dark(0, i), dark(i, modules.size + 7), dark(modules.size + 7, i)]).toEqual([
        false,
        false,
        false,
        false,
      ]);
  });
});
