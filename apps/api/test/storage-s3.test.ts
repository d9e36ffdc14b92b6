import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { s3Storage } from '../src/storage/s3-storage.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { startS3Server } from './s3-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Uploaded images in an S3-compatible bucket (S3_*): two hosts, each with a data folder of its own,
 * on one database and one bucket. What one host stores, the other serves; replaced and deleted images
 * leave the bucket. With files on local disk (the default) the second host cannot serve the first
 * one's upload: that is the control, and why a bucket is needed beyond one host.
 */
// Two hosts on one database need a database server: the embedded database (PGlite in memory) is one
// process's, and a second app given its address opens a database of its own.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let s3: Awaited<ReturnType<typeof startS3Server>>;
let one: TestContext;
let other: TestContext;
beforeAll(async () => {
  s3 = await startS3Server();
  if (!onPostgres) return;
  one = await createTestApp({ env: s3.env });
  other = await createTestApp({ env: s3.env, sharedDatabaseUrl: one.app.deps.config.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await one?.close();
  await s3?.close();
});

const cover = (background: string) =>
  sharp({ create: { width: 1400, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(ctx: TestContext, token: string, eventId: number, body: Buffer) {
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'cover.jpg');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
}

describe.runIf(onPostgres)('uploads in an S3-compatible bucket', () => {
  it('stores through one host and serves through the other; a replaced or deleted image leaves the bucket', async () => {
    expect(one.app.deps.config.dataDir).not.toBe(other.app.deps.config.dataDir);
    const u = await registerUser(one.app);
    const event = await createEvent(one.app, u.token, (await createOrganizer(one.app, u.token)).id);

    const first = await upload(one, u.token, event.id, await cover('#7c3aed'));
    expect(first.statusCode).toBe(201);
    const image = first.json().data as { id: number; url: string; variants: { large: string; small: string } };
    const urls = [image.url, image.variants.large, image.variants.small];
    for (const url of urls) expect(url).toMatch(/^\/uploads\/accounts\/\d+\/events\/\d+\//);
    expect(await s3.keys()).toEqual(urls.map((u) => u.slice('/uploads/'.length)).sort());

    for (const url of urls) {
      const here = await one.app.inject({ method: 'GET', url });
      const there = await other.app.inject({ method: 'GET', url });
      expect([url, there.statusCode]).toEqual([url, 200]);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect(there.headers['content-type']).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
      expect(there.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(there.rawPayload).metadata()).width).toBeGreaterThan(0);
    }

    // Copying the event copies its cover inside the bucket; the copy is served by the other host.
    const copy = await call(one.app, 'POST', `/api/events/${event.id}/duplicate`, {
      token: u.token,
      body: { title: 'Copy' },
    });
    expect(copy.statusCode).toBe(201);
    const copied = (
      await call(other.app, 'GET', `/api/events/${copy.json().data.id}/images`, { token: u.token })
    ).json().data as Array<{ url: string }>;
    expect(copied).toHaveLength(1);
    expect(copied[0]!.url).not.toBe(image.url);
    const copiedFile = await other.app.inject({ method: 'GET', url: copied[0]!.url });
    expect(copiedFile.statusCode).toBe(200);
    expect(copiedFile.rawPayload.equals((await one.app.inject({ method: 'GET', url: image.url })).rawPayload)).toBe(
      true,
    );
    expect(
      (
        await call(
          one.app,
          'DELETE',
          `/api/events/${copy.json().data.id}/images/${(copied[0] as unknown as { id: number }).id}`,
          { token: u.token },
        )
      ).statusCode,
    ).toBe(204);

    // A new cover through the other host replaces the first: the old files leave the bucket.
    const second = await upload(other, u.token, event.id, await cover('#0ea5e9'));
    expect(second.statusCode).toBe(201);
    const next = second.json().data as { id: number; url: string; variants: { large: string; small: string } };
    const nextKeys = [next.url, next.variants.large, next.variants.small]
      .map((u) => u.slice('/uploads/'.length))
      .sort();
    expect(await s3.keys()).toEqual(nextKeys);
    expect((await one.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'GET', url: next.url })).statusCode).toBe(200);

    expect(
      (await call(one.app, 'DELETE', `/api/events/${event.id}/images/${next.id}`, { token: u.token })).statusCode,
    ).toBe(204);
    expect(await s3.keys()).toEqual([]);
    expect((await other.app.inject({ method: 'GET', url: next.url })).statusCode).toBe(404);
  });

  it('answers 404 for keys the app never makes, without asking the bucket for another path', async () => {
    for (const url of [
      '/uploads/../admitone-uploads',
      '/uploads/%2e%2e/x',
      '/uploads/a//b',
      '/uploads/nothing/here.webp',
    ]) {
      const res = await other.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it("never serves a private key (buyers' answer files), though the bucket holds it", async () => {
    const key = 'private/answer-files/accounts/1/events/2/proof.pdf';
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
    await one.app.deps.storage.put(key, pdf, 'application/pdf');
    expect((await other.app.deps.storage.get(key))?.length).toBe(pdf.length);
    for (const url of [`/uploads/${key}`, `/uploads/Private/${key.slice('private/'.length)}`]) {
      const res = await other.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    await one.app.deps.storage.delete(key);
  });
});

describe.runIf(onPostgres)('uploads on local disk (the control)', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sharedDatabaseUrl: a.app.deps.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a second host with a data folder of its own cannot serve the first one's upload", async () => {
    const u = await registerUser(a.app);
    const event = await createEvent(a.app, u.token, (await createOrganizer(a.app, u.token)).id);
    const image = (await upload(a, u.token, event.id, await cover('#16a34a'))).json().data as { url: string };
    expect((await a.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});

describe('S3_PUBLIC_URL', () => {
  it('points browsers at a CDN in front of the bucket instead of /uploads/', async () => {
    const storage = await s3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      publicUrl: 'https://cdn.example.net',
    });
    expect(storage.url('accounts/1/events/2/cover.webp')).toBe(
      'https://cdn.example.net/accounts/1/events/2/cover.webp',
    );
  });
});
