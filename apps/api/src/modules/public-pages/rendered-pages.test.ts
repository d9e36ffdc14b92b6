import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { RenderedPages } from './rendered-pages.js';

describe('kept pages', () => {
  it('compress small pages and large ones (sitemaps, in the background) to what they hold, text or bytes', async () => {
    const pages = new RenderedPages(() => 0, { freshMs: () => 1000, maxPages: 10 });
    const small = 'Évènement <b>jazz</b> '.repeat(2_000);
    const large = Buffer.from('<url><loc>https://example.test/event/1</loc></url>\n'.repeat(10_000));
    expect(large.length).toBeGreaterThan(256 * 1024);
    for (const [key, body] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const page = await pages.page(key, 'v1', async () => ({ status: 200, content: key, render: () => body }));
      expect(page.body).toBe(body);
      const expected = Buffer.from(body);
      expect(brotliDecompressSync(await page.encoded('br')).equals(expected)).toBe(true);
      expect(gunzipSync(await page.encoded('gzip')).equals(expected)).toBe(true);
      expect((await page.encoded('br')).length).toBeLessThan(expected.length / 20);
    }
  });
});
