import { inflateSync } from 'node:zlib';

/**
 * The text shown by an uncompressed pdfkit document: each TJ run decoded with every ToUnicode map
 * in the file (embedded fonts), and as single Windows-1252 bytes (the built-in Helvetica).
 */
/** Windows-1252 bytes 0x80-0x9f (the rest is Latin-1); Node's TextDecoder reads them as Latin-1. */
const CP1252_HIGH = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';
export function pdfText(pdf: Buffer): string {
  const raw = inflated(pdf);
  const maps = [...raw.matchAll(/beginbfrange\s*([\s\S]*?)endbfrange/g)].map((m) => {
    const map = new Map<number, string>();
    for (const range of m[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const first = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => {
        const units = u[1]!.match(/.{4}/g)!.map((h) => parseInt(h, 16));
        map.set(first + i, String.fromCharCode(...units));
      });
    }
    return map;
  });
  // pdfkit writes each text run on a line of its own: `[<0001> 30.7 <00020003> 0] TJ`.
  const runs = raw
    .split('\n')
    .filter((line) => line.startsWith('[<') && line.endsWith('] TJ'))
    .map((line) => [...line.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!).join(''));
  const decoded: string[] = [];
  for (const hex of runs) {
    decoded.push(
      [...Buffer.from(hex, 'hex')]
        .map((b) => (b >= 0x80 && b < 0xa0 ? (CP1252_HIGH[b - 0x80] ?? '\uFFFD') : String.fromCharCode(b)))
        .join(''),
    );
    for (const map of maps)
      decoded.push((hex.match(/.{4}/g) ?? []).map((h) => map.get(parseInt(h, 16)) ?? '\uFFFD').join(''));
  }
  return decoded.join('\n');
}

/**
 * The PDF's text with every stream inflated (FlateDecode; an uncompressed one as it is), each found by its dictionary's
 * /Length: a font or image stream's bytes may hold "endstream" by chance.
 */
function inflated(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  if (!raw.includes('/FlateDecode')) return raw;
  const streams = [...raw.matchAll(/<<((?:(?!<<)[\s\S])*?)>>\s*stream\r?\n/g)].map((m) => {
    const length = /\/Length\s+(\d+)/.exec(m[1]!);
    const start = m.index + m[0].length;
    const bytes = pdf.subarray(start, length ? start + Number(length[1]) : raw.indexOf('endstream', start));
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return bytes.toString('latin1');
    }
  });
  return streams.join('\n');
}

/**
 * A file attached to the PDF by name (a Factur-X invoice's `factur-x.xml`): its file specification's /EF entry names
 * the embedded stream, read by its /Length and inflated. Null when there is no such attachment.
 */
export function pdfAttachment(pdf: Buffer, name: string): string | null {
  const raw = pdf.toString('latin1');
  const spec = new RegExp(`/F \\(${name.replace(/[.]/g, '\\.')}\\)[\\s\\S]*?/EF\\s*<<\\s*/F (\\d+) 0 R`).exec(raw);
  if (!spec) return null;
  const obj = new RegExp(`(?:^|\\n)${spec[1]} 0 obj\\s*<<([\\s\\S]*?)>>\\s*stream\\r?\\n`).exec(raw);
  if (!obj) return null;
  const length = Number(/\/Length (\d+)/.exec(obj[1]!)![1]);
  const start = obj.index + obj[0].length;
  const bytes = pdf.subarray(start, start + length);
  return (obj[1]!.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('utf8');
}
