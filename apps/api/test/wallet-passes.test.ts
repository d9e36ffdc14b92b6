import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { orders, walletPasses, walletRegistrations } from '../src/db/schema/index.js';
import { pushWalletChanges } from '../src/modules/wallet/wallet-push.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { trustLocalTls } from './mollie-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';
import { appleWalletCertificates, googleServiceAccount, PASS_TYPE_ID, TEAM_ID, walletEnv } from './wallet-fixtures.js';
import { startApnsServer, startGoogleWalletServer } from './wallet-servers.js';

/**
 * Wallet passes (issue 45): "Add to Apple Wallet" gives a .pkpass signed with the operator's certificate that a pass
 * validator accepts; devices register through the PassKit web service and are pushed (APNs, HTTP/2) when the ticket
 * changes; a ticket passed on voids its pass and the new holder gets their own; "Save to Google Wallet" is a JWT signed
 * with the service account that decodes to a valid event ticket object, updated or expired on the same changes.
 */
const clock = new TestClock(new Date('2027-05-01T10:00:00Z'));
const apple = appleWalletCertificates();
const dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-wallet-'));
let restoreTls: () => void;
let apns: Awaited<ReturnType<typeof startApnsServer>>;
let google: Awaited<ReturnType<typeof startGoogleWalletServer>>;
let account: ReturnType<typeof googleServiceAccount>;
let ctx: TestContext;

beforeAll(async () => {
  restoreTls = trustLocalTls();
  apns = await startApnsServer();
  // The token endpoint's address is in the key, as in a real one: a server first, then the key naming it.
  const holder = { url: '' };
  account = googleServiceAccount('http://placeholder/token');
  google = await startGoogleWalletServer(account.publicKey, account.clientEmail);
  holder.url = google.tokenUrl;
  account = { ...account, json: JSON.stringify({ ...JSON.parse(account.json), token_uri: google.tokenUrl }) };
  ctx = await createTestApp({
    clock,
    env: walletEnv(apple, apns.url, { json: account.json, apiUrl: google.apiUrl }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await apns?.close();
  await google?.close();
  restoreTls?.();
  rmSync(dir, { recursive: true, force: true });
});

const secretHeader = (secret: string) => ({ [ORDER_SECRET_HEADER]: secret });

/** A seated-free event with transfers allowed and a completed order of two free tickets. */
async function order() {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 50 }], {
    title: 'Summer Gala',
  });
  await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
    token: u.token,
    body: {
      location: { venue_name: 'Tempodrom', city: 'Berlin', country: 'DE', latitude: 52.501389, longitude: 13.381111 },
    },
  });
  await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: { ticket_transfers: 'ALLOWED' },
  });
  const res = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] });
  const answer = res.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${answer.data.short_id}/details`, {
    body: details(answer.data),
    headers: buyerHeaders(answer),
  });
  expect(done.statusCode).toBe(200);
  return { u, event, order: done.json<{ data: PublicOrderDto }>().data, secret: answer.order_secret };
}

const ticketPath = (eventId: number, code: string) => `/api/public/events/${eventId}/attendees/${code}`;

/** The .pkpass as a pass validator reads it: every file hashed in the manifest, the manifest's signature valid. */
async function validatePass(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files);
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as Record<string, string>;
  for (const name of names.filter((n) => !['manifest.json', 'signature'].includes(n))) {
    const bytes = await zip.file(name)!.async('nodebuffer');
    expect(manifest[name], name).toBe(createHash('sha1').update(bytes).digest('hex'));
  }
  expect(names).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'manifest.json', 'signature']));
  // The signature: PKCS #7 detached over manifest.json, by the pass certificate, chained to the WWDR certificate.
  const work = mkdtempSync(path.join(dir, 'pass-'));
  writeFileSync(path.join(work, 'manifest.json'), await zip.file('manifest.json')!.async('nodebuffer'));
  writeFileSync(path.join(work, 'signature'), await zip.file('signature')!.async('nodebuffer'));
  writeFileSync(path.join(work, 'wwdr.pem'), apple.wwdr);
  execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      'wwdr.pem',
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: work, stdio: 'pipe' },
  );
  return JSON.parse(await zip.file('pass.json')!.async('string')) as Record<string, any>;
}

const passkit = (p: string) => `/api/public/wallet/apple/v1${p}`;
const applePassAuth = (token: string) => ({ authorization: `ApplePass ${token}` });

describe('Apple Wallet', () => {
  it('gives a valid ticket a signed pass with the event, date, venue, holder and the door QR code; devices register, are pushed when it is passed on, and get it voided; the new holder gets their own', async () => {
    const { event, order: o, secret } = await order();
    const first = o.attendees[0]!;
    const page = (await call(ctx.app, 'GET', ticketPath(event.id, first.short_id))).json().data;
    expect(page.wallet).toEqual({ apple: true, google: true });
    // The attendee's ticket mail has both buttons.
    const mail = await ctx.smtp.waitFor(first.email!);
    expect(mail.html).toContain(`http://admitone.test${ticketPath(event.id, first.short_id)}/wallet.pkpass`);
    expect(mail.html).toContain('Add to Apple Wallet');
    expect(mail.text).toContain(
      `Save to Google Wallet: http://admitone.test${ticketPath(event.id, first.short_id)}/google-wallet`,
    );

    const res = await call(ctx.app, 'GET', `${ticketPath(event.id, first.short_id)}/wallet.pkpass`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const pass = await validatePass(res.rawPayload);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: TEAM_ID,
      description: 'Summer Gala',
      webServiceURL: 'http://admitone.test/api/public/wallet/apple',
      voided: false,
    });
    expect(pass.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatQR', message: page.qr_code, altText: first.short_id }),
    ]);
    const fields = [
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
      ...pass.eventTicket.backFields,
    ];
    const value = (key: string) => fields.find((f: { key: string }) => f.key === key)?.value;
    expect(value('event')).toBe('Summer Gala');
    expect(value('date')).toContain('2027');
    expect(value('holder')).toBe(`${first.first_name} ${first.last_name}`);
    expect(value('venue')).toContain('Tempodrom');
    // The venue's position: the phone shows the pass near it.
    expect(pass.locations).toEqual([{ latitude: 52.501389, longitude: 13.381111, relevantText: 'Summer Gala' }]);
    expect(pass.semantics.venueLocation).toEqual({ latitude: 52.501389, longitude: 13.381111 });
    expect(value('order')).toBe(o.order_number);
    const serial = pass.serialNumber as string;
    const token = pass.authenticationToken as string;
    expect(token.length).toBeGreaterThanOrEqual(16);
    // The same ticket asked again: the same pass (one serial per ticket code).
    const again = await validatePass(
      (await call(ctx.app, 'GET', `${ticketPath(event.id, first.short_id)}/wallet.pkpass`)).rawPayload,
    );
    expect(again.serialNumber).toBe(serial);

    // A device registers: wrong token 401, unknown pass type 404, new 201, again 200.
    const reg = passkit(`/devices/iphone-1/registrations/${PASS_TYPE_ID}/${serial}`);
    expect(
      (
        await call(ctx.app, 'POST', reg, {
          headers: applePassAuth('wrong-token-wrong-token'),
          body: { pushToken: 'tok-1' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'POST', passkit(`/devices/iphone-1/registrations/pass.other/${serial}`), {
          headers: applePassAuth(token),
          body: { pushToken: 'tok-1' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'POST', reg, { headers: applePassAuth(token), body: { pushToken: 'tok-1' } })).statusCode,
    ).toBe(201);
    expect(
      (await call(ctx.app, 'POST', reg, { headers: applePassAuth(token), body: { pushToken: 'tok-1' } })).statusCode,
    ).toBe(200);
    const list = await call(ctx.app, 'GET', passkit(`/devices/iphone-1/registrations/${PASS_TYPE_ID}`));
    expect(list.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = list.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers).toEqual([serial]);
    expect(
      (
        await call(
          ctx.app,
          'GET',
          passkit(`/devices/iphone-1/registrations/${PASS_TYPE_ID}?passesUpdatedSince=${lastUpdated}`),
        )
      ).statusCode,
    ).toBe(204);
    // The latest pass: 304 while unchanged.
    const latest = passkit(`/passes/${PASS_TYPE_ID}/${serial}`);
    const lastModified = (await call(ctx.app, 'GET', latest, { headers: applePassAuth(token) })).headers[
      'last-modified'
    ] as string;
    expect(
      (await call(ctx.app, 'GET', latest, { headers: { ...applePassAuth(token), 'if-modified-since': lastModified } }))
        .statusCode,
    ).toBe(304);
    expect((await call(ctx.app, 'GET', latest, { headers: applePassAuth('nope-nope-nope-nope') })).statusCode).toBe(
      401,
    );
    // Nothing changed: nothing is pushed.
    expect(await tell()).toBe(0);

    // The buyer passes the ticket on.
    clock.advance(60_000);
    const moved = await call(
      ctx.app,
      'POST',
      `/api/public/events/${event.id}/order/${o.short_id}/attendees/${first.short_id}/transfer`,
      {
        headers: secretHeader(secret),
        body: { first_name: 'Hedy', last_name: 'Lamarr', email: 'hedy@example.test' },
      },
    );
    expect(moved.statusCode).toBe(200);
    const newCode = moved.json<{ data: PublicOrderDto }>().data.attendees[0]!.short_id;
    // The device is pushed once, with the pass type as topic and the pass certificate as the client's.
    expect(await tell()).toBe(1);
    expect(apns.pushes).toEqual([
      { token: 'tok-1', topic: PASS_TYPE_ID, body: '{}', clientCert: `Pass Type ID: ${PASS_TYPE_ID}` },
    ]);
    expect(await tell()).toBe(0);
    // It asks what changed, and gets the pass again: void, with neither the code nor the new holder.
    const changed = await call(
      ctx.app,
      'GET',
      passkit(`/devices/iphone-1/registrations/${PASS_TYPE_ID}?passesUpdatedSince=${lastUpdated}`),
    );
    expect(changed.json().serialNumbers).toEqual([serial]);
    const stale = await call(ctx.app, 'GET', latest, {
      headers: { ...applePassAuth(token), 'if-modified-since': lastModified },
    });
    expect(stale.statusCode).toBe(200);
    const voided = await validatePass(stale.rawPayload);
    expect(voided.voided).toBe(true);
    expect(voided.barcodes ?? []).toEqual([]);
    expect(JSON.stringify(voided)).not.toContain('Hedy');
    expect(JSON.stringify(voided)).not.toContain(newCode);
    // The old code makes no new pass; the new holder's ticket makes its own.
    expect((await call(ctx.app, 'GET', `${ticketPath(event.id, first.short_id)}/wallet.pkpass`)).statusCode).toBe(410);
    const theirs = await validatePass(
      (await call(ctx.app, 'GET', `${ticketPath(event.id, newCode)}/wallet.pkpass`)).rawPayload,
    );
    expect(theirs.serialNumber).not.toBe(serial);
    expect(theirs.voided).toBe(false);
    expect(theirs.barcodes[0].altText).toBe(newCode);
    expect(JSON.stringify(theirs.eventTicket)).toContain('Hedy Lamarr');

    // The device lets go of the pass.
    expect((await call(ctx.app, 'DELETE', reg, { headers: applePassAuth(token) })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', passkit(`/devices/iphone-1/registrations/${PASS_TYPE_ID}`))).statusCode).toBe(
      204,
    );
  });

  it('voids the pass of a cancelled ticket, forgets devices APNs says are gone, and tries a failed push again later', async () => {
    const { u, event, order: o } = await order();
    const [a, b] = o.attendees;
    const serials: Record<string, { serial: string; token: string }> = {};
    for (const t of [a!, b!]) {
      const pass = await validatePass(
        (await call(ctx.app, 'GET', `${ticketPath(event.id, t.short_id)}/wallet.pkpass`)).rawPayload,
      );
      serials[t.short_id] = { serial: pass.serialNumber, token: pass.authenticationToken };
    }
    const register = (code: string, device: string, pushToken: string) =>
      call(ctx.app, 'POST', passkit(`/devices/${device}/registrations/${PASS_TYPE_ID}/${serials[code]!.serial}`), {
        headers: applePassAuth(serials[code]!.token),
        body: { pushToken },
      });
    expect((await register(a!.short_id, 'ipad-gone', 'tok-gone')).statusCode).toBe(201);
    expect((await register(a!.short_id, 'iphone-ok', 'tok-ok')).statusCode).toBe(201);
    expect((await register(b!.short_id, 'iphone-flaky', 'tok-flaky')).statusCode).toBe(201);
    apns.gone.add('tok-gone');
    apns.failing.add('tok-flaky');
    apns.pushes.length = 0;

    // The organizer cancels the whole order: both passes change.
    clock.advance(60_000);
    const orderId = await orderIdOf(o.short_id);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/cancel`, { token: u.token, body: {} }))
        .statusCode,
    ).toBe(200);
    expect(await tell()).toBe(2);
    expect(apns.pushes.map((p) => p.token).sort()).toEqual(['tok-flaky', 'tok-gone', 'tok-ok']);
    const regs = await ctx.app.deps.database.db.select().from(walletRegistrations);
    expect(regs.map((r) => r.device_id)).not.toContain('ipad-gone');
    // The failed one waits (a minute), then is tried again.
    expect(await tell()).toBe(0);
    const [flaky] = await ctx.app.deps.database.db
      .select()
      .from(walletPasses)
      .where(eq(walletPasses.serial, serials[b!.short_id]!.serial));
    expect(flaky).toMatchObject({ push_failures: 1, pushed_at: null });
    apns.failing.clear();
    clock.advance(61_000);
    expect(await tell()).toBe(1);
    expect(apns.pushes.at(-1)!.token).toBe('tok-flaky');
    const [told] = await ctx.app.deps.database.db
      .select()
      .from(walletPasses)
      .where(eq(walletPasses.serial, serials[b!.short_id]!.serial));
    expect(told).toMatchObject({ push_failures: 0, retry_at: null });

    const voided = await validatePass(
      (
        await call(ctx.app, 'GET', passkit(`/passes/${PASS_TYPE_ID}/${serials[a!.short_id]!.serial}`), {
          headers: applePassAuth(serials[a!.short_id]!.token),
        })
      ).rawPayload,
    );
    expect(voided.voided).toBe(true);
    // A cancelled ticket gets no new pass.
    expect((await call(ctx.app, 'GET', `${ticketPath(event.id, a!.short_id)}/wallet.pkpass`)).statusCode).toBe(404);
  });

  it('updates every pass of an event whose name changes, once, however many workers look at once', async () => {
    const { u, event, order: o } = await order();
    for (const t of o.attendees) {
      const pass = await validatePass(
        (await call(ctx.app, 'GET', `${ticketPath(event.id, t.short_id)}/wallet.pkpass`)).rawPayload,
      );
      await call(
        ctx.app,
        'POST',
        passkit(`/devices/dev-${t.short_id}/registrations/${PASS_TYPE_ID}/${pass.serialNumber}`),
        {
          headers: applePassAuth(pass.authenticationToken),
          body: { pushToken: `tok-${t.short_id}` },
        },
      );
    }
    apns.pushes.length = 0;
    clock.advance(60_000);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { title: 'Winter Gala' } }))
        .statusCode,
    ).toBe(200);
    const told = await Promise.all([tell(), tell(), tell()]);
    expect(told.reduce((s, n) => s + n, 0)).toBe(2);
    expect(apns.pushes.map((p) => p.token).sort()).toEqual(o.attendees.map((t) => `tok-${t.short_id}`).sort());
    const renamed = await validatePass(
      (await call(ctx.app, 'GET', `${ticketPath(event.id, o.attendees[0]!.short_id)}/wallet.pkpass`)).rawPayload,
    );
    expect(renamed.description).toBe('Winter Gala');
  });
});

/** Google's event ticket object as its REST reference requires it (the fields this app writes). */
const localized = z.object({ defaultValue: z.object({ language: z.string().min(2), value: z.string().min(1) }) });
const googleObject = z.object({
  id: z.string().regex(/^\d+\.[\w.-]+$/),
  classId: z.string().regex(/^\d+\.[\w.-]+$/),
  state: z.enum(['ACTIVE', 'EXPIRED', 'INACTIVE', 'COMPLETED']),
  barcode: z.object({ type: z.literal('QR_CODE'), value: z.string().min(1), alternateText: z.string() }).optional(),
  ticketHolderName: z.string().optional(),
  ticketNumber: z.string().optional(),
  ticketType: localized.optional(),
  validTimeInterval: z.object({
    start: z.object({ date: z.iso.datetime() }),
    end: z.object({ date: z.iso.datetime() }),
  }),
});
const googleClass = z.object({
  id: z.string().regex(/^\d+\.[\w.-]+$/),
  issuerName: z.string().min(1),
  reviewStatus: z.enum(['UNDER_REVIEW', 'APPROVED', 'DRAFT']),
  eventName: localized,
  venue: z.object({ name: localized, address: localized }).optional(),
  dateTime: z.object({ start: z.iso.datetime(), end: z.iso.datetime().optional() }),
  logo: z.object({ sourceUri: z.object({ uri: z.url() }), contentDescription: localized }).optional(),
});

/** An image uploaded for the organizer (`owner: organizers`) or the event, as the organizer's screen sends it. */
async function uploadImage(token: string, path: string, type: string, width: number, height: number) {
  const form = new FormData();
  form.append('type', type);
  const body = await sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'logo.png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/${path}/images`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

describe('Google Wallet', () => {
  it('shows the organizer’s logo: a 660-pixel square PNG with the logo inside its safe circle, at an address Google can fetch', async () => {
    const { u, event, order: o } = await order();
    const logoId = await uploadImage(u.token, `organizers/${event.organizer.id}`, 'ORGANIZER_LOGO', 800, 200);
    const coverId = await uploadImage(u.token, `events/${event.id}`, 'EVENT_COVER', 1200, 600);
    const res = await call(ctx.app, 'GET', `${ticketPath(event.id, o.attendees[0]!.short_id)}/google-wallet`);
    const { payload } = await jwtVerify(
      (res.headers.location as string).slice('https://pay.google.com/gp/v/save/'.length),
      await importSPKI(account.publicKey, 'RS256'),
      { issuer: account.clientEmail, audience: 'google' },
    );
    const klass = googleClass.parse((payload.payload as { eventTicketClasses: unknown[] }).eventTicketClasses[0]);
    const uri = `http://admitone.test/api/public/wallet/logos/${logoId}`;
    expect(klass.logo).toEqual({ sourceUri: { uri }, contentDescription: expect.anything() });
    const logo = await call(ctx.app, 'GET', uri.slice('http://admitone.test'.length));
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const image = sharp(logo.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 660, height: 660 });
    // The wide logo fills 70 % of the width, centred; the corners Google's circle cuts off are white.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // (The large copy is a lossy WebP: the logo's blue within a few steps.)
    const blue = (rgb: number[]) => Math.abs(rgb[0]! - 14) + Math.abs(rgb[1]! - 165) + Math.abs(rgb[2]! - 233) < 12;
    expect(blue(at(330, 330))).toBe(true);
    expect(at(20, 20)).toEqual([255, 255, 255]);
    expect(at(330, 60)).toEqual([255, 255, 255]);
    expect(blue(at(110, 330))).toBe(true);
    expect(at(60, 330)).toEqual([255, 255, 255]);
    // Only organizers' logos are served here: not an event's cover, not an image that does not exist.
    expect((await call(ctx.app, 'GET', `/api/public/wallet/logos/${coverId}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/public/wallet/logos/999999999')).statusCode).toBe(404);
  });

  it('sends the browser to Google with a JWT the service account signed that holds a valid class and object, and updates Google when the ticket is cancelled', async () => {
    const { u, event, order: o } = await order();
    const t = o.attendees[0]!;
    const page = (await call(ctx.app, 'GET', ticketPath(event.id, t.short_id))).json().data;
    const res = await call(ctx.app, 'GET', `${ticketPath(event.id, t.short_id)}/google-wallet`);
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(
      location.slice('https://pay.google.com/gp/v/save/'.length),
      await importSPKI(account.publicKey, 'RS256'),
      { issuer: account.clientEmail, audience: 'google' },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://admitone.test']);
    const body = payload.payload as { eventTicketClasses: unknown[]; eventTicketObjects: unknown[] };
    const klass = googleClass.parse(body.eventTicketClasses[0]);
    const object = googleObject.parse(body.eventTicketObjects[0]);
    expect(object.classId).toBe(klass.id);
    expect(object).toMatchObject({
      state: 'ACTIVE',
      ticketHolderName: `${t.first_name} ${t.last_name}`,
      barcode: { value: page.qr_code },
    });
    expect(klass.eventName.defaultValue.value).toBe('Summer Gala');
    // No logo yet: Google shows the organizer's initial.
    expect(klass.logo).toBeUndefined();

    // The holder saved it; the organizer cancels the order: Google is told, the object EXPIRED without its code.
    google.saved.add(object.id);
    google.saved.add(klass.id);
    clock.advance(60_000);
    const orderId = await orderIdOf(o.short_id);
    await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/cancel`, { token: u.token, body: {} });
    google.patches.length = 0;
    expect(await tell()).toBe(1);
    const patched = google.patches.find((p) => p.kind === 'eventTicketObject')!;
    expect(googleObject.parse(patched.body)).toMatchObject({ id: object.id, state: 'EXPIRED' });
    expect(patched.body.barcode).toBeUndefined();
    expect(google.tokensGiven.length).toBe(1);
  });

  it('offers nothing where the operator set no wallet, and refuses half a configuration', async () => {
    const plain = await createTestApp({ clock });
    try {
      const { event, tickets } = await liveEvent(plain.app, [{ name: 'Lawn', type: 'FREE', quantity: 5 }]);
      const res = await reserve(plain.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
      const answer = res.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
      const done = (
        await call(plain.app, 'PUT', `/api/public/events/${event.id}/order/${answer.data.short_id}/details`, {
          body: details(answer.data),
          headers: buyerHeaders(answer),
        })
      ).json<{ data: PublicOrderDto }>().data;
      const code = done.attendees[0]!.short_id;
      expect((await call(plain.app, 'GET', ticketPath(event.id, code))).json().data.wallet).toBeUndefined();
      expect((await call(plain.app, 'GET', `${ticketPath(event.id, code)}/wallet.pkpass`)).statusCode).toBe(404);
      expect((await call(plain.app, 'GET', `${ticketPath(event.id, code)}/google-wallet`)).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ DATABASE_URL: 'pglite://memory', APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE_ID }, dir)).toThrow(
      /APPLE_WALLET_\*/,
    );
    expect(() =>
      loadConfig(
        { DATABASE_URL: 'pglite://memory', GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"x":1}' },
        dir,
      ),
    ).toThrow(/service account/);
    // Keys and certificates are read at the start: a wrong one names its setting instead of failing a buyer's pass.
    const apple = appleWalletCertificates();
    const other = appleWalletCertificates();
    const env = { DATABASE_URL: 'pglite://memory', ...walletEnv(apple, 'https://apns.test') };
    expect(() => loadConfig(env, dir)).not.toThrow();
    expect(() => loadConfig({ ...env, APPLE_WALLET_KEY: other.key }, dir)).toThrow(
      /APPLE_WALLET_KEY: not the private key of APPLE_WALLET_CERT/,
    );
    expect(() => loadConfig({ ...env, APPLE_WALLET_CERT: apple.key }, dir)).toThrow(/APPLE_WALLET_CERT: not a PEM/);
    expect(() => loadConfig({ ...env, APPLE_WALLET_WWDR_CERT: '-----BEGIN CERTIFICATE-----\nx' }, dir)).toThrow(
      /APPLE_WALLET_WWDR_CERT/,
    );
    const broken = JSON.stringify({ client_email: 'w@x.test', private_key: '-----BEGIN PRIVATE KEY-----\nxyz' });
    expect(() =>
      loadConfig(
        { DATABASE_URL: 'pglite://memory', GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: broken },
        dir,
      ),
    ).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT: not a PEM private key/);
  });
});

const orderIdOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

/** One run of the worker's wallet news. */
function tell() {
  return pushWalletChanges({
    db: ctx.app.deps.database.db,
    storage: ctx.app.deps.storage,
    appUrl: 'http://admitone.test',
    wallet: ctx.app.deps.config.wallet,
    now: () => clock.now(),
  });
}
