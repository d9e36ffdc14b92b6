import {
  type EventColors,
  type EventLocation,
  isLocale,
  type Locale,
  type OrderDateDto,
  personName,
  type SeatDto,
} from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, events, orders, walletPasses } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { imagesByOwner } from '../images/images.repository.js';
import { ticketLogoKey } from '../order-documents/ticket-logo.js';
import { publicTicketView } from '../public-events/ticket-page.js';
import { googleLogoUrl } from './google-logo.js';

export type WalletPassRow = typeof walletPasses.$inferSelect;

/**
 * A wallet pass as it should look now, made from the ticket as it is (never from what the pass said before). A pass is
 * void once its ticket is cancelled or passed on (its code is another now): a void pass shows the event and its date
 * only, never the new holder's name, code or link.
 */
export interface WalletTicket {
  serial: string;
  authToken: string;
  voided: boolean;
  /** The order's language: the pass's labels and dates are written in it. */
  locale: Locale;
  changedAt: Date;
  event: {
    id: number;
    title: string;
    organizerName: string;
    timezone: string;
    isOnline: boolean;
    colors: EventColors;
    /** Storage key of the organizer's logo (a PNG is made of it), or null. */
    logoKey: string | null;
    /** Where Google fetches the organizer's logo (a square PNG made of it), or null. */
    googleLogoUrl: string | null;
  };
  date: OrderDateDto;
  /** The date's venue, else the event's. */
  location: EventLocation;
  /** A pass's ticket: each date its code admits on. */
  passDates: OrderDateDto[] | null;
  /** Null on a void pass. */
  holder: { name: string; ticketName: string; tierLabel: string | null; seat: SeatDto | null } | null;
  /** What the QR code says (the signed ticket code the scanners check), and the code under it; null on a void pass. */
  barcode: { message: string; code: string } | null;
  orderNumber: string | null;
  /** The ticket's page; null on a void pass. */
  ticketUrl: string | null;
}

/** The pass `row` as it should look now; null when its ticket is gone altogether (deleted with its event). */
export async function walletTicketOf(
  db: Executor,
  storage: FileStorage,
  appUrl: string,
  row: WalletPassRow,
): Promise<WalletTicket | null> {
  const [ref] = await db
    .select({
      shortId: attendees.short_id,
      locale: orders.locale,
      accountId: events.account_id,
      organizerId: events.organizer_id,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .where(eq(attendees.id, row.attendee_id));
  if (!ref) return null;
  const ticket = await publicTicketView(db, storage, row.event_id, ref.shortId);
  const passedOn = ref.shortId !== row.code;
  const voided = passedOn || !ticket.qr_code;
  const logo = (await imagesByOwner(db, ref.accountId, 'organizer', 'ORGANIZER_LOGO', [ref.organizerId])).get(
    ref.organizerId,
  );
  const { event, attendee } = ticket;
  return {
    serial: row.serial,
    authToken: row.auth_token,
    voided,
    locale: isLocale(ref.locale) ? ref.locale : 'en',
    changedAt: row.changed_at,
    event: {
      id: event.id,
      title: event.title,
      organizerName: event.organizer_name,
      timezone: event.timezone,
      isOnline: event.is_online,
      colors: event.colors,
      logoKey: logo ? ticketLogoKey(logo) : null,
      googleLogoUrl: logo ? googleLogoUrl(appUrl, logo.id) : null,
    },
    date: ticket.date,
    location: ticket.date.location ?? event.location,
    passDates: ticket.pass_dates ?? null,
    holder: passedOn
      ? null
      : {
          name: personName(attendee),
          ticketName: attendee.ticket_name,
          tierLabel: attendee.tier_label,
          seat: attendee.seat ?? null,
        },
    barcode: voided ? null : { message: ticket.qr_code!, code: attendee.short_id },
    orderNumber: passedOn ? null : ticket.order_number,
    ticketUrl: passedOn ? null : `${appUrl}/ticket/${event.id}/${attendee.short_id}`,
  };
}
