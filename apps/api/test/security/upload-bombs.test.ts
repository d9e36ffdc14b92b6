import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync, gzipSync } from 'node:zlib';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { translate } from '../../src/i18n/i18n.js';
import { ERROR_MESSAGES } from '../../src/i18n/messages.js';
import { IMAGE_MESSAGES } from '../../src/modules/images/process-image.js';
import { createEvent, createOrganizer, registerUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Hostile uploads: each is refused with a 422 on the image field, from its header alone (the process
 * never holds the decoded pixels: its memory grows by far less than one decoded bomb), and nothing is
 * stored. All files are made here with sharp (and a few bytes patched), never kept as fixtures.
 */
let ctx: TestContext;
let owner: { token: string; eventId: number };
const files: Record<string, Buffer> = {};
const MB = 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp();
  const u = await registerUser(ctx.app);
  owner = {
    token: u.token,
    eventId: (await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id)).id,
  };
  const plain = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' }, limitInputPixels: false });
  const [bomb, hugeJpeg, hugeWebp, cover, coverJpeg, gif, noise] = await Promise.all([
    // 20000 × 20000 of one colour: 400 million pixels in well under 1 MB.
    plain(20_000, 20_000).toColourspace('b-w').png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
    plain(12_000, 12_000).toColourspace('b-w').jpeg({ quality: 10 }).toBuffer(),
    plain(10_000, 10_000).webp({ quality: 1, effort: 0 }).toBuffer(),
    plain(1200, 600).png().toBuffer(),
    sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0ea5e9' } })
      .jpeg()
      .toBuffer(),
    plain(1200, 600).gif().toBuffer(),
    // Random pixels do not compress: over 5 MB.
    sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  ]);
  Object.assign(files, { bomb, hugeJpeg, hugeWebp, cover, coverJpeg, gif, noise });
  // A small PNG whose IHDR (with a correct checksum) claims 100000 × 100000.
  const liar = Buffer.from(cover);
  liar.writeUInt32BE(100_000, 16);
  liar.writeUInt32BE(100_000, 20);
  liar.writeUInt32BE(crc32(liar.subarray(12, 29)), 29);
  files.liar = liar;
}, 300_000);
afterAll(() => ctx.close());

async function upload(body: Buffer, mime = 'image/png', filename = 'cover.png') {
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', new Blob([new Uint8Array(body)], { type: mime }), filename);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/events/${owner.eventId}/images`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: form,
  });
}

/** Runs `work` while sampling the process's resident memory; answers its result and the largest growth seen. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; grewBy: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, grewBy: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

const en = (m: (typeof IMAGE_MESSAGES)[keyof typeof IMAGE_MESSAGES], values?: Record<string, unknown>) =>
  translate('en', m, values);
const tooBig = (w: number, h: number) =>
  en(IMAGE_MESSAGES.tooBig, { width: 3000, height: 2000, actualWidth: w, actualHeight: h });

const storedFiles = () => {
  const dir = path.join(ctx.app.deps.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => path.extname(String(f))) : [];
};

async function expectRefused(body: Buffer, message: string, mime = 'image/png') {
  const { result: res, grewBy } = await withPeakMemory(() => upload(body, mime));
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    error: {
      code: 'VALIDATION_FAILED',
      message: translate('en', ERROR_MESSAGES.VALIDATION_FAILED),
      field_errors: { image: [message] },
    },
  });
  expect(grewBy).toBeLessThan(200 * MB);
  expect(storedFiles()).toEqual([]);
  const list = await call(ctx.app, 'GET', `/api/events/${owner.eventId}/images`, { token: owner.token });
  expect(list.json().data).toEqual([]);
}

describe('hostile image uploads', () => {
  it('refuses a PNG decompression bomb (20000 × 20000, one colour) from its header', async () => {
    expect(files.bomb!.length).toBeLessThan(1 * MB);
    await expectRefused(files.bomb!, tooBig(20_000, 20_000));
  });

  it('refuses huge JPEG and WebP images from their headers', async () => {
    await expectRefused(files.hugeJpeg!, tooBig(12_000, 12_000), 'image/jpeg');
    await expectRefused(files.hugeWebp!, tooBig(10_000, 10_000), 'image/webp');
  });

  it('refuses a small PNG whose IHDR claims 100000 × 100000', async () => {
    await expectRefused(files.liar!, tooBig(100_000, 100_000));
  });

  it('refuses a file over 5 MB without keeping it', async () => {
    expect(files.noise!.length).toBeGreaterThan(5 * MB);
    await expectRefused(files.noise!, en(IMAGE_MESSAGES.tooLarge));
  });

  it('refuses SVG, HTML and polyglots sent as image/png, and a real GIF', async () => {
    const type = en(IMAGE_MESSAGES.type);
    await expectRefused(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><script>alert(1)</script></svg>'),
      type,
    );
    await expectRefused(
      Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      type,
    );
    // HTML first, a whole valid PNG after it.
    await expectRefused(Buffer.concat([Buffer.from('<html><script>alert(1)</script><!--'), files.cover!]), type);
    // A GIF header that is also JavaScript.
    await expectRefused(Buffer.from('GIF89a/*\x00\x00\x00\x00*/=alert(1);//'), type, 'image/gif');
    await expectRefused(files.gif!, type, 'image/gif');
  });

  it('refuses truncated PNG and JPEG files whose headers look fine', async () => {
    const type = en(IMAGE_MESSAGES.type);
    await expectRefused(files.cover!.subarray(0, Math.floor(files.cover!.length / 2)), type);
    await expectRefused(files.coverJpeg!.subarray(0, Math.floor(files.coverJpeg!.length / 2)), type, 'image/jpeg');
    await expectRefused(files.cover!.subarray(0, 20), type);
  });

  it('still accepts the intact cover the truncated ones were cut from', async () => {
    const res = await upload(files.cover!);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ width: 1200, height: 600, content_type: 'image/png' });
    await call(ctx.app, 'DELETE', `/api/events/${owner.eventId}/images/${res.json().data.id}`, { token: owner.token });
  });
});

describe('compressed request bodies', () => {
  // 64 MB of JSON whitespace gzips to about 64 KB.
  const gzipBomb = () =>
    gzipSync(
      Buffer.concat([
        Buffer.from('{"email":"a@example.test","password":"x"'),
        Buffer.alloc(64 * MB, ' '),
        Buffer.from('}'),
      ]),
    );

  it('refuses a gzip body to a JSON route in the error shape, without inflating it', async () => {
    const body = gzipBomb();
    expect(body.length).toBeLessThan(1 * MB);
    const { result: res, grewBy } = await withPeakMemory(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-language': 'de' },
        payload: body,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: translate('de', ERROR_MESSAGES.BAD_REQUEST) },
    });
    expect(grewBy).toBeLessThan(200 * MB);
  });

  it('refuses a deflate body to an authenticated write and creates nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizers',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        'content-encoding': 'deflate',
      },
      payload: deflateSync(Buffer.from(JSON.stringify({ name: 'Compressed Promotions', email: 'c@example.test' }))),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    const list = await call(ctx.app, 'GET', '/api/organizers', { token: owner.token });
    expect(list.json().data.map((o: { name: string }) => o.name)).not.toContain('Compressed Promotions');
    // The same body uncompressed is fine.
    expect(
      (
        await call(ctx.app, 'POST', '/api/organizers', {
          token: owner.token,
          body: { name: 'Plain Promotions', email: 'p@example.test' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
