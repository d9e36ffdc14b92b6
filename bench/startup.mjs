// Prints how long `npm start` takes until the first page answers (fresh embedded database in a
// temporary DATA_DIR, so migrations run too), then stops the server. `npm start` runs the build:
// Usage: npm run build && node bench/startup.mjs [port]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.argv[2] ?? 3290);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-bench-'));
if (
  !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  console.error('no build: run `npm run build` first');
  process.exit(1);
}
const started = performance.now();
const child = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});

const deadline = Date.now() + 120_000;
let ms = null;
while (Date.now() < deadline) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
    if (res.ok && (await res.text()).includes('<div id="root">')) {
      ms = performance.now() - started;
      break;
    }
  } catch {
    /* not listening yet */
  }
  await new Promise((r) => setTimeout(r, 50));
}
process.kill(-child.pid, 'SIGTERM');
await new Promise((r) => setTimeout(r, 1000));
rmSync(dataDir, { recursive: true, force: true });
if (ms === null) {
  console.error('the first page did not answer within 120 s');
  process.exit(1);
}
console.log(
  `npm start -> first page answered in ${(ms / 1000).toFixed(2)} s (fresh embedded database, from the build)`,
);
