/** Interface languages (SPEC §1); `en` is the default. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Name of each language in itself, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
};
/** Cookie that holds the chosen interface language. */
export const LOCALE_COOKIE = 'admitone_locale';
/**
 * Cookie in which the web app mirrors the logged-in user's saved locale, so that pages the server
 * renders (they carry no bearer token) follow it too. It ranks below LOCALE_COOKIE.
 */
export const SAVED_LOCALE_COOKIE = 'admitone_saved_locale';

/**
 * The tag Intl formats dates, numbers and money with for an interface language: our `pt` is the
 * Portuguese of Portugal (`1234,50 €`), while Intl's bare `pt` is Brazil's (`€ 1.234,50`).
 */
export function intlLocale(locale: string): string {
  return locale === 'pt' ? 'pt-PT' : locale;
}

/** Picks the best supported locale for a list of language tags (browser or Accept-Language order). */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lang = tag.split('-')[0]!.toLowerCase();
    if (lang === 'pt' && /^pt-br$/i.test(tag)) return 'pt-BR';
    if (lang === 'zh') return 'zh-CN';
    const base = LOCALES.find((l) => l.toLowerCase() === lang);
    if (base) return base;
  }
  return null;
}

/** Parses an Accept-Language header into tags ordered by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag!.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.tag !== '*')
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * DOOR_STAFF: the check-in screen of the events given to them (attendee names and tickets), nothing else, unless
 * they are also given the box office (`memberPermissions`). BOX_OFFICE: the box office and the check-in of the events
 * given to them.
 */
export const ROLES = ['ADMIN', 'ORGANIZER', 'DOOR_STAFF', 'BOX_OFFICE'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'INACTIVE', 'INVITED'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const EVENT_STATUSES = ['DRAFT', 'LIVE', 'ARCHIVED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A date of an event: sold, sold out (the organizer stopped its sales), cancelled, or hidden from buyers. */
export const EVENT_DATE_STATUSES = ['ON_SALE', 'SOLD_OUT', 'CANCELLED', 'HIDDEN'] as const;
export type EventDateStatus = (typeof EVENT_DATE_STATUSES)[number];

/** Where an event stands in time, derived from its dates (not stored). */
export const EVENT_LIFECYCLES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;
export type EventLifecycle = (typeof EVENT_LIFECYCLES)[number];

export const ORDER_STATUSES = [
  'AWAITING_PAYMENT',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
  'REFUND_PENDING',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REFUND_FAILED',
  'PAYMENT_FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Badge colour of an order status (SPEC §4). */
export function orderStatusColor(status: OrderStatus): 'orange' | 'red' | 'teal' {
  switch (status) {
    case 'AWAITING_PAYMENT':
    case 'REFUND_PENDING':
    case 'PARTIALLY_REFUNDED':
      return 'orange';
    case 'CANCELLED':
    case 'REFUND_FAILED':
    case 'REFUNDED':
    case 'PAYMENT_FAILED':
      return 'red';
    default:
      return 'teal';
  }
}

/** Permissions the server computes for the caller's role; the UI shows what these allow. */
export const PERMISSIONS = [
  'events.manage',
  'organizers.manage',
  'users.manage',
  'account.manage',
  'taxes.manage',
  'payments.manage',
  /** Create and revoke the account's API keys. */
  'api_keys.manage',
  /** Set up the account's outgoing webhooks and read their delivery logs. */
  'webhooks.manage',
  /** Check attendees in and out (and see their names and tickets) at the events the caller works. */
  'checkin.scan',
  /** Sell at the box office (shifts, sales, voiding the last sale) of the events the caller works. */
  'boxoffice.sell',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  ORGANIZER: ['events.manage', 'organizers.manage', 'checkin.scan', 'boxoffice.sell'],
  DOOR_STAFF: ['checkin.scan'],
  BOX_OFFICE: ['checkin.scan', 'boxoffice.sell'],
};

/** The roles limited to some events of the account (the rest see every event). */
export const roleHasEventScope = (role: Role): boolean => role === 'DOOR_STAFF' || role === 'BOX_OFFICE';

/**
 * The role whose members may be limited to some organizers of the account (and through them to their events, those
 * made later too): organizers. None chosen: every organizer. Admins see everything; door staff are limited to events.
 */
export const roleHasOrganizerScope = (role: Role): boolean => role === 'ORGANIZER';

/**
 * The role whose members may each also be given the box office ("May also sell at the box office", issue #41): door
 * staff. Box-office staff, organizers and admins sell already; the option is refused for them.
 */
export const roleHasBoxOfficeOption = (role: Role): boolean => role === 'DOOR_STAFF';

/** A member's permissions: their role's, and `boxoffice.sell` for door staff given the box office. */
export function memberPermissions(role: Role, sellsAtBoxOffice: boolean): readonly Permission[] {
  const ofRole = ROLE_PERMISSIONS[role];
  return roleHasBoxOfficeOption(role) && sellsAtBoxOffice && !ofRole.includes('boxoffice.sell')
    ? [...ofRole, 'boxoffice.sell']
    : ofRole;
}

/** A sensible first currency for a new account, from the language it signed up in. */
export function defaultCurrencyFor(locale: Locale): string {
  switch (locale) {
    case 'de':
    case 'fr':
    case 'es':
    case 'pt':
      return 'EUR';
    case 'pt-BR':
      return 'BRL';
    case 'zh-CN':
      return 'CNY';
    default:
      return 'USD';
  }
}

/**
 * When an event's orders get an invoice: never, when the buyer asks at checkout, or always (docs/DOMAIN.md
 * "Invoices").
 */
export const INVOICE_MODES = ['NONE', 'ON_REQUEST', 'ALWAYS'] as const;
export type InvoiceMode = (typeof INVOICE_MODES)[number];
