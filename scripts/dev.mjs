// `npm run dev`: the API with reload on change (port 3000) and the Vite dev server (port 5173,
// proxying /api to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Links in e-mails should open the Vite page, not the API port.
    env: { NODE_ENV: 'development', APP_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
