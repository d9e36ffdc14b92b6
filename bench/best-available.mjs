// Best available seats on the server (issue #40): the time to choose N seats in a 20,000-seat arena plan (target:
// under 20 ms for 4), with a share of its seats taken at random, against the plan's seats placed once per version.
// Usage: node --import tsx bench/best-available.mjs [count=4] [takenShare=0.6] [runs=300]
import { bestAvailable, placeSeats } from '../apps/api/src/modules/seating/best-available.ts';

const count = Number(process.argv[2] ?? 4);
const share = Number(process.argv[3] ?? 0.6);
const runs = Number(process.argv[4] ?? 300);

/** A bowl of 16 sections around a pitch, 50 rows of 25 seats each: 20,000 seats, every one in category "Arena". */
function arena() {
  const zones = Array.from({ length: 16 }, (_, z) => {
    const angle = (z / 16) * 2 * Math.PI;
    return {
      name: `Section ${z + 101}`,
      position: { x: 3000 + Math.cos(angle) * 1200, y: 3000 + Math.sin(angle) * 1200 },
      rows: Array.from({ length: 50 }, (_, r) => ({
        row_number: String(r + 1),
        position: { x: Math.cos(angle) * r * 30, y: Math.sin(angle) * r * 30 },
        seats: Array.from({ length: 25 }, (_, s) => ({
          seat_guid: `${z}-${r}-${s}`,
          seat_number: String(s + 1),
          position: { x: -Math.sin(angle) * s * 22, y: Math.cos(angle) * s * 22 },
          category: 'Arena',
        })),
      })),
    };
  });
  return {
    name: 'Arena',
    size: { width: 6000, height: 6000 },
    focal_point: { x: 3000, y: 3000 },
    categories: [{ name: 'Arena' }],
    zones,
  };
}

/** A seeded random (mulberry32): the same taken seats on every run of the bench. */
function random(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const layout = arena();
let t0 = performance.now();
const plan = placeSeats(layout);
const placeMs = performance.now() - t0;
const guids = plan.rows.flat().map((s) => s.guid);
const next = random(39);
const states = Array.from({ length: 20 }, () => new Set(guids.filter(() => next() < share)));
// Warm up (the first calls compile the code), then measure.
for (let i = 0; i < 30; i++) bestAvailable(plan, 'Arena', count, states[i % states.length]);
const times = [];
let found = 0;
for (let i = 0; i < runs; i++) {
  const taken = states[i % states.length];
  t0 = performance.now();
  const seats = bestAvailable(plan, 'Arena', count, taken);
  times.push(performance.now() - t0);
  if (seats?.length === count) found++;
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
console.log(
  `plan: ${guids.length} seats, ${Math.round(share * 100)}% taken at random; placed once in ${placeMs.toFixed(1)} ms`,
);
console.log(
  `best available ${count}: median ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms over ${runs} runs (target < 20 ms); seats found in ${found}`,
);
