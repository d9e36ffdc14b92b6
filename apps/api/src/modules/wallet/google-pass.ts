import { intlLocale, type Locale } from '@admitone/shared';
import { importPKCS8, SignJWT } from 'jose';

import type { GoogleWalletConfig } from '../../config.js';
import { translate } from '../../i18n/i18n.js';
import { formatAddress, formatTicketDate, ticketLabel } from '../order-documents/format.js';
import type { WalletTicket } from './wallet-ticket.js';

const M = {
  order: /*i18n*/ { id: 'wallet.order', message: 'Order' },
  dates: /*i18n*/ { id: 'wallet.dates', message: 'Valid on' },
  link: /*i18n*/ { id: 'wallet.link', message: 'Your ticket online' },
  online: /*i18n*/ { id: 'wallet.online', message: 'Online event' },
};

/** Google's address where a signed object is saved to the holder's Wallet. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const text = (value: string, locale: Locale) => ({ defaultValue: { language: intlLocale(locale), value } });

/** Google's ids are `<issuer id>.<suffix>`, the suffix of letters, digits, `.`, `_` and `-`. */
export const googleClassId = (config: GoogleWalletConfig, t: WalletTicket) =>
  `${config.issuerId}.admitone-date-${t.date.id}`;
export const googleObjectId = (config: GoogleWalletConfig, serial: string) => `${config.issuerId}.${serial}`;

/** The event's date as a Google Wallet event ticket class (name, venue, times, organizer's logo; one per date). */
export function googleTicketClass(config: GoogleWalletConfig, t: WalletTicket) {
  const { locale, event } = t;
  const address = event.isOnline ? translate(locale, M.online) : formatAddress(t.location, locale);
  return {
    id: googleClassId(config, t),
    issuerName: event.organizerName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(event.title, locale),
    eventId: `admitone-date-${t.date.id}`,
    ...(address
      ? { venue: { name: text(t.location.venue_name ?? event.title, locale), address: text(address, locale) } }
      : {}),
    dateTime: { start: t.date.start_date, ...(t.date.end_date ? { end: t.date.end_date } : {}) },
    hexBackgroundColor: /^#[0-9a-f]{6}$/i.test(event.colors.primary) ? event.colors.primary : '#7c3aed',
    ...(event.googleLogoUrl
      ? { logo: { sourceUri: { uri: event.googleLogoUrl }, contentDescription: text(event.organizerName, locale) } }
      : {}),
  };
}

/**
 * The ticket as a Google Wallet event ticket object: its holder, ticket, seat, the QR code the door scanners check,
 * its order, a link to its page. A void ticket (cancelled, passed on) is EXPIRED, without a code or its holder.
 */
export function googleTicketObject(config: GoogleWalletConfig, t: WalletTicket) {
  const { locale } = t;
  const lastDate = t.passDates?.at(-1) ?? t.date;
  return {
    id: googleObjectId(config, t.serial),
    classId: googleClassId(config, t),
    state: t.voided ? 'EXPIRED' : 'ACTIVE',
    ...(t.barcode
      ? {
          barcode: { type: 'QR_CODE', value: t.barcode.message, alternateText: t.barcode.code },
          ticketNumber: t.barcode.code,
        }
      : {}),
    ...(t.holder
      ? {
          ticketHolderName: t.holder.name,
          ticketType: text(ticketLabel({ ticket_name: t.holder.ticketName, tier_label: t.holder.tierLabel }), locale),
          ...(t.holder.seat
            ? {
                seatInfo: {
                  ...(t.holder.seat.section ? { section: text(t.holder.seat.section, locale) } : {}),
                  row: text(t.holder.seat.row, locale),
                  ...(t.holder.seat.seat ? { seat: text(t.holder.seat.seat, locale) } : {}),
                },
              }
            : {}),
        }
      : {}),
    validTimeInterval: {
      start: { date: t.date.start_date },
      end: {
        date: new Date(new Date(lastDate.end_date ?? lastDate.start_date).getTime() + 24 * 3600_000).toISOString(),
      },
    },
    textModulesData: [
      ...(t.orderNumber ? [{ id: 'order', header: translate(locale, M.order), body: t.orderNumber }] : []),
      ...(t.passDates?.length
        ? [
            {
              id: 'dates',
              header: translate(locale, M.dates),
              body: t.passDates
                .map((d) => formatTicketDate({ ...d, date_label: d.label, timezone: t.event.timezone }, locale))
                .join('\n'),
            },
          ]
        : []),
    ],
    ...(t.ticketUrl
      ? { linksModuleData: { uris: [{ id: 'ticket', uri: t.ticketUrl, description: translate(locale, M.link) }] } }
      : {}),
  };
}

const keys = new Map<string, ReturnType<typeof importPKCS8>>();
const signingKey = (config: GoogleWalletConfig) => {
  let key = keys.get(config.clientEmail);
  if (!key) {
    key = importPKCS8(config.privateKey, 'RS256');
    keys.set(config.clientEmail, key);
  }
  return key;
};

/**
 * "Save to Google Wallet": Google's address with a JWT signed by the operator's service account that holds the date's
 * class and the ticket's object (Google makes them on the first save, and keeps them after).
 */
export async function googleSaveUrl(config: GoogleWalletConfig, appUrl: string, t: WalletTicket): Promise<string> {
  const jwt = await new SignJWT({
    origins: [appUrl],
    typ: 'savetowallet',
    payload: {
      eventTicketClasses: [googleTicketClass(config, t)],
      eventTicketObjects: [googleTicketObject(config, t)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(await signingKey(config));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

const tokens = new Map<string, { token: string; until: number }>();

/**
 * An access token of the service account for the Wallet API (OAuth 2.0 JWT bearer grant), kept until shortly before
 * it runs out.
 */
async function accessToken(config: GoogleWalletConfig, now: number): Promise<string> {
  const kept = tokens.get(config.clientEmail);
  if (kept && kept.until > now) return kept.token;
  const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/wallet_object.issuer' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 3600)
    .sign(await signingKey(config));
  const res = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`Google token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('Google token endpoint gave no access token');
  tokens.set(config.clientEmail, { token: body.access_token, until: now + ((body.expires_in ?? 3600) - 60) * 1000 });
  return body.access_token;
}

/**
 * Tells Google the ticket changed: the date's class (a moved date) and the ticket's object (a new holder's name, a
 * cancellation: EXPIRED). An object Google does not have (the link was made but never saved) is nothing to update.
 */
export async function updateGoogleObject(config: GoogleWalletConfig, t: WalletTicket, now: Date): Promise<void> {
  const token = await accessToken(config, now.getTime());
  const send = async (path: string, body: object) => {
    const res = await fetch(`${config.apiUrl}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 401) tokens.delete(config.clientEmail);
    if (!res.ok && res.status !== 404) throw new Error(`Google Wallet API answered ${res.status} for ${path}`);
  };
  const klass = googleTicketClass(config, t);
  await send(`eventTicketClass/${encodeURIComponent(klass.id)}`, klass);
  const object = googleTicketObject(config, t);
  await send(`eventTicketObject/${encodeURIComponent(object.id)}`, object);
}
