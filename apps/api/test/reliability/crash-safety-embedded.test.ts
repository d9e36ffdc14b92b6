import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Child, freePort, startChild, waitUntil } from './child-process.js';
import { apiClient, type Sale, type Target } from './rush-client.js';

/**
 * What `npm start` runs for a newcomer: the server on the embedded database in DATA_DIR, mail written
 * as .eml files. SIGKILL in the middle of a rush, start again on the same folder: the database opens,
 * every order a buyer was told is complete is there whole, nothing is sold beyond the stock, and no
 * mail is written twice. (PostgreSQL's version, with holds and SMTP, is crash-safety.test.ts.)
 */
const CAPACITY = 40;

describe('crash safety on the embedded database (real process, SIGKILL)', { timeout: 240_000 }, () => {
  let dataDir: string;
  let port: number;
  let server: Child | null = null;
  let event: Target;
  const client = apiClient(() => `http://127.0.0.1:${port}/api`);
  const organizerToken = { value: '' };

  async function startServer() {
    server = startChild('server', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      CHECKOUT_RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: 'loopback',
    });
    await waitUntil(
      server,
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
      'server start',
      120_000,
    );
  }

  const mailFiles = () => {
    try {
      return readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-crash-embedded-'));
    port = await freePort();
    await startServer();
    // The sign-up link from the mail the server wrote; opening it confirmed the address, so the event goes live the way
    // an organizer does it.
    const signUpLink = async () => {
      let link: RegExpExecArray | null = null;
      await waitUntil(
        server,
        async () => {
          for (const file of mailFiles())
            link ??= /confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(
              (await PostalMime.parse(readFileSync(path.join(dataDir, 'mail', file)))).text ?? '',
            );
          return link !== null;
        },
        'sign-up mail',
      );
      return link![1]!;
    };
    [event] = (await client.setUp(
      'embedded@example.test',
      'crash-password-1',
      [{ title: 'On the embedded one', quantity: CAPACITY }],
      signUpLink,
    )) as [Target];
    expect((await client.call('PUT', `/events/${event.eventId}/status`, { status: 'LIVE' })).status).toBe(200);
    organizerToken.value = client.token;
    client.token = '';
  });

  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens again after a SIGKILL mid-rush with every answered order whole and nothing oversold', async () => {
    let killed = false;
    const running = client.rush(event, 6, () => killed);
    // Kill once a dozen tickets are sold.
    const soldSoFar = async () => {
      const r = await fetch(`http://127.0.0.1:${port}/api/events/${event.eventId}/tickets`, {
        headers: { authorization: `Bearer ${organizerToken.value}` },
      });
      return ((await r.json()) as { data: Array<{ sold: number }> }).data[0]!.sold;
    };
    await waitUntil(server, async () => (await soldSoFar()) >= 12, 'a dozen sold', 120_000);
    await server!.kill();
    killed = true;
    const first = await running;
    expect(first.sales.length).toBeGreaterThanOrEqual(6);

    await startServer();
    const check = async (sales: Sale[]) => {
      for (const sale of sales) {
        const order = (
          await client.call('GET', `/public/events/${event.eventId}/order/${sale.shortId}`, undefined, {
            'x-order-secret': sale.secret,
          })
        ).body.data as { status: string; attendees: Array<{ status: string }> };
        expect(order.status, sale.shortId).toBe('COMPLETED');
        expect(order.attendees.filter((a) => a.status === 'ACTIVE')).toHaveLength(sale.quantity);
      }
    };
    await check(first.sales);

    // Sell the rest: the stock counted after the restart never lets more out than exist.
    const second = await client.rush(event, 6, () => false);
    expect(second.kinds['NO_TICKETS_AVAILABLE']).toBeGreaterThan(0);
    await check(second.sales);
    const tickets = (await fetch(`http://127.0.0.1:${port}/api/events/${event.eventId}/tickets`, {
      headers: { authorization: `Bearer ${organizerToken.value}` },
    }).then((r) => r.json())) as { data: Array<{ sold: number; reserved: number }> };
    const ticket = tickets.data[0];
    // Checkouts cut off by the kill still hold their units until their hold runs out; the rest sold out exactly.
    expect(ticket!.sold + ticket!.reserved).toBe(CAPACITY);
    expect(ticket!.sold).toBeGreaterThanOrEqual([...first.sales, ...second.sales].reduce((n, s) => n + s.quantity, 0));

    // No mail written twice. Once the mail of the first rush's sales is out (more files than those sales),
    // the server stops (nothing is written after it exits); then the mail folder and the outbox of the same
    // data folder agree: every mail marked sent was written exactly once, and every mail written is an
    // outbox row (what was still waiting goes out on the next start).
    await waitUntil(server, () => mailFiles().length > first.sales.length, 'the mail of the sales', 120_000);
    await server!.stop();
    const ids = mailFiles().map(
      (f) => /^message-id:\s*(\S+)/im.exec(readFileSync(path.join(dataDir, 'mail', f), 'utf8'))?.[1],
    );
    expect(ids.length).toBeGreaterThan(first.sales.length);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const stored = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
    const rows = (await stored.query<{ id: number; status: string }>('select id, status from outbox')).rows;
    await stored.close();
    const written = new Set(ids);
    expect(
      rows.filter((r) => r.status === 'SENT' && !written.has(`<outbox-${r.id}@admitone>`)).map((r) => r.id),
    ).toEqual([]);
    expect([...written].filter((id) => !rows.some((r) => `<outbox-${r.id}@admitone>` === id))).toEqual([]);

    // The operator's check on the same folder: every counter equals its rows.
    const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
    const report = execFileSync(process.execPath, ['scripts/start.mjs', 'stock-check'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(report).toContain('Stock is consistent');
  });
});
