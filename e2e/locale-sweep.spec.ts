import path from 'node:path';

import { type Browser, type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';

import { catalog } from './catalog';
import { expectAccessible, notificationsGone, serverControl, snapshot } from './support';
import {
  buildWorld,
  englishLeftovers,
  englishStrings,
  EVENT,
  findOverflow,
  LOCALES,
  normalise,
  PAID,
  reserve,
  SEATED,
  sideScroll,
  type SweepLocale,
  untranslatedStrings,
  visibleTexts,
  type World,
  WORLD_TEXTS,
} from './sweep';

/**
 * The Intl tag the app formats with (as `intlLocale` in packages/shared): our `pt` is Portugal's, Intl's bare `pt`
 * Brazil's.
 */
const intlLocale = (locale: string) => (locale === 'pt' ? 'pt-PT' : locale);

/**
 * Issue #10: every screen, organizer's and buyer's, in all seven languages. On each: axe (once per
 * screen, in a language that changes from screen to screen so every language is checked on some;
 * in every language with SWEEP_AXE=all), no English interface string left in a
 * translated page, no text cut off or spilling out (desktop, and a phone for the buyer's pages), and
 * prices and dates formatted for the language in the event's time zone. The organizer's screens are
 * rendered in English and German, the main ones in Chinese too, the buyer's pages in French too, and
 * checked against the catalogs in the other languages (EVERY_SCREEN, below); every language goes through
 * the checkout. German and Chinese screenshots of the main screens go to
 * e2e/artifacts/sweep-<locale>-<screen>.png.
 *
 * Issue #38: at a phone's width (390 px) the buyer's pages (in the languages they are rendered in) and
 * the organizer's and the door's main screens (English and German: orders, an order, attendees, reports,
 * the dashboard, the door staff's check-in) must not scroll sideways (the widest element named when they
 * do), the staff screens put their search first, and the header's language menu fits the screen.
 * SWEEP_PHONE_SHOTS=/tmp saves each phone page as /tmp/phone-<locale>-<screen>.png.
 */

test.use({ actionTimeout: 15_000 });

/** The sweep's own server (playwright.config.ts): the flows' clock moves do not reach its holds. */
const APP = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 4}`;
/**
 * SWEEP_LOCALES=de,zh-CN narrows a run (English first when listed: the other languages are compared with its pages).
 */
const SWEEP_LOCALES: readonly SweepLocale[] = process.env.SWEEP_LOCALES
  ? LOCALES.filter((l) => process.env.SWEEP_LOCALES!.split(',').includes(l))
  : LOCALES;
/**
 * Axe judges structure (roles, names, contrast), which the language rarely changes: each screen is
 * checked once, the n-th screen in the n-th language of the run (in turn), or in all with SWEEP_AXE=all.
 */
const axeHere = (locale: SweepLocale, screenIndex: number, buyer: boolean, shot = false) => {
  if (process.env.SWEEP_AXE === 'all') return true;
  const judges = SWEEP_LOCALES.filter((l) => sweptIn(l, buyer, shot));
  return judges[screenIndex % judges.length] === locale;
};
/**
 * The languages every screen is rendered in: English (the reference) and German (the longest words);
 * Chinese (another script) renders the buyer's pages and the organizer's main screens (those
 * photographed); French (a Romance language, the widest of them) the buyer's pages too (what the public
 * sees, phone width too). Every language goes through the checkout and the formats. Wherever a screen is
 * not rendered in a language, its strings are what the catalog says (npm run i18n:check: complete, and
 * checked against the strings each screen showed in English), and a string that escaped the catalogs
 * shows up in German. SWEEP_ALL=1 renders every screen in every language.
 */
const EVERY_SCREEN: readonly SweepLocale[] = ['en', 'de'];
const MAIN_SCREENS: readonly SweepLocale[] = ['zh-CN'];
const BUYER_SCREENS: readonly SweepLocale[] = ['en', 'de', 'fr', 'zh-CN'];
const sweptIn = (locale: SweepLocale, buyer: boolean, shot = false) =>
  process.env.SWEEP_ALL === '1' ||
  EVERY_SCREEN.includes(locale) ||
  (buyer && BUYER_SCREENS.includes(locale)) ||
  (shot && MAIN_SCREENS.includes(locale));
const SHOT_LOCALES: readonly SweepLocale[] = ['de', 'zh-CN'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Role = 'admin' | 'organizer' | 'door' | 'guest';
type Labels = (english: string) => string;

interface Screen {
  name: string;
  as: Role;
  path: (w: World) => string;
  /** A buyer's page: also checked at phone width. */
  buyer?: boolean;
  /** An organizer's or the door's screen also checked at phone width (in English and German only). */
  phone?: boolean;
  /** What else must hold at phone width: the problems found. */
  phoneCheck?: (page: Page, L: Labels) => Promise<string[]>;
  /** Saved as a screenshot in German and Chinese. */
  shot?: boolean;
  /** Opens a dialog or drawer after the page has loaded. */
  open?: (page: Page, L: Labels) => Promise<void>;
}

const ev = (w: World, sub = '') => `/manage/event/${w.eventId}${sub}`;
const seatedEv = (w: World, sub = '') => `/manage/event/${w.seated.eventId}${sub}`;
const plans = (w: World, sub = '') => `/manage/organizer/${w.organizerId}/seating-plans${sub}`;
const clickButton = (name: string) => async (page: Page, L: Labels) => {
  await page
    .getByRole('button', { name: L(name), exact: true })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

/**
 * A staff screen on a phone: the search first (before any other control of the page, above the scan
 * button and the count) and the whole width.
 */
const searchFirst = async (page: Page, L: Labels): Promise<string[]> => {
  const search = page.getByTestId('check-in-search');
  const boxes = await Promise.all(
    [
      search,
      page.getByRole('button', { name: L('Scan tickets'), exact: true }),
      page.getByTestId('check-in-count'),
    ].map((l) => l.boundingBox()),
  );
  const [s, scan, count] = boxes;
  if (!s || !scan || !count) return ['the search, the scan button or the count is not shown'];
  const found: string[] = [];
  if (!(s.y < scan.y && s.y < count.y))
    found.push(`the search (at ${s.y} px) is not above the scan button (${scan.y} px) and the count (${count.y} px)`);
  if (s.width < scan.width - 1) found.push(`the search is ${s.width} px wide, the scan button ${scan.width} px`);
  const before = await search.evaluate((input) =>
    Array.from(document.querySelectorAll<HTMLElement>('main input, main button, main select, main textarea'))
      .filter((el) => el.offsetParent !== null && el.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING)
      .map((el) => el.getAttribute('aria-label') ?? el.innerText.trim()),
  );
  if (before.length) found.push(`controls before the search: ${before.join(', ')}`);
  return found;
};

/**
 * The header's language menu on a phone: the user menu opens, its Language item opens the seven languages, and each
 * of them lies wholly on the screen (a submenu opening beside the menu would put them off its edge).
 */
const languageMenuFits = async (page: Page, L: Labels): Promise<string[]> => {
  await page.getByRole('button', { name: L('Open user menu'), exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${L('Language')}`) }).click();
  const languages = page.getByRole('menuitemradio');
  await expect(languages).toHaveCount(LOCALES.length);
  const found: string[] = [];
  const { width, height } = page.viewportSize()!;
  for (const item of await languages.all()) {
    const box = await item.boundingBox();
    if (!box || box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height)
      found.push(`the language "${await item.innerText()}" is not wholly on the screen (${JSON.stringify(box)})`);
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(languages).toHaveCount(0);
  return found;
};

let signUps = 0;
/** Fills in the sign-up form and sends it: "Check your inbox" (each language with an address of its own). */
const signUp = async (page: Page, L: Labels) => {
  await page.getByRole('textbox', { name: L('Your name'), exact: true }).fill('Sora Signup');
  await page
    .getByRole('textbox', { name: L('E-mail'), exact: true })
    .fill(`sweep-signup-${Date.now()}-${++signUps}@example.test`);
  await page.getByRole('textbox', { name: L('Password'), exact: true }).fill('sweep-pass-2030');
  await page.getByRole('textbox', { name: L('Confirm password'), exact: true }).fill('sweep-pass-2030');
  await page.getByRole('checkbox', { name: L('I accept the terms and conditions') }).check();
  await page.getByRole('button', { name: L('Create account'), exact: true }).click();
  await expect(page.getByRole('heading', { name: L('Check your inbox') })).toBeVisible();
};

/** Every screen of the app (SPEC §2), with the main dialogs and drawers. */
const SCREENS: Screen[] = [
  // Logged out.
  { name: 'login', as: 'guest', path: () => '/auth/login', buyer: true },
  { name: 'register', as: 'guest', path: () => '/auth/register', buyer: true },
  { name: 'register-sent', as: 'guest', path: () => '/auth/register', buyer: true, open: signUp },
  {
    name: 'confirm-sign-up-invalid',
    as: 'guest',
    path: () => '/auth/confirm-sign-up/not-a-real-token-0000',
    buyer: true,
  },
  { name: 'forgot-password', as: 'guest', path: () => '/auth/forgot-password', buyer: true },
  { name: 'reset-password', as: 'guest', path: () => '/auth/reset-password/not-a-real-token', buyer: true },
  { name: 'accept-invitation', as: 'guest', path: (w) => `/auth/accept-invitation/${w.invitationToken}`, buyer: true },
  // A team's single sign-on link that leads nowhere (unknown, or its single sign-on turned off).
  { name: 'sso-link-invalid', as: 'guest', path: () => '/auth/sso/not-a-real-link', buyer: true },
  { name: 'not-found', as: 'guest', path: () => '/no-such-page' },
  // The admin: the event's screens and the account.
  { name: 'welcome', as: 'admin', path: () => '/welcome' },
  { name: 'events', as: 'admin', path: () => '/manage/events', shot: true },
  { name: 'create-event', as: 'admin', path: () => '/manage/events', open: clickButton('Create event') },
  { name: 'dashboard', as: 'admin', path: (w) => ev(w), shot: true, phone: true, phoneCheck: languageMenuFits },
  { name: 'getting-started', as: 'admin', path: (w) => ev(w, '/getting-started') },
  { name: 'settings', as: 'admin', path: (w) => ev(w, '/settings') },
  { name: 'homepage-designer', as: 'admin', path: (w) => ev(w, '/homepage-designer') },
  { name: 'tickets', as: 'admin', path: (w) => ev(w, '/tickets'), shot: true },
  {
    name: 'create-ticket',
    as: 'admin',
    path: (w) => ev(w, '/tickets'),
    open: clickButton('Create ticket'),
    shot: true,
  },
  { name: 'capacity', as: 'admin', path: (w) => ev(w, '/capacity-assignments') },
  { name: 'dates', as: 'admin', path: (w) => ev(w, '/dates') },
  { name: 'promo-codes', as: 'admin', path: (w) => ev(w, '/promo-codes') },
  {
    name: 'create-promo-code',
    as: 'admin',
    path: (w) => ev(w, '/promo-codes'),
    open: clickButton('Create promo code'),
  },
  { name: 'questions', as: 'admin', path: (w) => ev(w, '/questions') },
  { name: 'translations', as: 'admin', path: (w) => ev(w, '/translations') },
  { name: 'widget-settings', as: 'admin', path: (w) => ev(w, '/widget') },
  { name: 'orders', as: 'admin', path: (w) => ev(w, '/orders'), shot: true, phone: true },
  {
    name: 'order-drawer',
    as: 'admin',
    path: (w) => ev(w, `/orders?order=${w.paidOrder.id}`),
    shot: true,
    phone: true,
  },
  { name: 'attendees', as: 'admin', path: (w) => ev(w, '/attendees'), shot: true, phone: true },
  { name: 'attendee-drawer', as: 'admin', path: (w) => ev(w, `/attendees?attendee=${w.paidOrder.attendeeId}`) },
  { name: 'check-in', as: 'admin', path: (w) => ev(w, '/check-in'), shot: true },
  { name: 'waitlist', as: 'admin', path: (w) => ev(w, '/waitlist'), shot: true },
  // The door staff's screens (an admin sees them too): the events to check in at, one event's check-in.
  { name: 'check-in-events', as: 'admin', path: () => '/manage/check-in' },
  { name: 'event-check-in', as: 'admin', path: (w) => `/manage/check-in/${w.eventId}` },
  // Door staff themselves: their check-in screen, the one they open on a phone at the door.
  {
    name: 'door-check-in',
    as: 'door',
    path: (w) => `/manage/check-in/${w.eventId}`,
    phone: true,
    phoneCheck: searchFirst,
  },
  // The box office (#41), with the admin's shift open: the sale screen, and the close of the shift.
  { name: 'box-office', as: 'admin', path: (w) => ev(w, '/box-office'), shot: true, phone: true },
  { name: 'close-shift', as: 'admin', path: (w) => ev(w, '/box-office'), open: clickButton('Close shift') },
  { name: 'check-in-lists', as: 'admin', path: (w) => ev(w, '/check-in-lists'), shot: true },
  {
    name: 'create-check-in-list',
    as: 'admin',
    path: (w) => ev(w, '/check-in-lists'),
    open: clickButton('Create check-in list'),
  },
  // A volunteer's screen, opened with a staff link (no account; often on a phone).
  {
    name: 'staff-link-check-in',
    as: 'guest',
    path: (w) => `/check-in/${w.staffToken}`,
    buyer: true,
    phoneCheck: searchFirst,
  },
  { name: 'messages', as: 'admin', path: (w) => ev(w, '/messages') },
  { name: 'new-message', as: 'admin', path: (w) => ev(w, '/messages'), open: clickButton('New message') },
  // Mail that goes out by itself (#42): reminders, the abandoned-checkout mail and the follow-up.
  { name: 'automations', as: 'admin', path: (w) => ev(w, '/automations'), shot: true },
  { name: 'reports', as: 'admin', path: (w) => ev(w, '/reports'), shot: true, phone: true },
  { name: 'reports-by-day', as: 'admin', path: (w) => ev(w, '/reports?report=sales-by-day') },
  { name: 'affiliates', as: 'admin', path: (w) => ev(w, '/affiliates') },
  { name: 'organizer', as: 'admin', path: (w) => `/manage/organizer/${w.organizerId}` },
  // Reserved seating (#40): the organizer's plans, one plan, its editor with the dialogs that add to it, a seated
  // event's plan and tickets, its seat map, and moving an attendee to another seat.
  { name: 'seating-plans', as: 'admin', path: (w) => plans(w), shot: true },
  { name: 'seating-plan', as: 'admin', path: (w) => plans(w, `/${w.seated.planId}`) },
  { name: 'seating-editor', as: 'admin', path: (w) => plans(w, `/${w.seated.planId}/edit`), shot: true },
  {
    name: 'seating-editor-rows',
    as: 'admin',
    path: (w) => plans(w, `/${w.seated.planId}/edit`),
    open: clickButton('Rows'),
  },
  {
    name: 'seating-editor-tables',
    as: 'admin',
    path: (w) => plans(w, `/${w.seated.planId}/edit`),
    open: clickButton('Round tables'),
  },
  { name: 'event-seating', as: 'admin', path: (w) => seatedEv(w, '/seating') },
  { name: 'seat-map', as: 'admin', path: (w) => seatedEv(w, '/seating?tab=map'), shot: true },
  {
    name: 'box-office-seats',
    as: 'admin',
    path: (w) => seatedEv(w, '/box-office'),
    open: clickButton('Choose seats'),
    shot: true,
  },
  {
    name: 'change-seat',
    as: 'admin',
    path: (w) => seatedEv(w, `/attendees?attendee=${w.seated.attendeeId}`),
    open: async (page, L) => {
      await page.getByRole('button', { name: L('Change seat'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: L('Change seat') })).toBeVisible();
    },
  },
  { name: 'profile', as: 'admin', path: () => '/manage/profile' },
  { name: 'two-factor-set-up', as: 'admin', path: () => '/manage/profile', open: clickButton('Set up') },
  { name: 'add-passkey', as: 'admin', path: () => '/manage/profile', open: clickButton('Add a passkey') },
  { name: 'account-settings', as: 'admin', path: () => '/account/settings' },
  { name: 'event-defaults', as: 'admin', path: () => '/account/event-defaults' },
  { name: 'taxes-and-fees', as: 'admin', path: () => '/account/taxes-and-fees' },
  { name: 'payment', as: 'admin', path: () => '/account/payment' },
  { name: 'users', as: 'admin', path: () => '/account/users' },
  { name: 'single-sign-on', as: 'admin', path: () => '/account/single-sign-on' },
  { name: 'account-reports', as: 'admin', path: () => '/account/reports' },
  { name: 'invite-user', as: 'admin', path: () => '/account/users', open: clickButton('Invite user') },
  { name: 'api-keys', as: 'admin', path: () => '/account/api-keys', shot: true },
  { name: 'create-api-key', as: 'admin', path: () => '/account/api-keys', open: clickButton('Create API key') },
  { name: 'webhooks', as: 'admin', path: () => '/account/webhooks', shot: true },
  { name: 'add-webhook', as: 'admin', path: () => '/account/webhooks', open: clickButton('Add webhook') },
  { name: 'webhook', as: 'admin', path: (w) => `/account/webhooks/${w.webhookId}` },
  { name: 'audit-log', as: 'admin', path: () => '/account/audit-log', shot: true },
  // The organizer (no account pages): the screens they work in.
  { name: 'organizer-events', as: 'organizer', path: () => '/manage/events' },
  { name: 'organizer-dashboard', as: 'organizer', path: (w) => ev(w) },
  { name: 'organizer-orders', as: 'organizer', path: (w) => ev(w, '/orders') },
  { name: 'organizer-check-in', as: 'organizer', path: (w) => ev(w, '/check-in') },
  { name: 'organizer-profile', as: 'organizer', path: () => '/manage/profile' },
  // The buyer.
  { name: 'event-page', as: 'guest', path: (w) => `/event/${w.eventId}/${EVENT.slug}`, buyer: true, shot: true },
  {
    name: 'event-page-waitlist',
    as: 'guest',
    path: (w) => `/event/${w.eventId}/${EVENT.slug}`,
    buyer: true,
    open: clickButton('Join the waitlist'),
  },
  {
    name: 'waitlist-entry',
    as: 'guest',
    path: (w) => `/waitlist/${w.eventId}/${w.waitlistToken}`,
    buyer: true,
    shot: true,
  },
  {
    name: 'event-page-promo',
    as: 'guest',
    path: (w) => `/event/${w.eventId}/${EVENT.slug}?promo_code=ZENIT10`,
    buyer: true,
  },
  { name: 'widget', as: 'guest', path: (w) => `/widget/${w.eventId}`, buyer: true },
  // Choosing seats (#40): the plan, the list equal to it, the widget, and an order with a seat.
  {
    name: 'seat-picker',
    as: 'guest',
    path: (w) => `/event/${w.seated.eventId}/${SEATED.slug}`,
    buyer: true,
    shot: true,
  },
  {
    name: 'seat-list',
    as: 'guest',
    path: (w) => `/event/${w.seated.eventId}/${SEATED.slug}`,
    buyer: true,
    open: async (page, L) => {
      await page.getByTestId('seat-picker').getByText(L('List'), { exact: true }).click();
      await expect(page.getByTestId('seat-list')).toBeVisible();
    },
  },
  { name: 'seated-widget', as: 'guest', path: (w) => `/widget/${w.seated.eventId}`, buyer: true },
  {
    name: 'seated-order',
    as: 'guest',
    path: (w) => `/checkout/${w.seated.eventId}/${w.seated.order.shortId}/summary#secret=${w.seated.order.secret}`,
    buyer: true,
  },
  {
    name: 'order-summary',
    as: 'guest',
    path: (w) => `/checkout/${w.eventId}/${w.paidOrder.shortId}/summary#secret=${w.paidOrder.secret}`,
    buyer: true,
    shot: true,
  },
  {
    name: 'order-pass-picks',
    as: 'guest',
    path: (w) => `/checkout/${w.pass.eventId}/${w.pass.order.shortId}/summary#secret=${w.pass.order.secret}`,
    buyer: true,
  },
  {
    name: 'order-print',
    as: 'guest',
    path: (w) => `/order/${w.eventId}/${w.paidOrder.shortId}/print#secret=${w.paidOrder.secret}`,
    buyer: true,
  },
  // An order link without the order's secret (an old mail's): the explanation and the offer of a fresh link.
  // This browser has opened the paid order with its secret by now, so another order's address (the
  // server answers an unknown one the same).
  {
    name: 'order-old-link',
    as: 'guest',
    path: (w) => `/checkout/${w.eventId}/oSweepOldLink0000000/summary`,
    buyer: true,
    shot: true,
  },
  { name: 'ticket', as: 'guest', path: (w) => `/ticket/${w.eventId}/${w.paidOrder.attendeeShortId}`, buyer: true },
  {
    name: 'ticket-print',
    as: 'guest',
    path: (w) => `/ticket/${w.eventId}/${w.paidOrder.attendeeShortId}/print`,
    buyer: true,
  },
  // Find my tickets: the address form, and a mailed link that does not work (the list itself:
  // buyer-self-service.spec.ts).
  { name: 'find-tickets', as: 'guest', path: (w) => `/find-tickets/${w.eventId}`, buyer: true, shot: true },
  {
    name: 'find-tickets-bad-link',
    as: 'guest',
    path: (w) => `/find-tickets/${w.eventId}/sweepNotARealLinkToken0000`,
    buyer: true,
  },
  // The unsubscribe link of a follow-up or abandoned-checkout mail: the question before anything changes.
  { name: 'unsubscribe', as: 'guest', path: () => `/unsubscribe/${unsubscribeToken}`, buyer: true },
];

let world: World & { paidTicketId: number };
/** The unsubscribe link of an address that got the organizer's follow-up (the page asks before it unsubscribes). */
let unsubscribeToken: string;
/** Text of each screen in English, to catch interface text that is not translated at all (not in the catalog). */
const englishTexts = new Map<string, Set<string>>();

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  world = await buildWorld(request);
  unsubscribeToken = (
    await serverControl<{ token: string }>('/contacts/link', {
      organizer_id: world.organizerId,
      email: 'sweep-follow-up@example.test',
    })
  ).token;
});

/** Requests in flight per page, and when the last one started or ended (see `quiet`). */
const traffic = new WeakMap<Page, { pending: Set<Request>; last: number }>();
function track(page: Page): Page {
  const t = { pending: new Set<Request>(), last: Date.now() };
  traffic.set(page, t);
  const counted = (r: Request) => !['eventsource', 'websocket'].includes(r.resourceType());
  page.on('request', (r) => void (counted(r) && (t.pending.add(r), (t.last = Date.now()))));
  const ended = (r: Request) => void (counted(r) && (t.pending.delete(r), (t.last = Date.now())));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return page;
}

/** No request in flight for 100 ms (what `networkidle` means, without its fixed 500 ms on every screen). */
const isQuiet = (t: { pending: Set<Request>; last: number }) => t.pending.size === 0 && Date.now() - t.last >= 100;

const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]';

/** What is still loading: requests in flight and loaders on the page (for a failure's message). */
async function stillLoading(page: Page): Promise<string> {
  const requests = [...(traffic.get(page)?.pending ?? [])].map((r) => `${r.method()} ${r.url()}`);
  const loaders = await page
    .locator(LOADING)
    .evaluateAll((els) =>
      els.map(
        (el) =>
          el.closest('[data-testid],[aria-label],section')?.getAttribute('data-testid') ??
          el.closest('[aria-label]')?.getAttribute('aria-label') ??
          el.closest('section')?.getAttribute('aria-labelledby') ??
          el.className,
      ),
    )
    .catch(() => []);
  return `requests in flight: ${requests.join(', ') || 'none'}; loaders: ${loaders.join(', ') || 'none'}`;
}

/**
 * Waits until a screen has loaded: no request in flight and no loader or skeleton, both at once (a chart
 * loads its code only after its figures arrive, so a quiet moment alone is not the end), then fonts and
 * animations settled.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  const t = traffic.get(page)!;
  const loaders = page.locator(LOADING);
  await expect
    .poll(async () => isQuiet(t) && (await loaders.count()) === 0, {
      intervals: [25, 50, 100],
      timeout: 30_000,
      message: `the screen did not settle at ${page.url()}`,
    })
    .toBe(true)
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await stillLoading(page)}`);
    });
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await notificationsGone(page);
}

/** The organizer's app: its screens are reached inside it, as a person clicking through it does. */
const IN_APP = /^\/(manage|account|welcome)(\/|\?|$)/;

/**
 * Opens a screen: inside the organizer's app when the page is already there (the app is not loaded and
 * started again for every screen: most of a screen's time), else by loading its address. A screen after
 * one that opened a dialog, or at the same address, is loaded afresh.
 */
async function openScreen(page: Page, path: string, before: Screen | undefined) {
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  const same = here && `${here.pathname}${here.search}` === path;
  if (!here || !IN_APP.test(here.pathname) || !IN_APP.test(path) || same || before?.open) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** Text that only the data (or the brand, or a language's own name) explains. */
function isData(text: string): boolean {
  if (WORLD_TEXTS.some((d) => (d.length > 3 ? text.includes(d) : text === d))) return true;
  // Generated codes (ticket and order codes, tokens) and the test's e-mail names.
  if (/^[A-Za-z0-9_-]{12,}$/.test(text) && /\d|[a-z][A-Z]/.test(text)) return true;
  if (/^sweep-/.test(text)) return true;
  // Webhook event types as the API names them (order.created): identifiers, not interface text.
  if (/^[a-z_]+\.[a-z_]+$/.test(text)) return true;
  if (/@|https?:|\/|^[\d\s.,:;%€$£+\-–—()#×x/]+$/.test(text)) return true;
  if (
    /^(AdmitOne|English|Deutsch|Français|Español|Português|Português \(Brasil\)|中文|简体中文|中文（简体）)$/.test(text)
  )
    return true;
  // Order and ticket codes, single letters and symbols.
  return /^[A-Z0-9_-]{2,}$/.test(text) || text.length < 2;
}

type Kind = 'axe' | 'english' | 'overflow' | 'format' | 'phone';
type Findings = Record<Kind, { push: (line: string) => void }>;

/** Where each kind of problem is written down (and logged as it is found). */
function note(problems: string[]): Findings {
  const sink = (kind: Kind) => ({
    push: (line: string) => {
      problems.push(`[${kind}] ${line}`);
      console.log(`[${kind}] ${line}`);
    },
  });
  return {
    axe: sink('axe'),
    english: sink('english'),
    overflow: sink('overflow'),
    format: sink('format'),
    phone: sink('phone'),
  };
}

async function checkScreen(
  page: Page,
  locale: SweepLocale,
  screen: Screen,
  leftovers: Set<string>,
  findings: Findings,
  axe: boolean,
) {
  const label = `${locale} ${screen.name}`;
  if (axe) {
    try {
      await expectAccessible(page, label);
    } catch (error) {
      findings.axe.push(
        `${label}: ${(error as Error).message
          .split('\n')
          .filter((l) => l.includes('('))
          .join(' / ')}`,
      );
    }
  }
  const texts = (await visibleTexts(page)).map(normalise);
  if (locale === 'en') {
    englishTexts.set(screen.name, new Set(texts));
  } else {
    const english = englishTexts.get(screen.name) ?? new Set<string>();
    for (const text of texts) {
      if (isData(text)) continue;
      if (leftovers.has(text)) findings.english.push(`${label}: "${text}" (English catalog string)`);
      // Text with a number in it comes from a plural or a count ("2 e-mails" is French too).
      else if (english.has(text) && /[a-z]{3}/.test(text) && !/\d/.test(text) && !sameInBoth(locale, text))
        findings.english.push(`${label}: "${text}" (same as the English page)`);
    }
  }
  for (const o of await findOverflow(page))
    findings.overflow.push(
      `${label} @${page.viewportSize()!.width}px: ${o.kind} <${o.tag}> "${o.text}" (${o.scroll} > ${o.client})`,
    );
  if (page.viewportSize()!.width === PHONE.width) await checkSideScroll(page, label, findings);
}

/** At phone width the page must not scroll sideways; SWEEP_PHONE_SHOTS=<folder> keeps a picture of it. */
async function checkSideScroll(page: Page, label: string, findings: Findings) {
  const scroll = await sideScroll(page);
  if (scroll) findings.phone.push(`${label} @${PHONE.width}px: ${scroll}`);
  const folder = process.env.SWEEP_PHONE_SHOTS;
  if (folder)
    await page.screenshot({ path: path.join(folder, `phone-${label.replace(/\s+/g, '-')}.png`), fullPage: true });
}

/** A new width: media queries answered and the page drawn again, nothing loading. */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await expect(page.locator(LOADING)).toHaveCount(0);
}

const sameCache = new Map<SweepLocale, Set<string>>();
/** Catalog strings translated as themselves in this locale ("Dashboard", "Code"). */
function sameInBoth(locale: SweepLocale, text: string): boolean {
  if (!sameCache.has(locale)) {
    const all = englishStrings();
    const differ = englishLeftovers(locale);
    sameCache.set(locale, new Set([...all].filter((s) => !differ.has(s))));
  }
  return sameCache.get(locale)!.has(text);
}

async function contextFor(browser: Browser, locale: SweepLocale, token: string | null): Promise<BrowserContext> {
  // The browser asks for English in Berlin: the cookie decides the language, the event its time zone.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: DESKTOP });
  await context.addCookies([{ name: 'admitone_locale', value: locale, url: APP }]);
  if (token) await context.addInitScript((t) => localStorage.setItem('admitone.token', t), token);
  return context;
}

/** Prices and dates in the language's own format, in the event's time zone. */
async function checkFormats(pages: Record<Role, Page>, locale: SweepLocale, findings: Findings) {
  const plain = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');
  const money = (minor: number) =>
    plain(
      new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: EVENT.currency }).format(minor / 100),
    );
  const dateTime = (iso: string) =>
    plain(
      new Intl.DateTimeFormat(intlLocale(locale), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: EVENT.timezone,
      }).format(new Date(iso)),
    );
  const pageText = async (page: Page) => plain(await page.locator('body').innerText());

  const admin = pages.admin;
  await admin.goto(ev(world, '/orders'));
  await settle(admin);
  const row = admin.getByTestId('order-row').filter({ hasText: 'Ana' });
  const rowText = plain(await row.innerText());
  for (const expected of [money(world.paidOrder.total), dateTime(world.paidOrder.listedAt)]) {
    if (!rowText.includes(expected))
      findings.format.push(`${locale} orders: "${expected}" not in "${rowText.replace(/\s+/g, ' ')}"`);
  }

  const guest = pages.guest;
  await guest.goto(`/event/${world.eventId}/${EVENT.slug}`);
  await settle(guest);
  const text = await pageText(guest);
  const range = plain(
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: EVENT.timezone,
    }).formatRange(new Date(EVENT.startIso), new Date(Date.parse(EVENT.startIso) + 3.5 * 3600_000)),
  );
  const zone = plain(
    new Intl.DateTimeFormat(intlLocale(locale), { timeZone: EVENT.timezone, timeZoneName: 'short' })
      .formatToParts(new Date(EVENT.startIso))
      .find((p) => p.type === 'timeZoneName')!.value,
  );
  for (const expected of [money(PAID.price), money(1999), money(3575), range, `(${zone})`]) {
    if (!text.includes(expected)) findings.format.push(`${locale} event page: "${expected}" not on the page`);
  }
}

/** The buyer's checkout, step by step, on a fresh reservation: details, payment, and back to the event. */
async function checkCheckout(
  page: Page,
  locale: SweepLocale,
  leftovers: Set<string>,
  findings: Findings,
  shots: boolean,
) {
  const { shortId, token, secret } = await reserve(page.request, world.eventId, world.paidTicketId);
  await page.goto(`/checkout/${world.eventId}/${shortId}/details#token=${token}&secret=${secret}`);
  await settle(page);
  const details: Screen = { name: 'checkout-details', as: 'guest', path: () => '', buyer: true };
  for (const viewport of [DESKTOP, PHONE]) {
    await resize(page, viewport);
    await checkScreen(
      page,
      locale,
      details,
      leftovers,
      findings,
      axeHere(locale, SCREENS.length, true) && viewport === DESKTOP,
    );
  }
  await page.setViewportSize(DESKTOP);
  if (shots) await snapshot(page, `sweep-${locale}-checkout`);
  // The buyer fills in the details and goes on to the payment step.
  const L = catalog(locale);
  const form = page.locator('form');
  await form
    .getByRole('textbox', { name: L('First name'), exact: true })
    .first()
    .fill('Li');
  await form
    .getByRole('textbox', { name: L('Last name'), exact: true })
    .first()
    .fill('Wei');
  await form
    .getByRole('textbox', { name: L('E-mail'), exact: true })
    .first()
    .fill('li.wei@example.test');
  await page.getByRole('button', { name: L('Copy buyer details to all attendees') }).click();
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/payment$/);
  await settle(page);
  const payment: Screen = { name: 'checkout-payment', as: 'guest', path: () => '', buyer: true };
  for (const viewport of [DESKTOP, PHONE]) {
    await resize(page, viewport);
    await checkScreen(
      page,
      locale,
      payment,
      leftovers,
      findings,
      axeHere(locale, SCREENS.length + 1, true) && viewport === DESKTOP,
    );
  }
  await page.setViewportSize(DESKTOP);
  if (shots) await snapshot(page, `sweep-${locale}-checkout-payment`);
}

test('every screen in every language', async ({ browser }) => {
  test.setTimeout(45 * 60_000);
  const problems: string[] = [];
  for (const locale of SWEEP_LOCALES) {
    await test.step(locale, async () => {
      const before = problems.length;
      await sweepLocale(browser, locale, problems);
      console.log(`${locale}: ${problems.length - before} problem(s)`);
    });
  }
  expect(problems, 'problems found').toEqual([]);
});

async function sweepLocale(browser: Browser, locale: SweepLocale, problems: string[]) {
  const leftovers = englishLeftovers(locale);
  const findings = note(problems);
  const contexts = {
    admin: await contextFor(browser, locale, world.admin.token),
    organizer: await contextFor(browser, locale, world.organizer.token),
    door: await contextFor(browser, locale, world.doorStaff.token),
    guest: await contextFor(browser, locale, null),
  };
  const pages = {
    admin: track(await contexts.admin.newPage()),
    organizer: track(await contexts.organizer.newPage()),
    door: track(await contexts.door.newPage()),
    guest: track(await contexts.guest.newPage()),
  } satisfies Record<Role, Page>;
  const L = catalog(locale);
  const shots = SHOT_LOCALES.includes(locale);

  const untranslated = untranslatedStrings(locale);
  /** The screen each page showed last. */
  const lastOn = new Map<Page, Screen>();
  for (const [index, screen] of SCREENS.entries()) {
    if (!sweptIn(locale, !!screen.buyer, !!screen.shot)) {
      // Not rendered in this language: the strings the screen showed in English each have a translation here.
      for (const text of englishTexts.get(screen.name) ?? [])
        if (untranslated.has(text))
          findings.english.push(`${locale} ${screen.name}: "${text}" (no translation in the catalog)`);
      continue;
    }
    const page = pages[screen.as];
    await test.step(screen.name, async () => {
      await openScreen(page, screen.path(world), lastOn.get(page));
      lastOn.set(page, screen);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (screen.open) await screen.open(page, L);
      await checkScreen(
        page,
        locale,
        screen,
        leftovers,
        findings,
        axeHere(locale, index, !!screen.buyer, !!screen.shot),
      );
      // The buyer's pages at a phone's width in each language they are rendered in; the organizer's and the door's main
      // screens in English and German (the longest words), axe'd there too (their cards) in the first.
      const organizerPhone = !!screen.phone && (process.env.SWEEP_ALL === '1' || EVERY_SCREEN.includes(locale));
      if (screen.buyer || organizerPhone) {
        await resize(page, PHONE);
        const label = `${locale} ${screen.name}`;
        const phoneAxe =
          process.env.SWEEP_AXE === 'all' || locale === SWEEP_LOCALES.find((l) => EVERY_SCREEN.includes(l));
        if (organizerPhone && phoneAxe) {
          try {
            await expectAccessible(page, `${label} @${PHONE.width}px`);
          } catch (error) {
            findings.axe.push(
              `${label} @${PHONE.width}px: ${(error as Error).message
                .split('\n')
                .filter((l) => l.includes('('))
                .join(' / ')}`,
            );
          }
        }
        for (const o of await findOverflow(page))
          if (o.kind !== 'page')
            findings.overflow.push(
              `${label} @${PHONE.width}px: ${o.kind} <${o.tag}> "${o.text}" (${o.scroll} > ${o.client})`,
            );
        await checkSideScroll(page, label, findings);
        for (const problem of (await screen.phoneCheck?.(page, L)) ?? [])
          findings.phone.push(`${label} @${PHONE.width}px: ${problem}`);
        await resize(page, DESKTOP);
      }
      if (screen.shot && shots) await snapshot(page, `sweep-${locale}-${screen.name}`);
    });
  }
  await test.step('checkout', () => checkCheckout(pages.guest, locale, leftovers, findings, shots));
  await test.step('formats', () => checkFormats(pages, locale, findings));
  for (const context of Object.values(contexts)) await context.close();
}
