import { type Locale, type OrderDateDto } from '@admitone/shared';
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';

import type { AppleWalletConfig } from '../../config.js';
import { translate } from '../../i18n/i18n.js';
import type { FileStorage } from '../../storage/storage.js';
import { formatAddress, formatTicketDate, seatText, ticketLabel } from '../order-documents/format.js';
import { ticketLogoPng } from '../order-documents/ticket-logo.js';
import type { WalletTicket } from './wallet-ticket.js';

const M = {
  event: /*i18n*/ { id: 'wallet.event', message: 'Event' },
  date: /*i18n*/ { id: 'wallet.date', message: 'Date' },
  holder: /*i18n*/ { id: 'wallet.holder', message: 'Attendee' },
  ticket: /*i18n*/ { id: 'wallet.ticket', message: 'Ticket' },
  seat: /*i18n*/ { id: 'wallet.seat', message: 'Seat' },
  venue: /*i18n*/ { id: 'wallet.venue', message: 'Venue' },
  online: /*i18n*/ { id: 'wallet.online', message: 'Online event' },
  dates: /*i18n*/ { id: 'wallet.dates', message: 'Valid on' },
  order: /*i18n*/ { id: 'wallet.order', message: 'Order' },
  organizer: /*i18n*/ { id: 'wallet.organizer', message: 'Organizer' },
  link: /*i18n*/ { id: 'wallet.link', message: 'Your ticket online' },
  voided: /*i18n*/ { id: 'wallet.voided', message: 'This ticket is no longer valid.' },
};

/** Where the devices that hold a pass ask for news of it (PassKit web service; Apple adds `/v1/…`). */
export const appleWebServiceUrl = (appUrl: string) => `${appUrl}/api/public/wallet/apple`;

/** `#7c3aed` → `rgb(124, 58, 237)`, as pass.json wants its colours; anything else: null (Wallet's own colours). */
export function passColor(hex: string): string | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 0xff}, ${n & 0xff})`;
}

/**
 * The pass's icon (Wallet shows it on the lock screen and in notifications): AdmitOne's ticket mark on the event's
 * colour, at the three sizes Wallet asks for, made once per colour.
 */
async function icons(color: string): Promise<Record<string, Buffer>> {
  let made = iconCache.get(color);
  if (!made) {
    const svg = (size: number) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 58 58"><rect width="58" height="58" rx="13" fill="${color}"/><path d="M14 19h30v6a4 4 0 0 0 0 8v6H14v-6a4 4 0 0 0 0-8z" fill="#fff"/></svg>`,
      );
    made = Promise.all(
      [
        ['icon.png', 29],
        ['icon@2x.png', 58],
        ['icon@3x.png', 87],
      ].map(
        async ([name, size]) =>
          [
            name as string,
            await sharp(svg(size as number))
              .png()
              .toBuffer(),
          ] as const,
      ),
    ).then(Object.fromEntries);
    if (iconCache.size > 64) iconCache.clear();
    iconCache.set(color, made);
  }
  return made;
}
const iconCache = new Map<string, Promise<Record<string, Buffer>>>();

const dateText = (d: OrderDateDto, timezone: string, locale: Locale) =>
  formatTicketDate({ start_date: d.start_date, end_date: d.end_date, timezone, date_label: d.label }, locale);

/**
 * The ticket as an Apple Wallet event ticket (.pkpass), signed with the operator's pass certificate: the event, its
 * date, the venue, the holder, the ticket and seat, the QR code the door scanners check (the signed ticket code), the
 * organizer's logo and the event's colours, in the order's language. It names our web service, so the devices that
 * add it hear when it changes. A void pass keeps the event and date and says the ticket is no longer valid.
 */
export async function applePass(
  config: AppleWalletConfig,
  storage: Pick<FileStorage, 'get'>,
  appUrl: string,
  t: WalletTicket,
): Promise<Buffer> {
  const { locale, event } = t;
  const tr = (m: (typeof M)[keyof typeof M]) => translate(locale, m);
  const background = passColor(event.colors.primary) ?? 'rgb(124, 58, 237)';
  const foreground = passColor(event.colors.primary_text) ?? 'rgb(255, 255, 255)';
  const files: Record<string, Buffer> = { ...(await icons(background)) };
  const logo = event.logoKey ? await ticketLogoPng(storage, event.logoKey) : null;
  if (logo) files['logo.png'] = logo;

  const address = event.isOnline ? tr(M.online) : formatAddress(t.location, locale);
  const start = new Date(t.date.start_date);
  const lastDate = t.passDates?.at(-1) ?? t.date;
  const end = new Date(lastDate.end_date ?? lastDate.start_date);
  const { latitude, longitude } = t.location;
  const position =
    !event.isOnline && typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
  const pass = new PKPass(
    files,
    {
      wwdr: config.wwdr,
      signerCert: config.cert,
      signerKey: config.key,
      ...(config.keyPassphrase ? { signerKeyPassphrase: config.keyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      serialNumber: t.serial,
      passTypeIdentifier: config.passTypeId,
      teamIdentifier: config.teamId,
      organizationName: event.organizerName,
      description: event.title,
      logoText: logo ? undefined : event.organizerName,
      webServiceURL: appleWebServiceUrl(appUrl),
      authenticationToken: t.authToken,
      backgroundColor: background,
      foregroundColor: foreground,
      labelColor: foreground,
      sharingProhibited: true,
      voided: t.voided,
      semantics: {
        eventName: event.title,
        eventStartDate: start.toISOString(),
        eventEndDate: end.toISOString(),
        ...(t.location.venue_name ? { venueName: t.location.venue_name } : {}),
        ...(position ? { venueLocation: position } : {}),
        ...(t.holder ? { attendeeName: t.holder.name } : {}),
      },
    },
  );
  pass.type = 'eventTicket';
  pass.primaryFields.push({ key: 'event', label: tr(M.event), value: event.title });
  pass.secondaryFields.push({ key: 'date', label: tr(M.date), value: dateText(t.date, event.timezone, locale) });
  if (t.holder) {
    pass.auxiliaryFields.push(
      { key: 'holder', label: tr(M.holder), value: t.holder.name || '—' },
      {
        key: 'ticket',
        label: tr(M.ticket),
        value: ticketLabel({ ticket_name: t.holder.ticketName, tier_label: t.holder.tierLabel }),
      },
    );
    if (t.holder.seat)
      pass.auxiliaryFields.push({ key: 'seat', label: tr(M.seat), value: seatText(t.holder.seat, locale) });
  }
  if (t.voided) pass.headerFields.push({ key: 'state', label: '', value: tr(M.voided) });
  if (address) pass.backFields.push({ key: 'venue', label: tr(M.venue), value: address });
  if (t.passDates?.length)
    pass.backFields.push({
      key: 'dates',
      label: tr(M.dates),
      value: t.passDates.map((d) => dateText(d, event.timezone, locale)).join('\n'),
    });
  if (t.orderNumber) pass.backFields.push({ key: 'order', label: tr(M.order), value: t.orderNumber });
  pass.backFields.push({ key: 'organizer', label: tr(M.organizer), value: event.organizerName });
  if (t.ticketUrl)
    pass.backFields.push({
      key: 'link',
      label: tr(M.link),
      value: t.ticketUrl,
      attributedValue: `<a href="${t.ticketUrl}">${tr(M.link)}</a>`,
    });
  if (t.barcode)
    pass.setBarcodes({
      format: 'PKBarcodeFormatQR',
      message: t.barcode.message,
      messageEncoding: 'iso-8859-1',
      altText: t.barcode.code,
    });
  pass.setRelevantDate(start);
  // Where the organizer gave the venue's position, the phone shows the pass near it.
  if (position && !t.voided) pass.setLocations({ ...position, relevantText: event.title });
  // A day after its (last) date ends, Wallet moves the pass among the expired ones.
  pass.setExpirationDate(new Date(end.getTime() + 24 * 3600_000));
  return pass.getAsBuffer();
}
