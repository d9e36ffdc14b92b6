import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

import { apiCatalog, catalog } from './catalog';
import { appOrigin, riversideId } from './fixtures';
import { signUpByApi, uniqueEmail } from './support';

/**
 * Which language the interface speaks (SPEC §1, docs/DOMAIN.md "Locale"): the locale cookie, else the
 * logged-in user's saved locale, else the browser's languages, else English. Each case is checked on a
 * logged-in manage screen, on the server-rendered public event page (the HTML as sent, and after
 * hydration) and on an API error message.
 */

const SLUG = 'riverside-open-air';
const TOKEN_KEY = 'admitone.token';

let eventId = 0;
const user = { email: '', password: 'locale-password-1', token: '' };

async function setSavedLocale(request: APIRequestContext, locale: string | null) {
  const res = await request.put('/api/users/me', {
    data: { locale },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.ok()).toBe(true);
}

async function savedLocale(request: APIRequestContext): Promise<string | null> {
  const res = await request.get('/api/users/me', { headers: { authorization: `Bearer ${user.token}` } });
  return ((await res.json()) as { data: { user: { locale: string | null } } }).data.user.locale;
}

test.beforeAll(async ({ request }) => {
  eventId = await riversideId(request);

  user.email = uniqueEmail('locale');
  user.token = (await signUpByApi(request, { name: 'Lena Locale', email: user.email, password: user.password })).token;
});

interface Setup {
  /** The browser's language (navigator.languages and Accept-Language). */
  browserLocale: string;
  loggedIn?: boolean;
  cookie?: string;
}

async function open(
  browser: Browser,
  { browserLocale, loggedIn, cookie }: Setup,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: browserLocale,
    storageState: {
      cookies: cookie
        ? [
            {
              name: 'admitone_locale',
              value: cookie,
              domain: 'localhost',
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ]
        : [],
      origins: loggedIn ? [{ origin: appOrigin(), localStorage: [{ name: TOKEN_KEY, value: user.token }] }] : [],
    },
  });
  // Every value the page's scripts give <html lang>: hydration must not switch the language.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { langWrites: string[] }).langWrites = seen;
    new MutationObserver((records) => {
      for (const r of records) if (r.target === document.documentElement) seen.push(document.documentElement.lang);
    }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  });
  const page = await context.newPage();
  return { context, page };
}

/** A logged-in manage screen (the event list) speaks `locale`. */
async function expectManageIn(page: Page, locale: string) {
  const L = catalog(locale);
  await page.goto('/manage/events');
  await expect(page.getByRole('heading', { name: L('Events'), exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('button', { name: L('Create event') }).first()).toBeVisible();
}

/** The public event page speaks `locale` in the server's HTML and stays in it after hydration. */
async function expectPublicIn(page: Page, locale: string) {
  const L = catalog(locale);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`/event/${eventId}/${SLUG}`);
  const html = await response!.text();
  expect(/<html lang="([^"]+)"/.exec(html)?.[1], 'lang of the server-rendered HTML').toBe(locale);
  // (The heading carries other attributes too: tabindex, so "Get tickets" can move focus to it.)
  const heading = L('Tickets').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(html, 'the server-rendered tickets heading').toMatch(new RegExp(`id="tickets-heading"[^>]*>${heading}<`));
  const tickets = page.getByRole('heading', { name: L('Tickets'), exact: true, level: 2 });
  await expect(tickets).toBeVisible();
  // Hydrated (this document's own mark: the quantity buttons answer), and nothing switched the language.
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(page.getByRole('button', { name: L('Continue') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { langWrites: string[] }).langWrites.length))
    .toBeGreaterThan(0);
  const writes = await page.evaluate(() => (window as unknown as { langWrites: string[] }).langWrites);
  expect(new Set(writes), 'every <html lang> the client set').toEqual(new Set([locale]));
  await expect(tickets).toBeVisible();
  expect(
    errors.filter((e) => /hydrat|#418|#423|#425/i.test(e)),
    'hydration errors',
  ).toEqual([]);
}

/**
 * An API error in this browser (its own Accept-Language and cookies, and the session when logged
 * in) comes in `locale`. (A new unknown address each time: wrong passwords for one address lock it.)
 */
async function expectApiErrorIn(page: Page, locale: string, loggedIn: boolean) {
  const A = apiCatalog(locale);
  const body = await page.evaluate(
    async ({ token }) => {
      const res = token
        ? await fetch('/api/events/999999999', { headers: { authorization: `Bearer ${token}` } })
        : await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.test`, password: 'wrong-password' }),
          });
      return (await res.json()) as { error: { message: string } };
    },
    { token: loggedIn ? user.token : null },
  );
  expect(body.error.message).toBe(A(loggedIn ? 'error.not_found' : 'error.invalid_credentials'));
}

// A language we have, a region that picks another of ours, and one we lack. The whole table of browser
// languages (pt-BR, zh, zh-Hans-CN, ...) is matchLocale's unit test (packages/shared/src/shared.test.ts).
const browserCases: Array<[string, string]> = [
  ['de-DE', 'de'],
  ['pt-PT', 'pt'],
  ['ja-JP', 'en'],
];

test.describe('nothing chosen: the browser language decides', () => {
  test.beforeAll(async ({ request }) => setSavedLocale(request, null));

  for (const [browserLocale, expected] of browserCases) {
    test(`browser ${browserLocale} -> ${expected}`, async ({ browser }) => {
      const { context, page } = await open(browser, { browserLocale, loggedIn: true });
      await expectManageIn(page, expected);
      await expectApiErrorIn(page, expected, true);
      await context.close();

      // A visitor who is not logged in: public page and API error.
      const visitor = await open(browser, { browserLocale });
      await expectPublicIn(visitor.page, expected);
      await expectApiErrorIn(visitor.page, expected, false);
      await visitor.context.close();
    });
  }
});

test("a logged-in user's saved locale beats the browser language", async ({ browser, request }) => {
  await setSavedLocale(request, 'fr');
  const { context, page } = await open(browser, { browserLocale: 'de-DE', loggedIn: true });
  await expectManageIn(page, 'fr');
  await expectApiErrorIn(page, 'fr', true);
  // The buyer pages of the same browser follow the saved locale too, already in the server's HTML.
  await expectPublicIn(page, 'fr');
  await context.close();
});

test('the locale cookie beats the saved locale and the browser language', async ({ browser, request }) => {
  await setSavedLocale(request, 'fr');
  const { context, page } = await open(browser, { browserLocale: 'de-DE', loggedIn: true, cookie: 'es' });
  await expectManageIn(page, 'es');
  await expectApiErrorIn(page, 'es', true);
  await expectPublicIn(page, 'es');
  await context.close();

  const visitor = await open(browser, { browserLocale: 'de-DE', cookie: 'zh-CN' });
  await expectPublicIn(visitor.page, 'zh-CN');
  await expectApiErrorIn(visitor.page, 'zh-CN', false);
  await visitor.context.close();
});

async function localeCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(appOrigin())).find((c) => c.name === 'admitone_locale')?.value;
}

test('the switcher on a buyer page sets the cookie, and the choice survives a reload', async ({ browser }) => {
  const { context, page } = await open(browser, { browserLocale: 'en-US' });
  await expectPublicIn(page, 'en');
  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { name: catalog('pt-BR')('Tickets'), level: 2 })).toBeVisible();
  expect(await localeCookie(context)).toBe('pt-BR');
  await expectPublicIn(page, 'pt-BR');
  await expectApiErrorIn(page, 'pt-BR', false);
  await context.close();
});

test('the switcher in the manage screens sets the cookie and saves the language on the user', async ({
  browser,
  request,
}) => {
  await setSavedLocale(request, 'fr');
  const { context, page } = await open(browser, { browserLocale: 'en-US', loggedIn: true });
  await expectManageIn(page, 'fr');
  const F = catalog('fr');
  await page.getByRole('button', { name: F('Open user menu') }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${F('Language')}`) }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: catalog('de')('Events'), exact: true })).toBeVisible();
  expect(await localeCookie(context)).toBe('de');
  // Saved on the user (SPEC §1: without a cookie, the saved locale is used).
  await expect.poll(() => savedLocale(request)).toBe('de');
  await page.reload();
  await expectManageIn(page, 'de');
  await expectPublicIn(page, 'de');
  await context.close();

  // Another browser without the cookie follows the saved choice.
  const other = await open(browser, { browserLocale: 'en-US', loggedIn: true });
  await expectManageIn(other.page, 'de');
  expect(await localeCookie(other.context)).toBeUndefined();
  await other.context.close();
});
