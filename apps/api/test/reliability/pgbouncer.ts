import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, waitUntil } from './child-process.js';

const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** The pgbouncer program, if this machine has one (`.ci/run` installs Debian's). */
export const pgbouncerBinary = (): string | null =>
  BINARIES.find((b) => existsSync(b)) ??
  (spawnSync('sh', ['-c', 'command -v pgbouncer']).stdout?.toString().trim() || null);

/**
 * A real PgBouncer in **transaction** pooling mode in front of the test PostgreSQL server (every
 * database, trust authentication as on this machine's server). PgBouncer refuses to run as root: as
 * root it runs as the `postgres` user.
 */
export async function startPgBouncer(upstream: { host: string; port: number; user: string }) {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(path.join(dir, 'users.txt'), `"${upstream.user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${upstream.host} port=${upstream.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 500',
      'unix_socket_dir =',
      '',
    ].join('\n'),
  );
  for (const f of ['users.txt', 'pgbouncer.ini']) chmodSync(path.join(dir, f), 0o644);
  const asRoot = process.getuid?.() === 0;
  const args = [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntil(
    null,
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${out}`);
      return out.includes('process up');
    },
    'pgbouncer listening',
    15_000,
  );
  return {
    port,
    output: () => out,
    /** `databaseUrl`'s database, reached through this PgBouncer. */
    urlFor(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      // SIGTERM: at once (SIGINT would wait for every client to leave).
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
