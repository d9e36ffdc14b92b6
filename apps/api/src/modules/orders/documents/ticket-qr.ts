import QRCode from 'qrcode';

/** Medium error correction (15 %) and the standard 4-module quiet zone: scans well from paper and screens. */
const BASE = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** A QR code as an SVG document. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...BASE, type: 'svg' });
}

/** A QR code as a PNG (at least `width` pixels wide; 400 by default). */
export function qrPng(text: string, width = 400): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...BASE, type: 'png', width: Math.max(300, width) });
}
