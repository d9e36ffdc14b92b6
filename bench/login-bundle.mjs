// Prints the gzip size of the JavaScript and CSS a browser downloads for /auth/login, by loading
// the page in Chromium against a running server and gzipping each script and stylesheet it fetched.
// Usage: node bench/login-bundle.mjs [baseUrl]   (default http://localhost:3000; run `npm start` first)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const sizes = { js: [], css: [], font: [] };
page.on('response', async (res) => {
  const type = res.request().resourceType();
  const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'font' ? 'font' : null;
  if (!kind) return;
  const body = await res.body().catch(() => null);
  if (body) sizes[kind].push({ url: new URL(res.url()).pathname, raw: body.length, gzip: kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length });
});
await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
await browser.close();
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const kind of ['js', 'css', 'font']) {
  const total = sizes[kind].reduce((s, f) => s + f.gzip, 0);
  console.log(`${kind.toUpperCase()}: ${sizes[kind].length} files, ${kb(total)}${kind === 'font' ? ' (woff2, not gzipped)' : ' gzip'}`);
}
