// `npm start`: builds the web app when its sources changed since the last build, then serves
// the web app and the API from one process (embedded database unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
// The server-rendering bundle of the buyer pages is built with the web app.
const ssrBuilt = path.join(root, 'apps/web/dist-ssr/ssr.js');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => (name === 'node_modules' || name === 'dist' ? m : Math.max(m, newest(path.join(p, name)))), s.mtimeMs);
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/public.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map((p) => path.join(root, p));
const stale = !existsSync(built) || !existsSync(ssrBuilt) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app...');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
