// Prints the buyer's first download on a public page: the JS and CSS that apps/web/dist/public.html
// references (entry script, modulepreloads, stylesheets), gzipped, plus the language catalog the page
// loads at start (the largest one). Usage: `npm run build && node bench/public-bundle.mjs [--max-kib 125]`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'public.html'), 'utf8');
const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

let js = 0;
let css = 0;
const rows = [];
for (const ref of new Set(refs)) {
  const size = gz(ref);
  if (ref.endsWith('.css')) css += size;
  else js += size;
  rows.push([ref, size]);
}

// The page imports one language catalog at start (`public-messages-*.js`); count the largest.
const sources = refs.filter((r) => r.endsWith('.js')).map((r) => readFileSync(path.join(dist, r), 'utf8'));
const catalogs = [...new Set(sources.flatMap((src) => [...src.matchAll(/(_?public-messages-(?!deep-)[\w-]+\.js)/g)].map((m) => `/assets/${m[1]}`)))];
const catalog = Math.max(0, ...catalogs.map(gz));

const kib = (n) => (n / 1024).toFixed(1);
if (process.argv.includes('--verbose')) for (const [ref, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`${kib(size).padStart(7)} KiB  ${ref}`);
const total = js + css + catalog;
console.log(`public.html initial assets (gzip): JS ${kib(js)} KiB, CSS ${kib(css)} KiB, catalog ${kib(catalog)} KiB, total ${kib(total)} KiB (${rows.length} files)`);
const maxIndex = process.argv.indexOf('--max-kib');
if (maxIndex > 0 && total / 1024 > Number(process.argv[maxIndex + 1])) {
  console.error(`over budget: ${kib(total)} KiB > ${process.argv[maxIndex + 1]} KiB`);
  process.exit(1);
}
