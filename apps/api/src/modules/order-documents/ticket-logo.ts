import { buffer } from 'node:stream/consumers';

import { IMAGE_RULES } from '@admitone/shared';
import sharp from 'sharp';

import type { FileStorage } from '../../storage/storage.js';
import type { ImageRow } from '../images/images.repository.js';
import type { TicketDocumentData } from './ticket-document-data.js';

/** The logo's size in the ticket PDF, in pixels: printed at most 90 x 36 points (ticket-pdf.ts), about 190 dpi. */
export const TICKET_LOGO_PIXELS = { width: 240, height: 96 };

const LOGO_VARIANTS = IMAGE_RULES.ORGANIZER_LOGO.variants;
const scaleInside = (width: number, height: number, [maxWidth, maxHeight]: readonly [number, number]) =>
  Math.min(1, maxWidth / width, maxHeight / height);

/**
 * The stored copy of a logo the PDF prints: the small one when it has the pixels the PDF needs (a square
 * logo: 128 x 128 for 96 x 96), else the large one (a wide logo is 128 x 32 small, 240 x 60 printed).
 */
export function ticketLogoKey(logo: Pick<ImageRow, 'width' | 'height' | 'variant_keys'>): string {
  const needed = scaleInside(logo.width, logo.height, [TICKET_LOGO_PIXELS.width, TICKET_LOGO_PIXELS.height]);
  return scaleInside(logo.width, logo.height, LOGO_VARIANTS.small) >= needed
    ? logo.variant_keys.small
    : logo.variant_keys.large;
}

/**
 * A stored logo as a PNG (pdfkit embeds no WebP) within TICKET_LOGO_PIXELS, on white: the PDF prints it
 * on a white tile anyway, and without an alpha channel pdfkit copies the PNG's data as it is instead of
 * decoding every pixel into a soft mask. Null when the file is gone (the logo was replaced after the mail
 * was written) or is no image: the ticket then shows the name alone.
 */
export async function ticketLogoPng(storage: Pick<FileStorage, 'get'>, key: string): Promise<Buffer | null> {
  try {
    const file = await storage.get(key);
    if (!file) return null;
    return await sharp(await buffer(file.body), {
      limitInputPixels: LOGO_VARIANTS.large[0] * LOGO_VARIANTS.large[1],
      failOn: 'error',
    })
      .resize(TICKET_LOGO_PIXELS.width, TICKET_LOGO_PIXELS.height, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The ticket documents in a mail's data: an attendee's ticket (attendee_ticket), a buyer's order's (order_confirmation,
 * payment_received).
 */
type TicketMailData = { ticket?: TicketDocumentData; order_tickets?: { tickets: TicketDocumentData[] } | null };

/**
 * A mail's data with the logo its ticket PDFs print read in (`organizer_logo_png`), each file once; other
 * mails' data as it is. Read just before rendering, on the thread that sends (render threads have no
 * storage), rather than when the outbox row is written: that happens inside the order's transaction,
 * and the row would carry the bytes once per ticket.
 */
export async function withTicketLogos<D extends object>(storage: Pick<FileStorage, 'get'>, data: D): Promise<D> {
  const d = data as TicketMailData;
  const tickets = [...(d.ticket ? [d.ticket] : []), ...(d.order_tickets?.tickets ?? [])];
  const keys = new Set(tickets.flatMap((t) => t.event.organizer_logo_key ?? []));
  if (!keys.size) return data;
  const pngs = new Map(
    await Promise.all([...keys].map(async (key) => [key, await ticketLogoPng(storage, key)] as const)),
  );
  const withLogo = (t: TicketDocumentData): TicketDocumentData => ({
    ...t,
    organizer_logo_png: pngs.get(t.event.organizer_logo_key ?? '') ?? null,
  });
  return {
    ...data,
    ...(d.ticket && { ticket: withLogo(d.ticket) }),
    ...(d.order_tickets && { order_tickets: { ...d.order_tickets, tickets: d.order_tickets.tickets.map(withLogo) } }),
  };
}
