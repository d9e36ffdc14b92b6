// `npm start` and the other production commands: runs what `npm run build` compiled, with node alone
// (no TypeScript loader, no build here).
//   node scripts/start.mjs [server|worker|stock-check|seed] [args...]    (server when none is named)
// runs apps/api/dist/<name>.js in this process, with source maps on and NODE_ENV=production unless
// set. When the build is missing or older than its sources (apps/api/src, packages/shared/src, and
// for the server the web app's), it prints one line saying to run `npm run build` and exits with 1.
// Where the sources are not there (a container image holds only the build), the build is current.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const ENTRIES = ['server', 'worker', 'stock-check', 'seed'];
const entry = ENTRIES.includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : 'server';

const API_SOURCES = ['apps/api/src', 'packages/shared/src'];
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/public.html',
  'apps/web/signin.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The most recently changed file under `p` (tests, dist and node_modules aside): { file, mtimeMs }. */
function newest(p) {
  if (!existsSync(p)) return { file: null, mtimeMs: 0 };
  const s = statSync(p);
  if (!s.isDirectory()) return { file: p, mtimeMs: s.mtimeMs };
  let best = { file: null, mtimeMs: 0 };
  for (const d of readdirSync(p, { withFileTypes: true })) {
    if (d.name === 'node_modules' || d.name === 'dist' || d.name === 'dist-ssr' || (d.isFile() && isTest(d.name)))
      continue;
    const found = newest(path.join(p, d.name));
    if (found.mtimeMs > best.mtimeMs) best = found;
  }
  return best;
}

/** Why the build cannot run (missing or stale), or null when it is current. */
function buildProblem() {
  const checks = [{ outputs: [`apps/api/dist/${entry}.js`, 'apps/api/dist/build.json'], sources: API_SOURCES }];
  if (entry === 'server')
    checks.push({
      outputs: ['apps/web/dist/index.html', 'apps/web/dist/signin.html', 'apps/web/dist-ssr/ssr.js'],
      sources: WEB_SOURCES,
    });
  for (const { outputs } of checks) {
    const absent = outputs.find((o) => !existsSync(path.join(root, o)));
    if (absent) return `no build found (${absent} is missing)`;
  }
  for (const { outputs, sources } of checks) {
    const builtAt = Math.min(...outputs.map((o) => statSync(path.join(root, o)).mtimeMs));
    const changed = sources.map((s) => newest(path.join(root, s))).reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
    if (changed.mtimeMs > builtAt)
      return `the build is older than the sources (${path.relative(root, changed.file)} changed after it)`;
  }
  return null;
}

const problem = buildProblem();
if (problem) {
  console.error(`AdmitOne: ${problem}; run \`npm run build\` first.`);
  process.exit(1);
}

const file = path.join(root, 'apps/api/dist', `${entry}.js`);
process.env.NODE_ENV ||= 'production';
// Stack traces name the TypeScript lines, here and in processes this one starts (cluster forks run
// process.argv[1], the compiled file itself).
process.setSourceMapsEnabled(true);
if (!/--enable-source-maps/.test(process.env.NODE_OPTIONS ?? ''))
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --enable-source-maps`.trim();
process.argv[1] = file;
await import(pathToFileURL(file).href);
