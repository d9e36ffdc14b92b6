import { existsSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { images, storedFileDeletions } from '../../src/db/schema/index.js';
import { sweepStoredFileDeletions } from '../../src/modules/images/stored-file-removal.js';
import { type FileStorage, localStorage } from '../../src/storage/storage.js';
import { createEvent, createOrganizer, registerUser } from '../factories.js';
import { createTestApp, type TestContext } from '../test-app.js';

/**
 * A data folder that cannot be written (permissions, a full or read-only disk) or a bucket that refuses.
 * The review saw an upload answer 500, and a delete answer 500 after deleting the image while its files
 * stayed on disk for ever. Now an upload answers 503 STORAGE_UNAVAILABLE (translated) and leaves no
 * file; a delete answers 204 and its files go as soon as storage takes the removal (the worker's sweep).
 * The storage here fails as the disk did: EACCES from every write or every removal while switched on.
 */
const refusal = () => Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
const faults = { failPutsAfter: Infinity, failDeletes: false };
let puts = 0;
let disk: FileStorage & { root: string };
const failing = (root: string): FileStorage => {
  disk = localStorage(root);
  return {
    ...disk,
    async put(key, body, type) {
      if (puts++ >= faults.failPutsAfter) throw refusal();
      return disk.put(key, body, type);
    },
    async delete(key) {
      if (faults.failDeletes) throw refusal();
      return disk.delete(key);
    },
  };
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ storage: failing });
});
afterAll(() => ctx.close());

const png = () =>
  sharp({ create: { width: 1600, height: 800, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
async function upload(token: string, eventId: number, locale = 'en') {
  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'cover.png');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
    payload: form,
  });
}
const fileOf = (url: string) => path.join(disk.root, url.replace(/^\/uploads\//, ''));
const filesOf = (image: { url: string; variants: { large: string; small: string } }) =>
  [image.url, image.variants.large, image.variants.small].map(fileOf);
const db = () => ctx.app.deps.database.db;
const queued = async () => (await db().select().from(storedFileDeletions)).map((r) => r.key);

async function setup(locale = 'en') {
  const u = await registerUser(ctx.app, { locale });
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id);
  return { u, event };
}

describe('uploads when storage refuses', () => {
  it('an upload whose files cannot be written answers 503 STORAGE_UNAVAILABLE in the language asked, saves nothing and leaves no file', async () => {
    // A German-speaking organizer: the refusal is in their language.
    const { u, event } = await setup('de');
    const before = (await db().select().from(images)).length;
    // The original is written, the first variant refused: what was written must go too.
    puts = 0;
    faults.failPutsAfter = 1;
    const res = await upload(u.token, event.id, 'de');
    faults.failPutsAfter = Infinity;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
    expect(res.json().error.message).toContain('Dateispeicher');
    expect((await db().select().from(images)).length).toBe(before);
    const { readdirSync } = await import('node:fs');
    const left = existsSync(disk.root)
      ? readdirSync(disk.root, { recursive: true, withFileTypes: true }).filter(
          (f) => f.isFile() && f.parentPath.includes(`/events/${event.id}/`),
        )
      : [];
    expect(left.map((f) => f.name)).toEqual([]);
    expect(await queued()).toEqual([]);
    // Storage back: the same upload works.
    expect((await upload(u.token, event.id)).statusCode).toBe(201);
  });
});

describe('deletes when storage refuses', () => {
  it('a delete answers 204, the files wait in the queue, and the sweep removes them once storage takes it', async () => {
    const { u, event } = await setup();
    const image = (await upload(u.token, event.id)).json().data;
    const files = filesOf(image);
    faults.failDeletes = true;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/images/${image.id}`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/events/${event.id}/images`,
          headers: { authorization: `Bearer ${u.token}` },
        })
      ).json().data,
    ).toEqual([]);
    expect(files.every(existsSync)).toBe(true);
    expect((await queued()).sort()).toEqual(
      [image.url, image.variants.large, image.variants.small].map((u: string) => u.replace(/^\/uploads\//, '')).sort(),
    );
    // Still refused: the sweep keeps them, one attempt more.
    expect(await sweepStoredFileDeletions({ db: db(), storage: ctx.app.deps.storage })).toBe(0);
    expect((await db().select().from(storedFileDeletions)).every((r) => r.attempts === 1)).toBe(true);
    faults.failDeletes = false;
    expect(await sweepStoredFileDeletions({ db: db(), storage: ctx.app.deps.storage })).toBe(3);
    expect(files.some(existsSync)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it('a new cover replacing the old one is saved while the old files cannot be removed; they are swept later', async () => {
    const { u, event } = await setup();
    const first = (await upload(u.token, event.id)).json().data;
    faults.failDeletes = true;
    const second = await upload(u.token, event.id);
    faults.failDeletes = false;
    expect(second.statusCode).toBe(201);
    expect(filesOf(first).every(existsSync)).toBe(true);
    expect(await sweepStoredFileDeletions({ db: db(), storage: ctx.app.deps.storage })).toBe(3);
    expect(filesOf(first).some(existsSync)).toBe(false);
    expect(filesOf(second.json().data).every(existsSync)).toBe(true);
  });
});
