import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Child, freePort, waitUntil } from './child-process.js';
import { apiClient } from './rush-client.js';

/**
 * `npm start` runs what `npm run build` compiled (apps/api/dist, apps/web/dist, apps/web/dist-ssr) with
 * plain node, and refuses a build that is missing or older than its sources. `npm test` builds before
 * vitest runs; without a build this file fails (it does not skip).
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** Runs `command` as a process group of its own (so SIGTERM reaches npm's children too), keeping what it prints. */
function startGroup(command: string, args: string[], env: Record<string, string>, cwd = root): Child {
  let out = '';
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        /* already gone */
      }
    }
    await exited;
  };
  return { process: child, output: () => out, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

describe('npm start serves the compiled build', { timeout: 180_000 }, () => {
  let tmp: string;
  let dataDir: string;
  let loadedFile: string;
  let port: number;
  let server: Child | null = null;
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    for (const built of [
      'apps/api/dist/server.js',
      'apps/web/dist/index.html',
      'apps/web/dist/signin.html',
      'apps/web/dist-ssr/ssr.js',
    ]) {
      expect(existsSync(path.join(root, built)), `${built} is missing: run \`npm run build\` before this test`).toBe(
        true,
      );
    }
    tmp = mkdtempSync(path.join(os.tmpdir(), 'admitone-production-start-'));
    dataDir = path.join(tmp, 'data');
    loadedFile = path.join(tmp, 'loaded-modules.txt');
    writeFileSync(loadedFile, '');
    // Module hooks that write down every module node loads (in the process `npm start` runs and any it starts).
    writeFileSync(
      path.join(tmp, 'record-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nlet file;\nexport function initialize(data) { file = data.file; }\nexport async function load(url, context, nextLoad) { appendFileSync(file, url + '\\n'); return nextLoad(url, context); }\n`,
    );
    writeFileSync(
      path.join(tmp, 'record.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(tmp, 'record-hooks.mjs')).href)}, { data: { file: ${JSON.stringify(loadedFile)} } });\n`,
    );
    port = await freePort();
    server = startGroup('npm', ['start'], {
      // Nothing from this test runner's own loaders: only the recorder.
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(tmp, 'record.mjs')).href}`,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
    });
    await waitUntil(
      server,
      async () => (await fetch(`${base()}/api/health`)).ok,
      'npm start answering /api/health',
      120_000,
    );
    // The hook's own limit above the wait's: on a loaded machine the embedded database's first start takes a while.
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('answers /api/health and serves the built web app', async () => {
    const health = await fetch(`${base()}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const page = await fetch(`${base()}/auth/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // A hashed asset of apps/web/dist, as the page names it.
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'the page links a built script').toBeDefined();
    expect((await fetch(`${base()}${asset}`)).status).toBe(200);
  });

  it('finds the files it reads beside its code: migrations ran, the catalogs answer in German', async () => {
    const res = await fetch(`${base()}/api/no-such-route`, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(404);
    // English when apps/api/dist/locales is missing (the catalogs fall back silently), so this is the check.
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Diese Adresse existiert nicht.');
  });

  it('renders a live event page on the server from dist-ssr', async () => {
    const client = apiClient(() => `${base()}/api`);
    const signUpLink = async () => {
      let token: string | undefined;
      await waitUntil(
        server,
        async () => {
          const dir = path.join(dataDir, 'mail');
          for (const f of existsSync(dir) ? readdirSync(dir) : [])
            token ??= /confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(
              (await PostalMime.parse(readFileSync(path.join(dir, f)))).text ?? '',
            )?.[1];
          return token !== undefined;
        },
        'sign-up mail',
      );
      return token!;
    };
    const [event] = await client.setUp(
      'production@example.test',
      'production-password-1',
      [{ title: 'Compiled Concert', quantity: 10 }],
      signUpLink,
    );
    expect((await client.call('PUT', `/events/${event!.eventId}/status`, { status: 'LIVE' })).status).toBe(200);
    const res = await fetch(`${base()}/event/${event!.eventId}/compiled-concert`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // Rendered on the server: the title is in the markup inside the root element, before any script runs.
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('Compiled Concert');
  });

  it('runs compiled JavaScript only: apps/api/dist/server.js, no TypeScript and no tsx', () => {
    const loaded = readFileSync(loadedFile, 'utf8').split('\n').filter(Boolean);
    expect(loaded).toContain(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
    expect(
      loaded.filter((url) => /\.[cm]?tsx?$/.test(new URL(url).pathname) || url.includes('/node_modules/tsx/')),
    ).toEqual([]);
  });
});

describe('npm start refuses a missing or stale build', () => {
  // A folder laid out like the repository, holding a copy of scripts/start.mjs and stand-ins for the
  // sources and the build, whose times the test sets: the real sources are never touched.
  let fake: string;
  const hour = 3600;
  const now = Math.floor(Date.now() / 1000);
  const put = (rel: string, content: string, time: number) => {
    const file = path.join(fake, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    utimesSync(file, time, time);
  };
  const run = (...args: string[]) => {
    const { NODE_OPTIONS: _, ...env } = process.env;
    const res = spawnSync(process.execPath, [path.join(fake, 'scripts/start.mjs'), ...args], {
      cwd: fake,
      env: { ...env, NODE_ENV: '' },
      encoding: 'utf8',
    });
    return { status: res.status, stdout: res.stdout, stderr: res.stderr };
  };
  const build = (time: number) => {
    put('apps/api/dist/server.js', 'console.log(`compiled server ran ${process.env.NODE_ENV}`);\n', time);
    put('apps/api/dist/worker.js', 'console.log(`compiled worker ran ${process.argv.slice(2).join(" ")}`);\n', time);
    put('apps/api/dist/build.json', '{}\n', time);
    put('apps/web/dist/index.html', '<!doctype html>\n', time);
    put('apps/web/dist/signin.html', '<!doctype html>\n', time);
    put('apps/web/dist-ssr/ssr.js', 'export {};\n', time);
  };

  beforeAll(() => {
    fake = mkdtempSync(path.join(os.tmpdir(), 'admitone-fake-repo-'));
    mkdirSync(path.join(fake, 'scripts'));
    copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(fake, 'scripts/start.mjs'));
    put('apps/api/src/server.ts', '', now - 2 * hour);
    put('packages/shared/src/index.ts', '', now - 2 * hour);
    put('apps/web/src/main.tsx', '', now - 2 * hour);
  });

  afterAll(() => rmSync(fake, { recursive: true, force: true }));

  it('without a build: one line saying to run npm run build, exit code 1', () => {
    const res = run();
    expect(res.status).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toEqual([
      'AdmitOne: no build found (apps/api/dist/server.js is missing); run `npm run build` first.',
    ]);
  });

  it('a build newer than every source runs the compiled file, in production mode', () => {
    build(now - hour);
    const res = run();
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe('compiled server ran production');
    expect(run('worker', '--once').stdout.trim()).toBe('compiled worker ran --once');
  });

  it('an API, shared or web source changed after the build: refused, naming the file', () => {
    for (const source of ['apps/api/src/db/client.ts', 'packages/shared/src/limits.ts', 'apps/web/src/main.tsx']) {
      build(now - hour);
      put(source, '', now);
      const res = run();
      expect(res.status, source).toBe(1);
      expect(res.stderr.trim()).toBe(
        `AdmitOne: the build is older than the sources (${source} changed after it); run \`npm run build\` first.`,
      );
      utimesSync(path.join(fake, source), now - 2 * hour, now - 2 * hour);
    }
  });

  it('the web sources do not hold back the worker; a changed test file holds back nothing', () => {
    build(now - hour);
    put('apps/web/src/main.tsx', '', now);
    expect(run('worker').status).toBe(0);
    utimesSync(path.join(fake, 'apps/web/src/main.tsx'), now - 2 * hour, now - 2 * hour);
    put('apps/api/src/db/client.test.ts', '', now);
    expect(run().status).toBe(0);
  });
});
