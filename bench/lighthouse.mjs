// Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G and 4x CPU slowdown) on the
// public event page and the login page, served the way `npm start` serves them (the compiled build on a
// scratch PostgreSQL database, the sample event of bench/lib/sample-event.mjs).
//
// Lighthouse is not a dependency of the project: it runs through `npx --yes lighthouse@13.5.0` (fetched
// from the npm registry on first use) with Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium).
// Prints each page's performance score and its metrics; the median run of `--runs` (default 3).
//
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3] [--min-score 95] [--keep DIR]
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { startBenchServer } from './lib/bench-server.mjs';
import { liveSampleEvent } from './lib/sample-event.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const minScore = arg('--min-score') ? Number(arg('--min-score')) : null;
const port = Number(arg('--port', 3296));
const base = `http://127.0.0.1:${port}`;
const run = promisify(execFile);

const bench = await startBenchServer({
  port,
  prefix: 'admitone_lighthouse',
  serveWeb: 'npm-start',
  env: { LOG_LEVEL: 'warn' },
});
const keep = arg('--keep'); // a folder to keep the JSON reports in
const out = keep ?? mkdtempSync(path.join(os.tmpdir(), 'admitone-lighthouse-'));
let failed = false;
try {
  const { eventUrl } = await liveSampleEvent(bench, base);
  const chromeFlags =
    '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
  async function lighthouse(url, i) {
    const file = path.join(out, `report-${i}.json`);
    await run(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${file}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const ms = (id) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: ms('cumulative-layout-shift'),
      si: ms('speed-index'),
      version: report.lighthouseVersion,
      formFactor: report.configSettings.formFactor,
    };
  }
  for (const [label, url] of [
    ['event page', eventUrl],
    ['login page', `${base}/auth/login`],
  ]) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouse(url, `${label.replace(' ', '-')}-${i}`));
    results.sort((a, b) => a.score - b.score);
    const m = results[Math.floor(results.length / 2)];
    console.log(
      `${label.padEnd(10)}: performance ${m.score} (runs: ${results.map((r) => r.score).join(', ')}); FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}, Speed Index ${(m.si / 1000).toFixed(2)} s  [Lighthouse ${m.version}, ${m.formFactor}]`,
    );
    if (label === 'event page' && minScore !== null && m.score < minScore) {
      console.error(`  event page performance ${m.score} < ${minScore}`);
      failed = true;
    }
  }
} finally {
  await bench.stop();
  if (!keep) rmSync(out, { recursive: true, force: true });
}
if (failed) process.exit(1);
