// A cash sale at the box office on a mid-range phone (issue #41): Chromium at 412x915 with touch and 4x CPU
// slowdown (CDP Emulation.setCPUThrottlingRate), the built box office screen of a live event, an organizer's shift
// open. One sale of two "Standard" tickets, the buyer handing over the exact amount:
//   tap "Standard", tap "Standard", tap "Exact", tap "Complete sale" -> "Sale complete." on screen.
// It prints the taps and, as the median of the runs, the waiting: for each tap, from its pointerdown (the event's
// timestamp) to the frame that shows what it did (the count on the button, the amount given, the receipt), summed.
// The figures: at most 5 taps and under 1 s of waiting from the first tap to "paid".
//
// Usage: npm run build && node bench/box-office-sale.mjs [--runs 5]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL server where the
//   scratch database is created (and dropped at the end). CHROMIUM_PATH overrides /usr/bin/chromium.
/* global window, document, requestAnimationFrame, MutationObserver -- the probes run in the page */
import { chromium } from '@playwright/test';

import { startBenchServer } from './lib/bench-server.mjs';
import { liveSampleEvent } from './lib/sample-event.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 5));
const port = Number(arg('--port', 3313));
const base = `http://127.0.0.1:${port}`;

/**
 * In the page: each pointerdown's timestamp, and when each thing a tap changes is first on screen (the frame after the
 * DOM shows it): the item's count, the amount given, the receipt.
 */
function pageProbe() {
  const marks = { downs: [], shown: {} };
  window.__boxBench = marks;
  const afterFrame = (key) => requestAnimationFrame(() => setTimeout(() => (marks.shown[key] = performance.now()), 0));
  document.addEventListener('pointerdown', (e) => marks.downs.push(e.timeStamp), { capture: true });
  const see = (key, ok) => {
    if (marks.shown[key] === undefined && ok()) {
      marks.shown[key] = -1;
      afterFrame(key);
    }
  };
  new MutationObserver(() => {
    const count = document.querySelector('[aria-label="Add Standard"] span[aria-hidden]')?.textContent;
    see('one', () => count === '1');
    see('two', () => count === '2');
    see('given', () => !!document.querySelector('[data-testid="change"]'));
    see('paid', () => !!document.querySelector('[data-testid="receipt"]'));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const bench = await startBenchServer({
  port,
  prefix: 'admitone_box_office',
  serveWeb: 'npm-start',
  env: { LOG_LEVEL: 'warn' },
});
let browser;
try {
  for (let i = 0; !(await fetch(`${base}/api/health/ready`).then((r) => r.ok)); i++) {
    if (i > 600) throw new Error('the server never became ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { event, token } = await liveSampleEvent(bench, base);
  const opened = await bench.json('POST', `/events/${event.id}/box-office/shifts`, { float: 10000 }, token);
  if (!opened.data) throw new Error(`opening the shift: ${JSON.stringify(opened)}`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const waits = [];
  let taps = 0;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript((t) => localStorage.setItem('admitone.token', t), token);
    const page = await context.newPage();
    await page.addInitScript(pageProbe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/manage/box-office/${event.id}`);
    const standard = page.getByRole('button', { name: 'Add Standard' });
    await standard.waitFor({ timeout: 60_000 });
    const steps = [
      [standard, 'one'],
      [standard, 'two'],
      [page.getByRole('group', { name: 'Amount given' }).getByRole('button', { name: 'Exact' }), 'given'],
      [page.getByRole('button', { name: 'Complete sale' }), 'paid'],
    ];
    for (const [target, key] of steps) {
      await target.tap();
      await page.waitForFunction((k) => window.__boxBench.shown[k] > 0, key, { timeout: 30_000 });
    }
    taps = steps.length;
    const wait = await page.evaluate(() => {
      const { downs, shown } = window.__boxBench;
      return ['one', 'two', 'given', 'paid'].reduce((sum, key, i) => sum + (shown[key] - downs[i]), 0);
    });
    waits.push(wait);
    await context.close();
  }
  const sorted = [...waits].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`box office, a cash sale of 2 tickets, 412x915 touch, 4x CPU slowdown, ${runs} runs`);
  console.log(
    `${taps} taps from the first to "paid"; waiting ${Math.round(median)} ms (median; ` +
      `${sorted.map((w) => Math.round(w)).join(', ')} ms)`,
  );
} finally {
  await browser?.close();
  await bench.stop();
}
