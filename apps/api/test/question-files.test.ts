import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, questionAnswerFiles, storedFileDeletions } from '../src/db/schema/index.js';
import { sweepAbandonedAnswerFiles } from '../src/modules/checkout/answer-files.js';
import { sweepStoredFileDeletions } from '../src/modules/images/stored-file-removal.js';
import { TestClock } from '../src/shared/clock.js';
import { type FileStorage, localStorage } from '../src/storage/storage.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * FILE questions (#38): the buyer uploads while filling in the details, authorised like every checkout step;
 * the file is judged by its own bytes, images are scanned and rewritten like covers, everything is kept
 * private (never under /uploads), the organizer downloads it, and files of checkouts that never complete
 * are removed. Every file is made here.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
/** The uploads folder, refusing writes while `refuse` is set (a full or read-only disk). */
let refuse = false;
const refusing = (root: string): FileStorage => {
  const disk = localStorage(root);
  return {
    ...disk,
    async put(key, body, type) {
      if (refuse) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      return disk.put(key, body, type);
    },
  };
};
beforeAll(async () => {
  ctx = await createTestApp({ clock, storage: refusing });
});
afterAll(() => ctx.close());

const free = { name: 'Lawn', type: 'FREE', quantity: 20 };
const paid = { name: 'Seat', type: 'PAID', price: 2500, quantity: 20 };
const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();

type Reservation = { data: { short_id: string; attendees: Array<{ short_id: string }> } } & {
  checkout_token: string;
  order_secret: string;
};

const orderUrl = (eventId: number, shortId: string, rest = '') =>
  `/api/public/events/${eventId}/order/${shortId}${rest}`;

/** `POST .../files` as the buyer's browser sends it (multipart `file`). */
function upload(
  eventId: number,
  r: Reservation,
  questionId: number,
  file: { body: Buffer; name: string; mime?: string },
  opts: { attendee?: string; headers?: Record<string, string>; locale?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.body)], { type: file.mime ?? 'application/pdf' }), file.name);
  const query = `?question_id=${questionId}${opts.attendee ? `&attendee=${opts.attendee}` : ''}`;
  return ctx.app.inject({
    method: 'POST',
    url: orderUrl(eventId, r.data.short_id, `/files${query}`),
    headers: { ...(opts.headers ?? buyerHeaders(r)), ...(opts.locale ? { 'accept-language': opts.locale } : {}) },
    payload: form,
  });
}

/** A live event with a required FILE question per attendee and an optional one per order. */
async function world(ticket: Record<string, unknown> & { name: string; type: string } = free) {
  const { u, event, tickets } = await liveEvent(ctx.app, [ticket]);
  const q = (body: object) =>
    call(ctx.app, 'POST', `/api/events/${event.id}/questions`, { token: u.token, body }).then((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; type: string };
    });
  const idDoc = await q({ title: 'Student card', type: 'FILE', required: true });
  const photo = await q({ title: 'Team photo', type: 'FILE', applies_to: 'ORDER' });
  const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json<
    Reservation & { data: { questions: Array<{ id: number; type: string }> } }
  >();
  return { u, event, tickets, idDoc, photo, r, attendee: r.data.attendees[0]!.short_id };
}

const rowsOf = (shortId: string) =>
  ctx.app.deps.database.db
    .select({ file: questionAnswerFiles })
    .from(questionAnswerFiles)
    .innerJoin(orders, eq(orders.id, questionAnswerFiles.order_id))
    .where(eq(orders.short_id, shortId))
    .then((rows) => rows.map((x) => x.file));
const onDisk = (key: string) => path.join(ctx.app.deps.config.dataDir, 'uploads', key);
/** Every file under the private folder of the uploads. */
const privateFiles = () => {
  const root = path.join(ctx.app.deps.config.dataDir, 'uploads', 'private');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;
};
const orderIdOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

describe('uploading and downloading answer files', () => {
  it('takes a PDF and a PNG, stores the answers, and the organizer downloads them (another account: 404)', async () => {
    const w = await world();
    // The buyer's form asks the FILE questions like the others.
    expect(w.r.data.questions.map((q) => q.type)).toEqual(['FILE', 'FILE']);
    const pdf = await upload(
      w.event.id,
      w.r,
      w.idDoc.id,
      { body: PDF, name: 'C:\\Users\\me\\student "card".pdf' },
      {
        attendee: w.attendee,
      },
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    const pdfAnswer = pdf.json().data;
    expect(pdfAnswer).toEqual({
      file_id: expect.any(Number),
      name: 'student card.pdf',
      size: PDF.length,
      type: 'application/pdf',
    });
    const picture = await png(64, 48);
    const image = await upload(w.event.id, w.r, w.photo.id, { body: picture, name: 'team.png', mime: 'image/png' });
    expect(image.statusCode, image.body).toBe(201);
    const imageAnswer = image.json().data;
    expect(imageAnswer).toMatchObject({ name: 'team.png', type: 'image/png' });

    // The details name the files by id; what else is sent with the id is ignored (the stored name counts).
    const body = details(w.r.data as never, { answers: { [w.photo.id]: { ...imageAnswer, name: 'evil.html' } } });
    body.attendees[0]!.answers = { [w.idDoc.id]: { file_id: pdfAnswer.file_id } };
    const saved = await call(ctx.app, 'PUT', orderUrl(w.event.id, w.r.data.short_id, '/details'), {
      headers: buyerHeaders(w.r),
      body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.status).toBe('COMPLETED');
    // The buyer's order page reads the file names.
    expect(saved.json().data.answers.map((a: { answer: unknown }) => a.answer)).toEqual([pdfAnswer, imageAnswer]);

    const orderId = await orderIdOf(w.r.data.short_id);
    const admin = (
      await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${orderId}`, { token: w.u.token })
    ).json().data;
    expect(admin.answers).toMatchObject([
      { question_type: 'FILE', answer: pdfAnswer },
      { question_type: 'FILE', answer: imageAnswer },
    ]);

    const fileUrl = (fileId: number, eventId = w.event.id, id = orderId) =>
      `/api/events/${eventId}/orders/${id}/files/${fileId}`;
    const got = await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id), { token: w.u.token });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="student card.pdf"; filename*=UTF-8''student%20card.pdf`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    const gotImage = await call(ctx.app, 'GET', fileUrl(imageAnswer.file_id), { token: w.u.token });
    expect(gotImage.headers['content-type']).toBe('image/png');
    expect(await sharp(gotImage.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });

    // A read-only API key may download (a GET).
    const key = await call(ctx.app, 'POST', '/api/api-keys', {
      token: w.u.token,
      body: { name: 'Reader', access: 'READ' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id), { token: key.json().data.secret });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.rawPayload.equals(PDF)).toBe(true);

    // Another account finds nothing, through A's event or through its own; nor does a file of another order.
    const other = await registerUser(ctx.app);
    const stranger = await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id), { token: other.token });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    const theirs = await liveEvent(ctx.app, [free]);
    expect(
      (await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id, theirs.event.id), { token: theirs.u.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id, w.event.id, orderId + 1000), { token: w.u.token }))
        .statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id + 1000), { token: w.u.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', fileUrl(pdfAnswer.file_id))).statusCode).toBe(401);

    // Exports name the file.
    const csv = (
      await call(ctx.app, 'GET', `/api/events/${w.event.id}/attendees/export?format=csv`, { token: w.u.token })
    ).body;
    expect(csv).toContain('Student card');
    expect(csv).toContain('student card.pdf');
    const orderCsv = (
      await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/export?format=csv`, { token: w.u.token })
    ).body;
    expect(orderCsv).toContain('team.png');

    // The organizer's edit of the order answers keeps a file sent back as it is, and drops one taken out.
    const edit = (answers: Record<string, unknown>) =>
      call(ctx.app, 'PUT', `/api/events/${w.event.id}/orders/${orderId}/buyer`, {
        token: w.u.token,
        body: { first_name: 'Grace', last_name: 'Buyer', email: 'grace@example.test', answers },
      });
    expect((await edit({ [w.photo.id]: imageAnswer })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', fileUrl(imageAnswer.file_id), { token: w.u.token })).statusCode).toBe(200);
    const [imageRow] = (await rowsOf(w.r.data.short_id)).filter((f) => f.id === imageAnswer.file_id);
    expect((await edit({})).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', fileUrl(imageAnswer.file_id), { token: w.u.token })).statusCode).toBe(404);
    // Its bytes went after commit, or wait in the queue for the worker's sweep.
    await sweepStoredFileDeletions({ db: ctx.app.deps.database.db, storage: ctx.app.deps.storage });
    expect(existsSync(onDisk(imageRow!.storage_key))).toBe(false);
  });

  it('keeps every file private: the public /uploads route cannot serve it, however the key is spelt', async () => {
    const w = await world();
    const res = await upload(w.event.id, w.r, w.photo.id, { body: PDF, name: 'secret.pdf' });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf(w.r.data.short_id);
    expect(row!.storage_key).toMatch(/^private\/answer-files\//);
    expect(readFileSync(onDisk(row!.storage_key)).equals(PDF)).toBe(true);
    const rest = row!.storage_key.slice('private/'.length);
    for (const url of [
      `/uploads/${row!.storage_key}`,
      `/uploads/%70rivate/${rest}`,
      `/uploads/Private/${rest}`,
      `/uploads//private/${rest}`,
      `/uploads/x/../private/${rest}`,
      `/uploads/private/${rest.split('/').slice(0, -1).join('/')}/`,
    ]) {
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(`${url} → ${served.statusCode}`).not.toMatch(/→ 2\d\d$/);
      expect(served.rawPayload.includes(PDF)).toBe(false);
    }
  });

  it('refuses a wrong or missing order secret (404), a stranger checkout, and uploads nothing for them', async () => {
    const w = await world();
    const file = { body: PDF, name: 'card.pdf' };
    const notFound = (await call(ctx.app, 'GET', orderUrl(w.event.id, 'no-such-order'))).json();
    for (const headers of [
      { 'x-checkout-token': w.r.checkout_token } as Record<string, string>,
      { 'x-checkout-token': w.r.checkout_token, 'x-order-secret': `${w.r.order_secret.slice(0, -2)}xx` },
    ]) {
      const res = await upload(w.event.id, w.r, w.photo.id, file, { headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    // The secret without the checkout's browser token (someone the link was passed to) cannot either.
    const stranger = await upload(w.event.id, w.r, w.photo.id, file, {
      headers: { 'x-order-secret': w.r.order_secret },
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    // Not a FILE question, or an attendee question without its attendee: refused on the field.
    const wrongSlot = await upload(w.event.id, w.r, w.idDoc.id, file);
    expect(wrongSlot.statusCode).toBe(422);
    expect(wrongSlot.json().error.field_errors).toEqual({ [`answers.${w.idDoc.id}`]: ['This value is not valid.'] });
    expect(await rowsOf(w.r.data.short_id)).toEqual([]);
  });

  it('judges a file by its bytes: over 5 MB 413, an .exe named .pdf, HTML named .png and a pixel bomb 422', async () => {
    const w = await world();
    const before = privateFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(5 * MB)]);
    const tooBig = await upload(w.event.id, w.r, w.photo.id, { body: big, name: 'big.pdf' }, { locale: 'de' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooBig.json().error.field_errors).toEqual({
      [`answers.${w.photo.id}`]: ['Die Datei darf höchstens 5 MB groß sein.'],
    });

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    // A small PNG whose header (with a correct checksum) claims 100000 × 100000 pixels.
    const liar = Buffer.from(await png());
    liar.writeUInt32BE(100_000, 16);
    liar.writeUInt32BE(100_000, 20);
    liar.writeUInt32BE(crc32(liar.subarray(12, 29)), 29);
    const cut = (await png(400, 300)).subarray(0, 120);
    for (const [body, name, mime, message] of [
      [exe, 'invoice.pdf', 'application/pdf', 'Upload a PDF, JPEG, PNG or WebP file.'],
      [html, 'photo.png', 'image/png', 'Upload a PDF, JPEG, PNG or WebP file.'],
      [cut, 'photo.png', 'image/png', 'Upload a PDF, JPEG, PNG or WebP file.'],
      [liar, 'photo.png', 'image/png', 'The image must have at most 40 megapixels.'],
    ] as const) {
      const res = await upload(w.event.id, w.r, w.photo.id, { body, name, mime });
      expect(`${name}: ${res.statusCode}`).toBe(`${name}: 422`);
      expect(res.json().error.field_errors).toEqual({ [`answers.${w.photo.id}`]: [message] });
    }
    // Nothing was kept: no row, and not a byte on disk.
    expect(await rowsOf(w.r.data.short_id)).toEqual([]);
    expect(privateFiles()).toEqual(before);
  });

  it('answers 503 STORAGE_UNAVAILABLE when storage refuses, and keeps nothing', async () => {
    const w = await world();
    refuse = true;
    try {
      const res = await upload(w.event.id, w.r, w.photo.id, { body: PDF, name: 'card.pdf' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('STORAGE_UNAVAILABLE');
    } finally {
      refuse = false;
    }
    expect(await rowsOf(w.r.data.short_id)).toEqual([]);
  });

  it('strips the metadata of pictures: a PNG and a JPEG with EXIF are kept without it', async () => {
    const w = await world();
    const exif = { IFD0: { Artist: 'Private Person', Copyright: 'Home address' } };
    const withExif = [
      await sharp({ create: { width: 50, height: 40, channels: 3, background: '#0ea5e9' } })
        .png()
        .withExif(exif)
        .toBuffer(),
      await sharp({ create: { width: 50, height: 40, channels: 3, background: '#0ea5e9' } })
        .jpeg()
        .withExif(exif)
        .toBuffer(),
    ];
    for (const [i, body] of withExif.entries()) {
      expect((await sharp(body).metadata()).exif).toBeDefined();
      const mime = i === 0 ? 'image/png' : 'image/jpeg';
      const res = await upload(w.event.id, w.r, w.photo.id, { body, name: `IMG_000${i}`, mime });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.name).toBe(i === 0 ? 'IMG_0000.png' : 'IMG_0001.jpg');
      const [row] = (await rowsOf(w.r.data.short_id)).filter((f) => f.id === res.json().data.file_id);
      const kept = readFileSync(onDisk(row!.storage_key));
      const meta = await sharp(kept).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, width: meta.width }).toEqual({
        exif: undefined,
        xmp: undefined,
        width: 50,
      });
      expect(kept.toString('latin1')).not.toContain('Private Person');
      expect(res.json().data.size).toBe(kept.length);
    }
    // The second upload for the same answer replaced the first, which no saved answer named.
    expect(await rowsOf(w.r.data.short_id)).toHaveLength(1);
  });
});

describe('answers naming files', () => {
  it('refuses a required FILE question without a file, and a file of another order, at the details step', async () => {
    const w = await world();
    const put = (answer: unknown) => {
      const body = details(w.r.data as never);
      body.attendees[0]!.answers = answer === undefined ? {} : { [w.idDoc.id]: answer };
      return call(ctx.app, 'PUT', orderUrl(w.event.id, w.r.data.short_id, '/details'), {
        headers: buyerHeaders(w.r),
        body,
      });
    };
    const missing = await put(undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.field_errors).toEqual({
      [`attendees.0.answers.${w.idDoc.id}`]: ['This field is required.'],
    });
    // A file uploaded for another order (or another question) is no answer here.
    const elsewhere = await world();
    const theirs = (
      await upload(
        elsewhere.event.id,
        elsewhere.r,
        elsewhere.idDoc.id,
        { body: PDF, name: 'x.pdf' },
        {
          attendee: elsewhere.attendee,
        },
      )
    ).json().data;
    expect((await put({ file_id: theirs.file_id })).statusCode).toBe(422);
    const orderFile = (await upload(w.event.id, w.r, w.photo.id, { body: PDF, name: 'x.pdf' })).json().data;
    expect((await put({ file_id: orderFile.file_id })).json().error.field_errors).toEqual({
      [`attendees.0.answers.${w.idDoc.id}`]: ['This field is required.'],
    });
    // A text where a file belongs, and a file where a text belongs, are the wrong type.
    expect((await put('my card')).statusCode).toBe(422);
    expect((await put({ file_id: orderFile.file_id, line1: 'x' })).statusCode).toBe(422);
  });

  it('a replaced answer deletes its old file; the files of a reservation that never completes are swept', async () => {
    const w = await world(paid);
    const send = async (fileId: number) => {
      const body = details(w.r.data as never, { email: 'payer@example.test' });
      body.attendees[0]!.answers = { [w.idDoc.id]: { file_id: fileId } };
      return call(ctx.app, 'PUT', orderUrl(w.event.id, w.r.data.short_id, '/details'), {
        headers: buyerHeaders(w.r),
        body,
      });
    };
    const first = (
      await upload(w.event.id, w.r, w.idDoc.id, { body: PDF, name: 'a.pdf' }, { attendee: w.attendee })
    ).json().data;
    expect((await send(first.file_id)).json().data.status).toBe('RESERVED');
    // Back from the payment step, the buyer chooses another file: the saved one stays until the new one is saved.
    const second = (
      await upload(w.event.id, w.r, w.idDoc.id, { body: PDF, name: 'b.pdf' }, { attendee: w.attendee })
    ).json().data;
    const firstKey = (await rowsOf(w.r.data.short_id)).find((f) => f.id === first.file_id)!.storage_key;
    expect((await rowsOf(w.r.data.short_id)).map((f) => f.name).sort()).toEqual(['a.pdf', 'b.pdf']);
    expect((await send(second.file_id)).statusCode).toBe(200);
    expect((await rowsOf(w.r.data.short_id)).map((f) => f.name)).toEqual(['b.pdf']);
    const queued = await ctx.app.deps.database.db
      .select()
      .from(storedFileDeletions)
      .where(eq(storedFileDeletions.key, firstKey));
    expect(queued).toHaveLength(1);
    await sweepStoredFileDeletions({ db: ctx.app.deps.database.db, storage: ctx.app.deps.storage });
    expect(existsSync(onDisk(firstKey))).toBe(false);

    // Another checkout given up at the same time, with a pending upload no answer names.
    const open = await world(paid);
    await upload(open.event.id, open.r, open.photo.id, { body: PDF, name: 'open.pdf' });
    const secondKey = (await rowsOf(w.r.data.short_id))[0]!.storage_key;
    const deps = { db: ctx.app.deps.database.db, clock, storage: ctx.app.deps.storage };
    // The hold ran out a while ago, but its buyer may still come back: kept for a day.
    clock.advance(2 * 60 * 60 * 1000);
    await sweepAbandonedAnswerFiles(deps);
    expect(await rowsOf(w.r.data.short_id)).toHaveLength(1);
    // A day later the checkout is given up: its files and the answers naming them go.
    clock.advance(24 * 60 * 60 * 1000);
    const swept = await sweepAbandonedAnswerFiles(deps);
    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(w.r.data.short_id)).toEqual([]);
    expect(await rowsOf(open.r.data.short_id)).toEqual([]);
    expect(existsSync(onDisk(secondKey))).toBe(false);
    const view = await call(ctx.app, 'GET', orderUrl(w.event.id, w.r.data.short_id), { headers: buyerHeaders(w.r) });
    expect(view.json().data.answers).toEqual([]);
  });
});
