// What a first visit downloads, measured in Chromium on the wire: the public event page (server-rendered,
// `/event/{id}/{slug}`) and the login page (`/auth/login`), each in a fresh browser context (empty cache),
// served the way `npm start` serves them (scripts/start.mjs on a scratch PostgreSQL database, an event with
// a few tickets created through the API).
//
// For each page: JS and CSS bytes as received (CDP Network.loadingFinished encodedDataLength: compressed
// body plus response headers) and their request counts, the HTML document, fonts, and first paint /
// first contentful paint under a slow-4G profile (150 ms latency, 1.6 Mbit/s down and up, no CPU
// throttling). Then, on the event page, what choosing a ticket and going to checkout loads afterwards.
//
// Usage: npm run build && node bench/first-visit.mjs [--runs 3] [--verbose] [--tsx] [--max-event-kib 125]
// [--max-login-kib 150] [--max-fcp-ms 1000] [--dates 1200]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL server
//   where the scratch database is created (and dropped at the end). CHROMIUM_PATH overrides /usr/bin/chromium.
import { chromium } from '@playwright/test';

import { startBenchServer } from './lib/bench-server.mjs';
import { liveSampleEvent } from './lib/sample-event.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const verbose = process.argv.includes('--verbose');
const port = Number(arg('--port', 3293));
const base = `http://127.0.0.1:${port}`;

// `--tsx`: the API from its sources (same answers; for when the compiled build is older than the sources).
const bench = await startBenchServer({
  port,
  prefix: 'admitone_first_visit',
  serveWeb: process.argv.includes('--tsx') ? 'tsx' : 'npm-start',
  env: { LOG_LEVEL: 'warn' },
});
let failed = false;
try {
  const { event, token, eventUrl } = await liveSampleEvent(bench, base);
  // `--dates N`: the concert runs on N days (one a day from the next): its page without a date shows the
  // dates to choose from and the month calendar; with `?date=` the tickets of that date.
  const dateCount = Number(arg('--dates', 1));
  let ticketsUrl = eventUrl;
  if (dateCount > 1) {
    const rule = { frequency: 'DAILY', start_on: '2035-07-02', count: dateCount - 1, times: ['19:00'] };
    const made = await bench.json('POST', `/events/${event.id}/dates/generate`, rule, token);
    if (made.data?.length !== dateCount - 1) throw new Error(`dates: ${JSON.stringify(made).slice(0, 300)}`);
    ticketsUrl = `${eventUrl}?date=${made.data[0].id}`;
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  /** Opens `url` in a fresh context under slow 4G; answers bytes per kind, the files, and paint times. */
  async function visit(url, afterLoad) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 200_000,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const requests = new Map();
    let phase = 'first';
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId) ?? {};
      requests.set(e.requestId, {
        ...r,
        type: e.type,
        url: e.response.url,
        encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-',
        status: e.response.status,
        phase: r.phase ?? phase,
      });
    });
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) requests.set(e.requestId, { phase });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    const errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const paints = await page.evaluate(() => ({
      ...Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime])),
      html: performance.getEntriesByType('navigation')[0]?.responseEnd,
      blocking: Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.renderBlockingStatus === 'blocking')
          .map((e) => e.responseEnd),
      ),
    }));
    if (afterLoad) {
      phase = 'after';
      await afterLoad(page);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    const sum = (which, types) => {
      const files = [...requests.values()].filter(
        (r) => r.phase === which && types.includes(r.type) && r.bytes !== undefined,
      );
      return { bytes: files.reduce((s, r) => s + r.bytes, 0), count: files.length, files };
    };
    return {
      jsCss: sum('first', ['Script', 'Stylesheet']),
      js: sum('first', ['Script']),
      css: sum('first', ['Stylesheet']),
      doc: sum('first', ['Document']),
      font: sum('first', ['Font']),
      later: sum('after', ['Script', 'Stylesheet']),
      fp: paints['first-paint'],
      html: paints.html,
      blocking: paints.blocking,
      fcp: paints['first-contentful-paint'],
      errors,
    };
  }

  const kib = (n) => (n / 1024).toFixed(1);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const report = (label, results, max) => {
    const r = results[0];
    if (verbose) {
      for (const f of [...r.jsCss.files, ...r.doc.files, ...r.font.files, ...r.later.files].sort(
        (a, b) => b.bytes - a.bytes,
      ))
        console.log(
          `  ${f.phase === 'after' ? 'later ' : ''}${kib(f.bytes).padStart(7)} KiB  ${f.encoding.padEnd(4)} ${f.type.padEnd(10)} ${new URL(f.url).pathname}`,
        );
    }
    const fcp = median(results.map((x) => x.fcp ?? Infinity));
    if (verbose)
      console.log(
        `  per run: HTML received at ${results.map((x) => x.html.toFixed(0)).join(' / ')} ms, render-blocking CSS at ${results.map((x) => x.blocking.toFixed(0)).join(' / ')} ms, first contentful paint at ${results.map((x) => (x.fcp ?? NaN).toFixed(0)).join(' / ')} ms`,
      );
    const fp = median(results.map((x) => x.fp ?? Infinity));
    console.log(
      `${label}: JS+CSS ${kib(r.jsCss.bytes)} KiB in ${r.jsCss.count} requests (JS ${kib(r.js.bytes)} KiB / ${r.js.count}, CSS ${kib(r.css.bytes)} KiB / ${r.css.count}); ` +
        `HTML ${kib(r.doc.bytes)} KiB; fonts ${kib(r.font.bytes)} KiB / ${r.font.count}; ` +
        `first paint ${fp.toFixed(0)} ms, first contentful paint ${fcp.toFixed(0)} ms (median of ${results.length}, slow 4G)` +
        (r.later.count
          ? `; after choosing a ticket and checking out: +${kib(r.later.bytes)} KiB in ${r.later.count} requests`
          : ''),
    );
    for (const e of new Set(results.flatMap((x) => x.errors))) console.log(`  console error: ${e}`);
    if (max !== undefined && r.jsCss.bytes / 1024 > max) {
      console.error(`  over budget: ${kib(r.jsCss.bytes)} KiB > ${max} KiB`);
      failed = true;
    }
    return fcp;
  };

  // On the event page, after the first visit: a ticket chosen and checkout opened (what loads lazily).
  const checkout = async (page) => {
    await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor({ timeout: 60_000 });
  };
  const maxEvent = arg('--max-event-kib') && Number(arg('--max-event-kib'));
  if (ticketsUrl !== eventUrl) {
    const choosing = [];
    for (let i = 0; i < runs; i++) choosing.push(await visit(eventUrl));
    report(`event page, ${dateCount} dates, none chosen`, choosing, maxEvent);
  }
  const eventRuns = [];
  for (let i = 0; i < runs; i++) eventRuns.push(await visit(ticketsUrl, i === 0 ? checkout : undefined));
  const fcp = report(ticketsUrl === eventUrl ? 'event page ' : 'event page on a date', eventRuns, maxEvent);
  const loginRuns = [];
  for (let i = 0; i < runs; i++) loginRuns.push(await visit(`${base}/auth/login`));
  report('login page ', loginRuns, arg('--max-login-kib') && Number(arg('--max-login-kib')));
  if (arg('--max-fcp-ms') && fcp > Number(arg('--max-fcp-ms'))) {
    console.error(`  event page first contentful paint ${fcp.toFixed(0)} ms > ${arg('--max-fcp-ms')} ms`);
    failed = true;
  }
  await browser.close();
} finally {
  await bench.stop();
}
if (failed) process.exit(1);
