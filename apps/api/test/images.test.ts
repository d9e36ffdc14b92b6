import { existsSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();

async function upload(
  token: string,
  eventId: number,
  body: Buffer | null,
  opts: { type?: string; filename?: string; mime?: string; locale?: string; owner?: 'events' | 'organizers' } = {},
) {
  const form = new FormData();
  if (opts.type !== '') form.append('type', opts.type ?? 'EVENT_COVER');
  if (body)
    form.append(
      'image',
      new Blob([new Uint8Array(body)], { type: opts.mime ?? 'image/png' }),
      opts.filename ?? 'cover.png',
    );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${opts.owner ?? 'events'}/${eventId}/images`,
    headers: { authorization: `Bearer ${token}`, ...(opts.locale ? { 'accept-language': opts.locale } : {}) },
    payload: form,
  });
}

async function setup() {
  const u = await registerUser(ctx.app);
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id);
  return { u, event };
}

const uploadsDir = () => path.join(ctx.app.deps.config.dataDir, 'uploads');
const fileOf = (url: string) => path.join(uploadsDir(), url.replace(/^\/uploads\//, ''));

describe('event cover images', () => {
  it('keeps no metadata: a phone photo with its GPS position and owner in EXIF is stored and served without them', async () => {
    const { u, event } = await setup();
    const photo = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#16a34a' } })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Private Person', Copyright: 'Home address' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 8/1 3141/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '11/1 34/1 2718/100',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = (await upload(u.token, event.id, photo, { mime: 'image/jpeg', filename: 'IMG_0001.jpg' })).json()
      .data;
    expect(image).toMatchObject({ content_type: 'image/jpeg', width: 1400, height: 800 });
    for (const url of [image.url, image.variants.large, image.variants.small]) {
      const served = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
      const meta = await sharp(served).metadata();
      expect({ url, exif: meta.exif, xmp: meta.xmp }).toEqual({ url, exif: undefined, xmp: undefined });
      expect(served.toString('latin1')).not.toContain('Private Person');
    }
  });

  it('stores the original and WebP variants, serves them with long cache headers, and replaces the old cover', async () => {
    const { u, event } = await setup();
    const res = await upload(u.token, event.id, await png(2400, 1200));
    expect(res.statusCode).toBe(201);
    const image = res.json().data;
    expect(image).toMatchObject({ type: 'EVENT_COVER', width: 2400, height: 1200, content_type: 'image/png' });
    const large = await sharp(fileOf(image.variants.large)).metadata();
    const small = await sharp(fileOf(image.variants.small)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 2160, 1080]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 600, 300]);

    const served = await ctx.app.inject({ method: 'GET', url: image.variants.small });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const second = (
      await upload(u.token, event.id, await jpeg(1000, 500), { mime: 'image/jpeg', filename: 'b.jpg' })
    ).json().data;
    const list = await call(ctx.app, 'GET', `/api/events/${event.id}/images`, { token: u.token });
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([second.id]);
    expect(existsSync(fileOf(image.url))).toBe(false);
    expect(existsSync(fileOf(second.url))).toBe(true);

    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${event.id}/images/${second.id}`, { token: u.token })).statusCode,
    ).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/images`, { token: u.token })).json().data).toEqual([]);
    expect(existsSync(fileOf(second.variants.large))).toBe(false);
  });

  it('explains every refusal on the image field', async () => {
    const { u, event } = await setup();
    const err = async (body: Buffer | null, opts = {}) => {
      const res = await upload(u.token, event.id, body, opts);
      expect(res.statusCode).toBe(422);
      return res.json().error.field_errors;
    };
    expect(await err(await png(800, 400))).toEqual({
      image: ['The image must be at least 900 × 450 pixels; this one is 800 × 400.'],
    });
    expect(await err(await png(3200, 1600))).toEqual({
      image: ['The image must be at most 3000 × 2000 pixels; this one is 3200 × 1600.'],
    });
    expect(await err(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { mime: 'image/png' })).toEqual({
      image: ['Upload a JPEG, PNG or WebP image.'],
    });
    expect(await err(Buffer.from('GIF89a not really'), { mime: 'image/gif' })).toEqual({
      image: ['Upload a JPEG, PNG or WebP image.'],
    });
    expect(await err(null)).toEqual({ image: ['Choose an image to upload.'] });
    expect(await err(await png(1000, 500), { type: 'AVATAR' })).toEqual({
      type: ['Choose one of the allowed values.'],
    });
    // Over 5 MB: random pixels do not compress.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 1500 * 1200 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 1500, height: 1200, channels: 3 } },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(await err(noise)).toEqual({ image: ['The image must be under 5 MB.'] });
    const json = await call(ctx.app, 'POST', `/api/events/${event.id}/images`, {
      token: u.token,
      body: { image: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });

  it("keeps other accounts' events and images out of reach", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await upload(b.u.token, b.event.id, await png(1000, 500))).json().data;
    expect((await upload(a.u.token, b.event.id, await png(1000, 500))).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/events/${b.event.id}/images`, { token: a.u.token })).statusCode).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${b.event.id}/images/${theirs.id}`, { token: a.u.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${a.event.id}/images/${theirs.id}`, { token: a.u.token })).statusCode,
    ).toBe(404);
    expect((await upload('', a.event.id, await png(1000, 500))).statusCode).toBe(401);
  });

  it('stores an organizer logo, shown with the organizer, and refuses a cover type there', async () => {
    const { u } = await setup();
    const org = await createOrganizer(ctx.app, u.token);
    const wrong = await upload(u.token, org.id, await png(1000, 500), { owner: 'organizers' });
    expect(wrong.json().error.field_errors).toEqual({ type: ['Choose one of the allowed values.'] });
    const res = await upload(u.token, org.id, await png(800, 800), { owner: 'organizers', type: 'ORGANIZER_LOGO' });
    expect(res.statusCode).toBe(201);
    const logo = res.json().data;
    const small = await sharp(fileOf(logo.variants.small)).metadata();
    expect([small.width, small.height]).toEqual([128, 128]);
    const read = await call(ctx.app, 'GET', `/api/organizers/${org.id}`, { token: u.token });
    expect(read.json().data.logo.id).toBe(logo.id);
    const list = await call(ctx.app, 'GET', '/api/organizers', { token: u.token });
    expect(list.json().data.find((o: { id: number }) => o.id === org.id).logo.id).toBe(logo.id);
    const tiny = await upload(u.token, org.id, await png(50, 50), { owner: 'organizers', type: 'ORGANIZER_LOGO' });
    expect(tiny.json().error.field_errors.image).toEqual([
      'The image must be at least 100 × 100 pixels; this one is 50 × 50.',
    ]);
    const other = await registerUser(ctx.app);
    expect(
      (await upload(other.token, org.id, await png(800, 800), { owner: 'organizers', type: 'ORGANIZER_LOGO' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/api/organizers/${org.id}/images/${logo.id}`, { token: u.token })).statusCode,
    ).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/organizers/${org.id}`, { token: u.token })).json().data.logo).toBeNull();
  });

  it('keeps seating backgrounds beside each other and the logo, served where a plan may trace them', async () => {
    const { u } = await setup();
    const org = await createOrganizer(ctx.app, u.token);
    const opts = { owner: 'organizers' as const, type: 'SEATING_BACKGROUND', filename: 'floor.png' };
    const logo = (await upload(u.token, org.id, await png(400, 400), { ...opts, type: 'ORGANIZER_LOGO' })).json().data;
    const first = await upload(u.token, org.id, await png(1600, 1200), opts);
    expect(first.statusCode).toBe(201);
    const second = await upload(u.token, org.id, await jpeg(800, 600), { ...opts, mime: 'image/jpeg' });
    expect(second.statusCode).toBe(201);
    const [a, b] = [first.json().data, second.json().data];
    expect(a).toMatchObject({ type: 'SEATING_BACKGROUND', width: 1600, height: 1200 });
    expect(a.url).toMatch(/^\/uploads\/accounts\/\d+\/organizers\/\d+\/seating_background-/);
    // Neither replaced the other nor the logo: all three are listed and their files kept.
    const list = await call(ctx.app, 'GET', `/api/organizers/${org.id}/images`, { token: u.token });
    expect(list.json().data.map((i: { id: number; type: string }) => [i.id, i.type])).toEqual([
      [logo.id, 'ORGANIZER_LOGO'],
      [a.id, 'SEATING_BACKGROUND'],
      [b.id, 'SEATING_BACKGROUND'],
    ]);
    for (const img of [logo, a, b]) expect(existsSync(fileOf(img.url))).toBe(true);
    expect((await call(ctx.app, 'GET', `/api/organizers/${org.id}`, { token: u.token })).json().data.logo.id).toBe(
      logo.id,
    );
    const served = await ctx.app.inject({ method: 'GET', url: a.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // A draft takes the image's address as its traced background.
    const base = `/api/organizers/${org.id}/seating-plans`;
    const background = { url: a.url, position: { x: 0, y: 0 }, width: 1000, height: 800, opacity: 0.5 };
    const layout = { name: 'Hall', size: { width: 1000, height: 800 }, background, categories: [], zones: [] };
    const plan = await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Hall', layout } });
    expect(plan.statusCode).toBe(201);
    expect(plan.json().data.layout.background).toEqual(background);
    const script = { ...layout, background: { ...background, url: 'javascript:alert(1)' } };
    const refused = await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Hall', layout: script } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.field_errors)).toEqual(['layout.background.url']);
    // Another account's organizer is not found: no upload, no list.
    const other = await registerUser(ctx.app);
    expect((await upload(other.token, org.id, await png(800, 600), opts)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/organizers/${org.id}/images`, { token: other.token })).statusCode).toBe(
      404,
    );
    // Its own rules: too small for a floor plan.
    const tiny = await upload(u.token, org.id, await png(150, 150), opts);
    expect(tiny.json().error.field_errors.image).toEqual([
      'The image must be at least 200 × 200 pixels; this one is 150 × 150.',
    ]);
    // One goes, the other stays.
    expect(
      (await call(ctx.app, 'DELETE', `/api/organizers/${org.id}/images/${a.id}`, { token: u.token })).statusCode,
    ).toBe(204);
    const left = (await call(ctx.app, 'GET', `/api/organizers/${org.id}/images`, { token: u.token })).json().data;
    expect(left.map((i: { id: number }) => i.id)).toEqual([logo.id, b.id]);
  });

  it('shows the cover in event responses', async () => {
    const { u, event } = await setup();
    const cover = (await upload(u.token, event.id, await png(1000, 500))).json().data;
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data.cover_image).toEqual(
      cover,
    );
    expect((await call(ctx.app, 'GET', '/api/events', { token: u.token })).json().data[0].cover_image).toEqual(cover);
  });
});
