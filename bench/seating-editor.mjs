// The organizer's seating-plan editor (issue #40) on a desktop: Chromium at 1440x900, the built organizer app
// signed in, a saved 1,200-seat plan (stalls of 20 rows of 30 seats and two balconies of 12 rows of 25, each a
// block of rows) opened in the editor. For each run it measures:
//   - usable: from the plan's answer's last byte (Resource Timing responseEnd of `GET .../seating-plans/{id}`) to
//     every seat drawn on the canvas and the frame after it painted,
//   - a drag: the stalls block selected by a click, then dragged with the mouse for 60 moves (one a frame, 6 px
//     right and 3 px down each): for each move the time from its pointermove (the event's timestamp) to the next
//     paint (a requestAnimationFrame callback and the task after it), and the frame intervals while dragging
//     (requestAnimationFrame deltas; 16.7 ms is a frame every vsync).
// It prints the median and p95 of each, over all runs, and checks that the drag moved the block.
//
// Usage: npm run build && node bench/seating-editor.mjs [--runs 3] [--moves 60] [--cpu 1] [--tsx]
//   [--screenshots DIR]
//   `--cpu 4`: a slower machine (CDP Emulation.setCPUThrottlingRate). `--tsx`: the API from its sources (for when
//   the compiled build is older than the sources); the web app is always the build (apps/web/dist).
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL server where the
//   scratch database is created (and dropped at the end). CHROMIUM_PATH overrides /usr/bin/chromium.
/* global window, document, requestAnimationFrame, MutationObserver, location -- the probes run in the page */
import { chromium } from '@playwright/test';

import { startBenchServer } from './lib/bench-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const moves = Number(arg('--moves', 60));
const cpu = Number(arg('--cpu', 1));
const port = Number(arg('--port', 3312));
const shots = arg('--screenshots', null);
const base = `http://127.0.0.1:${port}`;
const SEATS = 1200;

/** A block of `rows` rows of `perRow` seats 24 px apart, as a zone of its own at `x`, `y`. */
function block(name, x, y, rows, perRow, category) {
  return {
    name,
    position: { x, y },
    areas: [],
    rows: Array.from({ length: rows }, (_, r) => ({
      row_number: String.fromCharCode(65 + r),
      position: { x: 0, y: r * 24 },
      seats: Array.from({ length: perRow }, (_, s) => ({
        seat_guid: `${name.toLowerCase().replace(/\W+/g, '-')}-${r + 1}-${s + 1}`,
        seat_number: String(s + 1),
        position: { x: s * 24, y: 0 },
        category,
      })),
    })),
  };
}

/** Stalls (600 seats) below two balconies (300 each), a stage in front: 1,200 seats. */
const layout = {
  name: 'Bench theatre',
  size: { width: 1400, height: 1150 },
  categories: [
    { name: 'Stalls', color: '#7048e8' },
    { name: 'Balcony', color: '#f59f00' },
  ],
  zones: [
    block('Balcony left', 40, 60, 12, 25, 'Balcony'),
    block('Balcony right', 760, 60, 12, 25, 'Balcony'),
    block('Stalls', 340, 420, 20, 30, 'Stalls'),
    {
      name: 'Stage',
      position: { x: 0, y: 0 },
      rows: [],
      areas: [
        {
          shape: 'rectangle',
          color: '#e9ecef',
          position: { x: 400, y: 940 },
          rectangle: { width: 600, height: 120 },
          text: { text: 'Stage', size: 32 },
        },
      ],
    },
  ],
};

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

/** Watches the editor in the page: when every seat is drawn, the drag's pointermoves and their next paints. */
function pageProbe(seats) {
  const marks = { usable: null, moves: [], painted: [], frames: [], recording: false };
  window.__editorBench = marks;
  const afterFrame = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  document.addEventListener(
    'pointermove',
    (e) => {
      if (!marks.recording) return;
      const i = marks.moves.push(e.timeStamp) - 1;
      afterFrame(() => (marks.painted[i] = performance.now()));
    },
    { capture: true },
  );
  const observer = new MutationObserver(() => {
    const canvas = document.querySelector('[data-testid="seating-editor-canvas"]');
    if (marks.usable === null && canvas && canvas.querySelectorAll('[data-seat]').length >= seats) {
      marks.usable = -1;
      observer.disconnect();
      afterFrame(() => (marks.usable = performance.now()));
    }
  });
  observer.observe(document, { subtree: true, childList: true });
  /** Frame intervals from now until `stop()`. */
  marks.startFrames = () => {
    marks.recording = true;
    let last = null;
    const tick = (now) => {
      if (!marks.recording) return;
      if (last !== null) marks.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  marks.stop = () => (marks.recording = false);
}

const bench = await startBenchServer({
  port,
  prefix: 'admitone_seating_editor',
  serveWeb: process.argv.includes('--tsx') ? 'tsx' : 'npm-start',
  env: { LOG_LEVEL: 'warn' },
});
try {
  for (let i = 0; !(await fetch(`${base}/api/health/ready`).then((r) => r.ok)); i++) {
    if (i > 600) throw new Error('the server never became ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const auth = await bench.signUp({
    name: 'Bench',
    email: `bench-${bench.dbName}@example.test`,
    password: 'bench-password-1',
    password_confirmation: 'bench-password-1',
    accept_terms: true,
    timezone: 'UTC',
  });
  const token = auth.token;
  const organizer = (await bench.json('POST', '/organizers', { name: 'Bench Hall', email: 'hall@example.test' }, token))
    .data;
  const made = await bench.json(
    'POST',
    `/organizers/${organizer.id}/seating-plans`,
    { name: 'Bench theatre', layout },
    token,
  );
  if (!made.data) throw new Error(`plan: ${JSON.stringify(made).slice(0, 500)}`);
  const plan = made.data;
  if (plan.counts.seats !== SEATS) throw new Error(`the plan has ${plan.counts.seats} seats`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results = { usable: [], latency: [], frames: [] };
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => {
      if (window.top === window && location.protocol.startsWith('http')) localStorage.setItem('admitone.token', t);
    }, token);
    const page = await context.newPage();
    await page.addInitScript(pageProbe, SEATS);
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${base}/manage/organizer/${organizer.id}/seating-plans/${plan.id}/edit`);
    await page.waitForFunction(() => window.__editorBench.usable > 0, undefined, { timeout: 60_000 });
    const loaded = await page.evaluate((id) => {
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(`/seating-plans/${id}$`).test(e.name))
        .at(-1);
      return { data: entry.responseEnd, usable: window.__editorBench.usable };
    }, plan.id);
    results.usable.push(loaded.usable - loaded.data);
    if (shots && run === 0) await page.screenshot({ path: `${shots}/seating-editor-loaded.png` });

    // Select the stalls with a click on one of its seats (a click picks the block), then drag it.
    const seat = page.locator('[data-seat="stalls-10-15"]');
    await seat.scrollIntoViewIfNeeded();
    const before = await seat.boundingBox();
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="seating-editor-selection"]')?.textContent === '600 seats selected',
    );
    // The inspector filled in beside the canvas: where the seat is now.
    const box = await seat.boundingBox();
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.evaluate(() => window.__editorBench.startFrames());
    for (let i = 1; i <= moves; i++) {
      await page.mouse.move(from.x + i * 6, from.y + i * 3);
      // One move a frame, as a hand gives them.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    await page.evaluate(() => window.__editorBench.stop());
    await page.mouse.up();
    const drag = await page.evaluate(() => {
      const m = window.__editorBench;
      return { latency: m.moves.map((t, i) => m.painted[i] - t), frames: m.frames };
    });
    if (drag.latency.length < moves || drag.latency.some((v) => !(v > 0)))
      throw new Error(`only ${drag.latency.filter((v) => v > 0).length} of ${moves} moves painted`);
    results.latency.push(...drag.latency);
    results.frames.push(...drag.frames);
    const after = await seat.boundingBox();
    const moved = { x: after.x - box.x, y: after.y - box.y };
    if (Math.abs(moved.x - moves * 6) > 12 || Math.abs(moved.y - moves * 3) > 12)
      throw new Error(`the block moved by ${JSON.stringify(moved)}, not ${moves * 6}, ${moves * 3}`);
    if (shots && run === 0) await page.screenshot({ path: `${shots}/seating-editor-dragged.png` });
    await context.close();
  }
  await browser.close();
  const both = (values) => `median ${ms(quantile(values, 0.5))}, p95 ${ms(quantile(values, 0.95))}`;
  console.log(
    `seating editor, 1,200-seat plan (stalls 600 + two balconies of 300), 1440x900, CPU x${cpu}, ${runs} runs`,
  );
  console.log(`  plan data to editor usable: ${both(results.usable)}`);
  console.log(
    `  drag of the 600-seat stalls, ${moves} moves a run: pointermove to next paint ${both(results.latency)}`,
  );
  console.log(`  frame intervals while dragging: ${both(results.frames)} (${results.frames.length} frames)`);
} finally {
  await bench.stop();
}
