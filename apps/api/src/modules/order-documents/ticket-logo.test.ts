import { Readable } from 'node:stream';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import type { FileStorage } from '../../storage/storage.js';
import { sampleTicket } from './ticket-document-fixture.js';
import { ticketLogoKey, ticketLogoPng, withTicketLogos } from './ticket-logo.js';

/** A storage holding `files`, counting reads. */
function storageOf(files: Record<string, Buffer>): Pick<FileStorage, 'get'> & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async get(key) {
      reads.push(key);
      const bytes = files[key];
      return bytes ? { body: Readable.from([bytes]), contentType: null, length: bytes.length } : null;
    },
  };
}

const variant_keys = { large: 'logo-large.webp', small: 'logo-small.webp' };

describe('the logo on a ticket PDF', () => {
  it('is printed from the small copy when that has the pixels, else from the large one', () => {
    expect(ticketLogoKey({ width: 400, height: 400, variant_keys })).toBe('logo-small.webp');
    expect(ticketLogoKey({ width: 100, height: 100, variant_keys })).toBe('logo-small.webp');
    expect(ticketLogoKey({ width: 1000, height: 250, variant_keys })).toBe('logo-large.webp');
    expect(ticketLogoKey({ width: 300, height: 1200, variant_keys })).toBe('logo-small.webp');
  });

  it('is read as a PNG of at most 240 x 96 pixels, on white; a missing or broken file gives none', async () => {
    const webp = await sharp({
      create: { width: 512, height: 128, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp()
      .toBuffer();
    const storage = storageOf({ 'logo-large.webp': webp, 'broken.webp': webp.subarray(0, 40) });
    const png = await ticketLogoPng(storage, 'logo-large.webp');
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 240, 60, false]);
    // Transparent becomes white, as on the tile it is printed on.
    expect((await sharp(png!).raw().toBuffer()).subarray(0, 3)).toEqual(Buffer.from([255, 255, 255]));
    expect(await ticketLogoPng(storage, 'gone.webp')).toBeNull();
    expect(await ticketLogoPng(storage, 'broken.webp')).toBeNull();
    expect(await ticketLogoPng({ get: () => Promise.reject(new Error('bucket away')) }, 'logo-large.webp')).toBeNull();
  });

  it("joins a mail's tickets just before rendering, each file read once; other mails and rows without a key stay as they are", async () => {
    const webp = await sharp({ create: { width: 128, height: 128, channels: 3, background: '#16a34a' } })
      .webp()
      .toBuffer();
    const storage = storageOf({ 'logo-small.webp': webp });
    const ticket = sampleTicket({ event: { organizer_logo_key: 'logo-small.webp' } });
    const order = await withTicketLogos(storage, {
      buyer_name: 'Zoé',
      order_tickets: { tickets: [ticket, ticket], print_url: 'https://t.test/p' },
    });
    expect(order.order_tickets.tickets.map((t) => t.organizer_logo_png?.subarray(1, 4).toString())).toEqual([
      'PNG',
      'PNG',
    ]);
    expect(order.order_tickets.print_url).toBe('https://t.test/p');
    expect(storage.reads).toEqual(['logo-small.webp']);
    const attendee = await withTicketLogos(storage, { ticket, event_slug: 'x' });
    expect(attendee.ticket.organizer_logo_png).toBeInstanceOf(Buffer);
    // The stored data is not changed: the row keeps the key, never the bytes.
    expect(ticket.organizer_logo_png).toBeUndefined();

    const old = { ticket: sampleTicket(), event_slug: 'x' };
    expect(await withTicketLogos(storage, old)).toBe(old);
    const reset = { reset_url: 'https://t.test/r' };
    expect(await withTicketLogos(storage, reset)).toBe(reset);
    expect(storage.reads).toHaveLength(2);
  });
});
