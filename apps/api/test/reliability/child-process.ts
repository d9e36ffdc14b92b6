import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');

export interface Child {
  process: ChildProcess;
  /** Everything it printed, for the failure message. */
  output: () => string;
  /** SIGKILL to its whole process group: no handler runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the server (or the worker) as production runs it, `npm start` / `npm run worker`: the compiled
 * build through scripts/start.mjs, as a real process with `env` over the current one. `npm test` builds
 * first; without a current build the child exits at once saying so (the test fails with that line).
 */
export function startChild(entry: 'server' | 'worker', env: Record<string, string>): Child {
  let out = '';
  const child = spawn(process.execPath, ['scripts/start.mjs', entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', WEB_DIST_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
    await exited;
  };
  return { process: child, output: () => out, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/**
 * The settings a rush test's server runs with: on `port`, the database and data folder given, mail to
 * `smtpUrl`, limits out of the way of the buyers (each of whom comes from an address of its own, through
 * a proxy on loopback), and `extra` on top.
 */
export function rushServerEnv(
  at: { port: number; databaseUrl: string; dataDir: string; smtpUrl: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(at.port),
    HOST: '127.0.0.1',
    DATABASE_URL: at.databaseUrl,
    DATA_DIR: at.dataDir,
    SMTP_URL: at.smtpUrl,
    LOG_LEVEL: 'warn',
    CHECKOUT_RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000',
    TRUST_PROXY: 'loopback',
    // The test files beside these keep the machine busy: bulk mail would wait for it (cpu-pressure.test.ts).
    MAIL_YIELD_TO_BUSY_CPU: 'false',
    ...extra,
  };
}

/** Waits until `ready()` is true, failing with the child's output after `timeoutMs`. */
export async function waitUntil(
  child: Child | null,
  ready: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await ready()) return;
    } catch {
      /* not yet */
    }
    if (child && child.process.exitCode !== null)
      throw new Error(`${what}: the process exited (${child.process.exitCode})\n${child.output().slice(-4000)}`);
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms\n${child?.output().slice(-4000) ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A free port on loopback. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
