#!/usr/bin/env node
// `npm test`: every test. First the browser the end-to-end flows need (Debian's Chromium, or
// CHROMIUM_PATH): found, installed through apt where this user may (root, or sudo without a password),
// or the one command to run, before any test starts. Then the build, the unit and API tests, the flows.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options }).status === 0;
const quiet = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const onPath = (name) => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** The browser: CHROMIUM_PATH, else Debian's chromium. */
function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return (
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ??
    onPath('chromium') ??
    onPath('chromium-browser')
  );
}

/** A font with Chinese characters, so the zh-CN screens show text rather than empty boxes. */
const hasChineseFont = () => spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status === 0;

/** apt-get as root, or through sudo when it asks no password; null when neither is possible. */
function aptRunner() {
  if (!onPath('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && quiet('sudo', ['-n', 'true'])) return ['sudo', '-n'];
  return null;
}

function install(packages) {
  const prefix = aptRunner();
  if (!prefix) return false;
  console.log(`npm test: installing ${packages.join(' ')} through apt (once)…`);
  const [cmd, ...pre] = prefix.length ? prefix : ['env'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (
    run(cmd, [...pre, 'apt-get', 'update', '-qq'], { env }) &&
    run(cmd, [...pre, 'apt-get', 'install', '-y', '-qq', ...packages], { env })
  );
}

let chromium = findChromium();
if (!chromium && !process.env.CHROMIUM_PATH) {
  install(['chromium', 'fonts-wqy-microhei']);
  chromium = findChromium();
}
if (!chromium) {
  console.error(
    process.env.CHROMIUM_PATH
      ? `npm test: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. Point it at a Chromium or Chrome binary.`
      : 'npm test: the browser tests need Chromium, and it could not be installed from here. Run:\n\n  sudo apt-get install -y chromium fonts-wqy-microhei\n\n(or set CHROMIUM_PATH to a Chromium or Chrome binary), then npm test again.',
  );
  process.exit(1);
}
// The flows run in Debian's headless shell of the same Chromium where it is installed (less CPU); Chromium otherwise.
if (
  !process.env.CHROMIUM_HEADLESS_PATH &&
  !existsSync('/usr/bin/chromium-headless-shell') &&
  !install(['chromium-headless-shell'])
)
  console.warn('npm test: no chromium-headless-shell: the flows run in Chromium.');
if (!hasChineseFont() && !install(['fonts-wqy-microhei']))
  console.warn('npm test: no Chinese font (fonts-wqy-microhei): zh-CN screens will show empty boxes.');

const env = { ...process.env, CHROMIUM_PATH: chromium };
const steps = [
  ['npm', ['run', 'build']],
  ['npx', ['vitest', 'run']],
  ['npx', ['playwright', 'test']],
];
for (const [command, args] of steps) if (!run(command, args, { env })) process.exit(1);
