// The buyer's seat picker on a mid-range phone (issue #40): Chromium at 412x915 with touch and 4x CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), the built widget page of a live event whose tickets are made seated by
// intercepting its answers (page.route): the event's `seated_ticket_ids`, the plan (`GET .../seating`, a generated
// theatre or arena) and its availability (a tenth of the seats taken).
//
// For each plan it prints, as the median of the runs:
//   - usable: from the seating answer's last byte (Resource Timing responseEnd) to the plan on screen and taking
//     taps (the map's frame drawn; for a large plan its sections, the seats following after the first paint),
//   - seats: from the same moment to every seat drawn (a large plan: from the tap on "Zoom in" that makes its seats
//     big enough to see),
//   - tap: from a tap's pointerdown (its event timestamp) to the chosen seat's mark drawn (the frame after it).
// The figures: a 2,000-seat theatre usable within 1.0 s of its data and a tap shown within 100 ms; a
// 20,000-seat arena within 1.5 s (sections first, seats when zoomed).
//
// Usage: npm run build && node bench/seat-picker.mjs [--runs 3] [--taps 5] [--seats 2000,20000] [--tsx] [--profile]
//   [--screenshots DIR]
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
const runs = Number(arg('--runs', 3));
const taps = Number(arg('--taps', 5));
const sizes = arg('--seats', '2000,20000').split(',').map(Number);
const port = Number(arg('--port', 3311));
/** `--profile`: the taps' CPU profile summed by function (self time), to see where a tap's time goes. */
const profile = process.argv.includes('--profile');
/** `--screenshots DIR`: the phone's view of each plan as first shown and after the taps. */
const shots = arg('--screenshots', null);
const base = `http://127.0.0.1:${port}`;

/**
 * A plan of about `seats` seats as `GET .../seating` answers it: blocks of 20 rows of 25 seats (24 px apart) in a
 * ring of rows around a stage or pitch, the blocks' categories alternating between the two tickets.
 */
function plan(seats, ticketIds) {
  const blocks = Math.ceil(seats / 500);
  const across = Math.ceil(Math.sqrt(blocks * 1.6));
  const blockWidth = 25 * 24 + 48;
  const blockHeight = 20 * 24 + 48;
  const zones = [];
  let id = 1;
  for (let b = 0; b < blocks; b++) {
    const ox = 40 + (b % across) * blockWidth;
    const oy = 200 + Math.floor(b / across) * blockHeight;
    const rows = [];
    for (let r = 0; r < 20 && id <= seats; r++) {
      const row = [];
      for (let s = 0; s < 25 && id <= seats; s++) {
        const seat = [id++, String(s + 1), ox + s * 24, oy + r * 24, b % 2];
        if (r === 0 && s === 0) seat.push(['WHEELCHAIR']);
        else if (r === 0 && s < 3) seat.push(['COMPANION']);
        row.push(seat);
      }
      rows.push({ label: String.fromCharCode(65 + r), table: null, seats: row });
    }
    zones.push({ name: `Block ${b + 1}`, position: { x: ox, y: oy }, rows, areas: [] });
  }
  const width = 80 + across * blockWidth;
  zones.push({
    name: '',
    position: { x: 0, y: 0 },
    rows: [],
    areas: [
      {
        shape: 'rectangle',
        color: '#e9ecef',
        position: { x: width / 4, y: 40 },
        rectangle: { width: width / 2, height: 120 },
        text: { text: 'Stage', size: 48 },
      },
    ],
  });
  return {
    version_id: 1,
    size: { width, height: 240 + Math.ceil(blocks / across) * blockHeight },
    focal_point: { x: width / 2, y: 160 },
    categories: [
      { name: 'Stalls', color: '#7048e8', ticket_id: ticketIds[0], tier_id: null },
      { name: 'Upper', color: '#1c7ed6', ticket_id: ticketIds[1], tier_id: null },
    ],
    zones,
    standing: [],
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Watches the map in the page: when its frame appears, when every seat is drawn, and each chosen seat's mark. */
function pageProbe() {
  const marks = { usable: null, seats: null, chosen: new Map(), downs: [] };
  window.__seatBench = marks;
  const afterFrame = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  document.addEventListener('pointerdown', (e) => marks.downs.push(e.timeStamp), { capture: true });
  new MutationObserver(() => {
    const svg = document.querySelector('[data-testid="seat-map-plan"]');
    if (svg && marks.usable === null) {
      marks.usable = -1;
      afterFrame(() => (marks.usable = performance.now()));
    }
    if (svg?.hasAttribute('data-seats-drawn') && marks.seats === null) {
      marks.seats = -1;
      afterFrame(() => (marks.seats = performance.now()));
    }
    for (const mark of document.querySelectorAll('[data-seat-chosen]')) {
      const id = mark.getAttribute('data-seat-chosen');
      if (!marks.chosen.has(id)) {
        marks.chosen.set(id, -1);
        afterFrame(() => marks.chosen.set(id, performance.now()));
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seats-drawn'] });
}

const bench = await startBenchServer({
  port,
  prefix: 'admitone_seat_picker',
  // `--tsx`: the API from its sources (same answers; for when the compiled build is older than the sources).
  serveWeb: process.argv.includes('--tsx') ? 'tsx' : 'npm-start',
  env: { LOG_LEVEL: 'warn' },
});
try {
  // Listening comes before migrating: wait until the server says it is ready.
  for (let i = 0; !(await fetch(`${base}/api/health/ready`).then((r) => r.ok)); i++) {
    if (i > 600) throw new Error('the server never became ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { event, token } = await liveSampleEvent(bench, base);
  const tickets = (await bench.json('GET', `/events/${event.id}/tickets`, undefined, token)).data;
  const ticketIds = tickets.filter((t) => t.type === 'PAID').map((t) => t.id);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  console.log(`seat picker, widget page, 412x915 touch, 4x CPU slowdown, median of ${runs} runs (${taps} taps each)`);
  for (const seats of sizes) {
    const body = JSON.stringify({ data: plan(seats, ticketIds) });
    const taken = [];
    for (let id = 7; id <= seats; id += 10) taken.push(id);
    const availability = JSON.stringify({ data: { date_id: 0, unavailable: taken, standing: [] } });
    const results = { usable: [], seats: [], zoomed: [], tap: [] };
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 915 },
        deviceScaleFactor: 2.625,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.addInitScript(pageProbe);
      // The event (with or without `?date=`), its tickets now sold by seat.
      await page.route(new RegExp(`/api/public/events/${event.id}(\\?.*)?$`), async (route) => {
        const answer = await route.fetch();
        const json = await answer.json();
        json.data.seated_ticket_ids = ticketIds;
        await route.fulfill({ response: answer, json });
      });
      await page.route(`**/api/public/events/${event.id}/seating`, (route) =>
        route.fulfill({ contentType: 'application/json', body }),
      );
      await page.route(/\/seating\/availability\?/, (route) =>
        route.fulfill({ contentType: 'application/json', body: availability }),
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}/widget/${event.id}`);
      await page.waitForFunction(() => window.__seatBench.usable > 0, undefined, { timeout: 60_000 });
      if (shots && run === 0) await page.screenshot({ path: `${shots}/seat-picker-${seats}-first.png` });
      // A large plan shows its sections until seats are big enough to see: zoomed in, its seats follow.
      await page.waitForTimeout(500);
      const svg = page.getByTestId('seat-map-plan');
      await svg.scrollIntoViewIfNeeded();
      let zoomedAt = null;
      for (let i = 0; i < 8 && !(await page.evaluate(() => window.__seatBench.seats > 0)); i++) {
        zoomedAt = await page.evaluate(() => window.__seatBench.downs.length);
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.waitForTimeout(300);
      }
      await page.waitForFunction(() => window.__seatBench.seats > 0, undefined, { timeout: 60_000 });
      const loaded = await page.evaluate((n) => {
        const marks = window.__seatBench;
        const entry = performance.getEntriesByType('resource').find((e) => /\/seating$/.test(e.name));
        return {
          data: entry.responseEnd,
          usable: marks.usable,
          seats: marks.seats,
          zoom: n === null ? null : marks.downs[n],
        };
      }, zoomedAt);
      results.usable.push(loaded.usable - loaded.data);
      if (loaded.zoom === null) results.seats.push(loaded.seats - loaded.data);
      else results.zoomed.push(loaded.seats - loaded.zoom);

      // Taps: zoomed in until seats are a finger's size, then free seats near the middle of the frame.
      for (let i = 0; i < 8; i++) {
        const scale = Number((await svg.getAttribute('data-view')).split(' ')[2]);
        if (scale * 10 >= 8) break;
        await page.getByRole('button', { name: 'Zoom in' }).click();
      }
      const box = await svg.boundingBox();
      const [tx, ty, scale] = (await svg.getAttribute('data-view')).split(' ').map(Number);
      const planData = JSON.parse(body).data;
      const free = planData.zones
        .flatMap((z) => z.rows.flatMap((r) => r.seats))
        .filter((s) => !taken.includes(s[0]))
        .map((s) => ({ id: s[0], x: box.x + tx + s[2] * scale, y: box.y + ty + s[3] * scale }))
        .filter(
          (s) => s.x > box.x + 30 && s.x < box.x + box.width - 30 && s.y > box.y + 30 && s.y < box.y + box.height - 60,
        );
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      for (let i = 0; i < taps && i < free.length; i++) {
        const seat = free[Math.floor((i * free.length) / taps)];
        const downsBefore = await page.evaluate(() => window.__seatBench.downs.length);
        await page.touchscreen.tap(seat.x, seat.y);
        await page
          .waitForFunction((id) => window.__seatBench.chosen.get(String(id)) > 0, seat.id, { timeout: 10_000 })
          .catch(async (err) => {
            await page.screenshot({ path: '/tmp/seatpick/bench-fail.png' });
            console.log(
              JSON.stringify({
                seat,
                box,
                tx,
                ty,
                scale,
                marks: await page.evaluate(() => [...window.__seatBench.chosen]),
              }),
            );
            throw err;
          });
        results.tap.push(
          await page.evaluate(({ id, n }) => window.__seatBench.chosen.get(String(id)) - window.__seatBench.downs[n], {
            id: seat.id,
            n: downsBefore,
          }),
        );
      }
      if (shots && run === 0) await page.screenshot({ path: `${shots}/seat-picker-${seats}-tapped.png` });
      if (profile) {
        const { profile: p } = await cdp.send('Profiler.stop');
        const self = new Map();
        const dt = p.timeDeltas.reduce((a, b) => a + b, 0) / p.timeDeltas.length / 1000;
        const byId = new Map(p.nodes.map((n) => [n.id, n]));
        for (const id of p.samples) {
          const f = byId.get(id).callFrame;
          const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
          self.set(key, (self.get(key) ?? 0) + dt);
        }
        const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
        for (const [k, v] of top) console.log(`  ${v.toFixed(1)} ms  ${k}`);
      }
      await context.close();
    }
    const ms = (values) => `${Math.round(median(values))} ms`;
    const drawn = results.seats.length
      ? `every seat drawn ${ms(results.seats)} after its data`
      : `sections first, every seat drawn ${ms(results.zoomed)} after the tap that zooms in enough`;
    console.log(
      `${seats.toLocaleString('en')} seats: usable ${ms(results.usable)} after its data, ${drawn}, tap to feedback ${ms(
        results.tap,
      )} (worst ${Math.round(Math.max(...results.tap))} ms)`,
    );
  }
  await browser.close();
} finally {
  await bench.stop();
}
