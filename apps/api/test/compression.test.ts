import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent } from './checkout-factory.js';
import { createTestApp, type TestContext } from './test-app.js';

// The real web build: what the server sends is what `npm run build -w apps/web` wrote (`npm test` builds it first).
const dist = path.resolve(import.meta.dirname, '../../web/dist');
let ctx: TestContext;
beforeAll(async () => {
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, 'public.html'))) {
    throw new Error(`${dist} has no web build: run \`npm run build -w apps/web\` before this test`);
  }
  ctx = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compressed answers', () => {
  it('JSON answers and the event page go out as brotli, else gzip, with Vary: Accept-Encoding; plain when nothing is accepted', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 4500 }], {
      description: `<p>${'Three stages and twelve bands. '.repeat(60)}</p>`,
    });
    for (const url of [`/api/public/events/${event.id}`, `/event/${event.id}/jazz-night`]) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode[encoding](res.rawPayload).toString('utf8')).toBe(plain.body);
        // HEAD gives the length of the answer it describes: compressed (a page sent pre-compressed) or
        // not (fastify's own HEAD routes skip the compression).
        const head = await get(url, accept, 'HEAD');
        expect([encoding, undefined]).toContain(head.headers['content-encoding']);
        expect(Number(head.headers['content-length'])).toBe(
          head.headers['content-encoding'] ? res.rawPayload.length : plain.rawPayload.length,
        );
      }
    }
  });

  it('small answers are not compressed', async () => {
    const res = await get('/api/health', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('hashed assets are sent from the .br / .gz files the build wrote, with their year-long immutable caching', async () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    const script = assets.find((f) => f.endsWith('.js') && assets.includes(`${f}.br`) && assets.includes(`${f}.gz`));
    if (!script)
      throw new Error(
        `${dist}/assets has no .js file with .br and .gz beside it: was it built by apps/web/vite.config.ts?`,
      );
    const file = (name: string) => readFileSync(path.join(dist, 'assets', name));
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      [undefined, undefined, ''],
    ] as const) {
      const res = await get(`/assets/${script}`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.equals(file(`${script}${suffix}`))).toBe(true);
      // A file, not a document: no page policies (they cost ~850 bytes a file), but never sniffed and same-origin only.
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    // Pages keep them all.
    const page = await get('/auth/login', 'br');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The compressed files are no addresses of their own.
    expect((await get(`/assets/${script}.br`)).headers['content-type']).toContain('text/html');
  });

  it('the pages of the organizer app (index.html), the sign-in app (signin.html) and the widget script go out pre-compressed, never cached without asking', async () => {
    for (const [address, file] of [
      ['/manage/events', 'index.html'],
      ['/auth/login', 'signin.html'],
    ]) {
      const res = await get(address!, 'br');
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-encoding'], address).toBe('br');
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.headers['content-type'], address).toContain('text/html');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), address).toBe(
        readFileSync(path.join(dist, file!), 'utf8'),
      );
    }

    const widget = await get('/widget.js', 'gzip');
    expect(widget.headers['content-encoding']).toBe('gzip');
    expect(widget.headers['cache-control']).toBe('no-cache');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(gunzipSync(widget.rawPayload).toString('utf8')).toBe(readFileSync(path.join(dist, 'widget.js'), 'utf8'));
  });
});
